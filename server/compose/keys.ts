import type { Config } from '../config';
import { persistentSecret } from '../secrets';
import type { AppCredentials } from '../trading/realtime/signature';

/**
 * The keys both tiers must agree on, and the tiers' own secrets: configured, or (one embedded process)
 * made once and kept in the data folder.
 */
export const feedApiKey = (config: Config): string => config.feedApiKey ?? persistentSecret(config.dataDir, 'feed-api-key');

export const realtimeKey = (config: Config): string => config.pusher.key ?? persistentSecret(config.dataDir, 'pusher-app-key');

export const realtimeCredentials = (config: Config): AppCredentials => ({
  key: realtimeKey(config),
  secret: config.pusher.secret ?? persistentSecret(config.dataDir, 'pusher-app-secret'),
});

export const sessionSecret = (config: Config): string => config.sessionSecret ?? persistentSecret(config.dataDir, 'session-secret');
