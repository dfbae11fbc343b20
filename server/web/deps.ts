import type { TrustProxy } from '../config';
import type { Logger } from '../logger';
import type { AssetPipeline } from './assets';
import type { TradingClient } from './trading-client';

/** What the web tier needs; it reaches data only through `api` (the trading API's HTTP contract). */
export interface WebDeps {
  logger: Logger;
  api: TradingClient;
  assets: AssetPipeline;
  sessionSecret: string;
  sessionMaxAgeHours: number;
  settingsCacheMs: number;
  trustProxy: TrustProxy;
  /** See Config.metricsToken. */
  metricsToken: string | undefined;
  /** The price feed's api key, added by the proxy to `/socket.io` upgrades. */
  feedApiKey: string;
  /** The realtime app's public key, which signed-in pages connect with (never the secret). */
  realtimeKey: string;
  /** The site's public origin when it is known (behind a proxy, for the Origin check and TLS-only headers). */
  publicOrigin: string | undefined;
  dev: boolean;
}
