import type { Server } from 'node:http';
import type { Config } from '../config';
import { listen } from '../listen';
import { createLogger, type Logger } from '../logger';
import { createWebApp, type WebApp } from '../web/app';
import { builtAssets, devAssets, type AssetPipeline } from '../web/assets';
import { createTradingClient } from '../web/trading-client';
import type { InProcessApi } from '../web/proxy';
import { feedApiKey, realtimeKey, sessionSecret } from './keys';
import type { Lifecycle } from './lifecycle';

/** The page assets, chosen once by config: Vite's dev server with hot reload, or the built client. */
export const openAssets = (config: Config): Promise<AssetPipeline> => (config.env === 'development' ? devAssets() : builtAssets());

export interface WebOverrides {
  /** The page assets: `openAssets(config)` in a process, stand-ins in tests. */
  assets: AssetPipeline;
  logger?: Logger;
  /** Where the trading API answers (default: the configured TRADING_API_URL or this process's own API port). */
  apiUrl?: string;
  /** The API's app, when it runs in this process: the pages' calls are handed to it rather than proxied (docs/access.md#api-proxy). */
  inProcessApi?: InProcessApi;
  /** How long a call to the API may take. */
  apiTimeoutMs?: number;
  /** Where the tier registers its server and close (a process's or a test stack's stop). */
  lifecycle?: Lifecycle;
}

export interface WebTier {
  readonly app: WebApp;
  /** Proxies the price feed's and the realtime sockets' upgrades on this HTTP server to the API. */
  attach(server: Server): void;
  /** Listens on `port` (0: any free one), attaches, and (with a lifecycle) registers the server to be closed. */
  listen(port: number, host: string): Promise<{ server: Server; port: number }>;
  /** Closes the assets (Vite's dev server). */
  close(): Promise<void>;
}

/**
 * The web tier of one process: server-rendered pages and the proxy to the trading API, which it reaches
 * only through the API's HTTP contract: over HTTP (`apiUrl`), or, for the pages' own calls, handed to its app in this
 * process (`inProcessApi`). Shared with the tests, which give stand-in assets.
 */
export function composeWeb(config: Config, overrides: WebOverrides): WebTier {
  const { assets, lifecycle } = overrides;
  lifecycle?.onClose(() => assets.close());
  const app = createWebApp({
    logger: overrides.logger ?? createLogger({ level: config.logLevel, name: 'web' }),
    api: createTradingClient({ baseUrl: overrides.apiUrl ?? config.api.url, timeoutMs: overrides.apiTimeoutMs, inProcess: overrides.inProcessApi }),
    assets,
    sessionSecret: sessionSecret(config),
    sessionMaxAgeHours: config.tokenTtlHours,
    settingsCacheMs: config.settingsCacheMs,
    trustProxy: config.trustProxy.web,
    metricsToken: config.metricsToken,
    feedApiKey: feedApiKey(config),
    realtimeKey: realtimeKey(config),
    publicOrigin: config.web.publicOrigin,
    dev: config.env === 'development',
  });
  const tier: WebTier = {
    app,
    attach(server) {
      server.on('upgrade', app.handleUpgrade);
    },
    async listen(port, host) {
      const listening = await listen(app, port, host);
      lifecycle?.addServer(listening.server);
      tier.attach(listening.server);
      return listening;
    },
    close: () => assets.close(),
  };
  return tier;
}
