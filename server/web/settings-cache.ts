import type { SiteSettings } from '../../shared/api/settings.schema';
import type { CallContext, TradingClient } from './trading-client';

/**
 * Site settings are the same for everyone and read on every page, so they are kept for a few seconds.
 * Concurrent misses share one request; failures are never cached; `refresh` is what Check Status uses.
 */
export function createSettingsCache(client: Pick<TradingClient, 'settings'>, ttlMs: number) {
  let cached: { value: SiteSettings; at: number } | undefined;
  let inFlight: Promise<SiteSettings> | undefined;

  function load(ctx: CallContext): Promise<SiteSettings> {
    inFlight ??= client
      .settings(ctx)
      .then((value) => {
        cached = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    get(ctx: CallContext): Promise<SiteSettings> {
      if (cached && Date.now() - cached.at < ttlMs) return Promise.resolve(cached.value);
      return load(ctx);
    },
    refresh(ctx: CallContext): Promise<SiteSettings> {
      cached = undefined;
      return load(ctx);
    },
  };
}
export type SettingsCache = ReturnType<typeof createSettingsCache>;
