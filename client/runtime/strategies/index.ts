import { hydrationStrategies, type HydrationStrategy } from '../../../shared/islands';
import { whenIdle } from './idle';
import { whenInteracted } from './interaction';
import { whenLoaded } from './load';
import { whenMedia } from './media';
import { whenVisible } from './visible';

export function parseStrategies(value: string | null): HydrationStrategy[] {
  const names = (value ?? 'load').split(/\s+/).filter(Boolean);
  const unknown = names.filter((name) => !(hydrationStrategies as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`Unknown hydration strategy: ${unknown.join(', ')}`);
  return names.length > 0 ? (names as HydrationStrategy[]) : ['load'];
}

/** Resolves once every named strategy is met (`visible idle` = visible and idle). */
export function waitForStrategies(element: HTMLElement, strategies: readonly HydrationStrategy[], { media }: { media?: string | null } = {}): Promise<void> {
  return Promise.all(
    strategies.map((strategy) => {
      switch (strategy) {
        case 'load':
          return whenLoaded();
        case 'idle':
          return whenIdle();
        case 'visible':
          return whenVisible(element);
        case 'interaction':
          return whenInteracted(element);
        case 'media':
          if (!media) return Promise.reject(new Error('The media strategy needs a media attribute'));
          return whenMedia(media);
      }
    }),
  ).then(() => undefined);
}
