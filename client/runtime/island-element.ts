import { createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { islandAttrs, islandErrorEvent, islandTag } from '../../shared/islands';
import type { IslandDefinition } from './define-island';
import { Committed, hydrationStarted } from './hydration';
import { parseStrategies, waitForStrategies } from './strategies';
import { TranslationBoundary } from './translation-boundary';

export type IslandLoader = () => Promise<{ default: IslandDefinition<object> }>;
export type IslandRegistry = Readonly<Record<string, IslandLoader>>;

/** Reports an island that could not hydrate; its server HTML stays on the page. */
function reportFailure(element: HTMLElement, name: string, error: unknown): void {
  element.setAttribute(islandAttrs.failed, '');
  element.dispatchEvent(new CustomEvent(islandErrorEvent, { bubbles: true, detail: { name, error } }));
  console.error(`Island "${name}" failed to hydrate; keeping its server HTML.`, error);
}

/** Hydrates one island; resolves with its React root (to unmount when the element leaves the page), or null when it failed. */
export async function hydrateIsland(element: HTMLElement, registry: IslandRegistry): Promise<Root | null> {
  const name = element.getAttribute(islandAttrs.name) ?? '';
  // Counted as hydrating from the moment its strategies are met until committed or failed (see ./hydration).
  let finished: () => void = () => undefined;
  try {
    await waitForStrategies(element, parseStrategies(element.getAttribute(islandAttrs.client)), {
      media: element.getAttribute(islandAttrs.media),
    });
    finished = hydrationStarted();
    const load = registry[name];
    if (!load) throw new Error(`No island is registered under "${name}"`);
    const { default: island } = await load();
    const props = island.props.parse(JSON.parse(element.getAttribute(islandAttrs.props) ?? '{}'));
    const serverHtml = element.innerHTML;
    // Marked hydrated once React has committed it (its handlers attached), not when hydration is only scheduled.
    const committed = () => {
      finished();
      element.setAttribute(islandAttrs.hydrated, '');
    };
    const root = hydrateRoot(element, createElement(Committed, { onCommit: committed }, createElement(TranslationBoundary, null, createElement(island.component, props))), {
      onUncaughtError(error) {
        finished();
        queueMicrotask(() => {
          root.unmount();
          element.innerHTML = serverHtml;
          reportFailure(element, name, error);
        });
      },
      onRecoverableError(error) {
        console.warn(`Island "${name}" recovered from a hydration error`, error);
      },
    });
    return root;
  } catch (error) {
    finished();
    reportFailure(element, name, error);
    return null;
  }
}

/**
 * Defines `<app-island>`: each one waits for its strategies, loads its chunk and hydrates itself; one taken off the
 * page (a region rendered again in place: client/forms/regions.ts) unmounts, so its effects and subscriptions end.
 */
export function defineIslandElement(registry: IslandRegistry): void {
  if (customElements.get(islandTag)) return;
  customElements.define(
    islandTag,
    class extends HTMLElement {
      private started = false;
      private root: Promise<Root | null> | null = null;
      connectedCallback(): void {
        if (this.started) return;
        this.started = true;
        this.root = hydrateIsland(this, registry);
      }
      disconnectedCallback(): void {
        // A move within the page disconnects and connects again at once: only an element still away unmounts.
        queueMicrotask(() => {
          if (!this.isConnected) void this.root?.then((root) => root?.unmount());
        });
      }
    },
  );
}
