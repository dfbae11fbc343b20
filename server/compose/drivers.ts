import type { Redis } from 'ioredis';
import { createTransport } from 'nodemailer';
import { ConfigError, type Config } from '../config';
import type { Logger } from '../logger';
import { memoryRateLimitStores, oncePerOutage, openRedis, redisRateLimitStores, reportOutages, type RateLimitStores } from '../redis';
import { LocalBus, type Bus, type Topic } from '../trading/bus';
import type { AppDb } from '../trading/db/database';
import { folderStore, type FileStore } from '../trading/files/file-store';
import { createMailer, type Mailer } from '../trading/mail/mailer';
import type { Instrument } from '../trading/market/instruments';
import type { PriceSource } from '../trading/market/price-source';
import { PriceSimulator } from '../trading/market/simulator';
import { UpstreamFeedSource } from '../trading/market/upstream-source';
import { LocalPresenceDirectory, RedisPresenceDirectory, type PresenceDirectory } from '../trading/realtime/presence-directory';
import { RedisBus } from '../trading/redis-bus';

/**
 * One factory per piece of infrastructure, each with its drivers, chosen once from the config. An
 * unknown driver stops the start (a `ConfigError`), it is never a log line.
 */
export interface Drivers {
  /** The event bus: in process, or Redis pub/sub between trading processes. */
  bus: 'local' | 'redis';
  /** Presence channel members: this process's sockets, or the cluster's through Redis. */
  presence: 'local' | 'redis';
  /** Rate-limit counts: process memory, or Redis shared by every process. */
  rateLimits: 'memory' | 'redis';
  /** Chat attachments' bytes: a folder (outside the web root). */
  files: 'folder';
  /** Outgoing mail: the outbox table only, or the outbox and SMTP. */
  mail: 'outbox' | 'smtp';
  /** Where prices come from when this process leads. */
  prices: 'simulator' | 'upstream';
}

export function chooseDrivers(config: Config): Drivers {
  const shared = config.redisUrl ? 'redis' : 'local';
  return {
    bus: shared,
    presence: shared,
    rateLimits: config.redisUrl ? 'redis' : 'memory',
    files: 'folder',
    mail: config.mail.smtpUrl ? 'smtp' : 'outbox',
    prices: config.prices.source,
  };
}

export class UnknownDriverError extends ConfigError {
  override name = 'UnknownDriverError';
  constructor(what: keyof Drivers, driver: never) {
    super(`Unknown ${what} driver "${String(driver)}"`);
  }
}

/** Whether any chosen driver needs the process's Redis connection. */
export const needsRedis = (drivers: Drivers) => Object.values(drivers).includes('redis');

/**
 * The process's one Redis connection (REDIS_URL). Redis must answer at start; afterwards an outage is
 * logged once (lost, back), commands fail at once while it lasts, and each driver degrades as its own
 * factory below says (README, "When Redis is down").
 */
export async function connectRedis(config: Config, logger: Logger): Promise<Redis> {
  if (!config.redisUrl) throw new ConfigError('Invalid configuration:\n  REDIS_URL: is required by the chosen drivers');
  const redis = await openRedis(config.redisUrl);
  reportOutages(redis, logger);
  redisLoggers.set(redis, logger);
  return redis;
}

/** The logger of each connection `connectRedis` made: the drivers on it report their degraded modes there. */
const redisLoggers = new WeakMap<Redis, Logger>();

const redisFor = (redis: Redis | undefined, what: keyof Drivers): Redis => {
  if (!redis) throw new ConfigError(`Invalid configuration:\n  REDIS_URL: is required by the Redis ${what} driver`);
  return redis;
};

export async function openBus(driver: Drivers['bus'], { redis, logger }: { redis: Redis | undefined; logger: Logger }): Promise<Bus> {
  const onError = (error: unknown, topic: Topic) => logger.error({ err: error, topic }, 'bus subscriber failed');
  switch (driver) {
    case 'local':
      return new LocalBus(onError);
    case 'redis':
      // Events for the other processes are held while Redis is away and sent when it is back.
      return RedisBus.open(redisFor(redis, 'bus'), { onError, logger });
    default:
      throw new UnknownDriverError('bus', driver);
  }
}

/** Calls `listener` whenever the bus came back from an outage in which events may have been lost (never, in process). */
export function onBusReconnect(bus: Bus, listener: () => void): void {
  if (bus instanceof RedisBus) bus.onReconnect(listener);
}

export function openPresenceDirectory(
  driver: Drivers['presence'],
  { redis, node, onGone }: { redis: Redis | undefined; node: string; onGone: (channel: string, userId: string) => void },
): PresenceDirectory {
  switch (driver) {
    case 'local':
      return new LocalPresenceDirectory();
    case 'redis': {
      // Presence subscriptions are refused while Redis is away; clients are asked to reconnect once it is back.
      const client = redisFor(redis, 'presence');
      const onError = oncePerOutage(client, (error) => redisLoggers.get(client)?.warn({ err: error }, 'presence: Redis does not answer; presence channels are unavailable until it does'));
      return new RedisPresenceDirectory(client, node, 90, onGone, onError);
    }
    default:
      throw new UnknownDriverError('presence', driver);
  }
}

export function openRateLimitStores(driver: Drivers['rateLimits'], { redis }: { redis: Redis | undefined }): RateLimitStores {
  switch (driver) {
    case 'memory':
      return memoryRateLimitStores;
    case 'redis': {
      // Counted in this process while Redis is away: limits never vanish, a request never fails for it.
      const client = redisFor(redis, 'rateLimits');
      return redisRateLimitStores(client, 'rl:', redisLoggers.get(client));
    }
    default:
      throw new UnknownDriverError('rateLimits', driver);
  }
}

export function openFileStore(driver: Drivers['files'], { dir }: { dir: string }): FileStore {
  switch (driver) {
    case 'folder':
      return folderStore(dir);
    default:
      throw new UnknownDriverError('files', driver);
  }
}

export function openMailer(driver: Drivers['mail'], { db, config, logger }: { db: AppDb; config: Config; logger: Logger }): Mailer {
  switch (driver) {
    case 'outbox':
      return createMailer({ db, from: config.mail.from, logger });
    case 'smtp': {
      if (!config.mail.smtpUrl) throw new ConfigError('Invalid configuration:\n  SMTP_URL: is required by the SMTP mail driver');
      return createMailer({ db, transport: createTransport(config.mail.smtpUrl), from: config.mail.from, logger });
    }
    default:
      throw new UnknownDriverError('mail', driver);
  }
}

/**
 * The leader's price source: the simulator (from `startPrices`) or the upstream feed. Made when the
 * process takes the lead, so it carries on from the prices it followed until then.
 */
export function openPriceSource(
  driver: Drivers['prices'],
  { config, instruments, startPrices, logger }: { config: Config; instruments: readonly Instrument[]; startPrices: ReadonlyMap<number, string>; logger: Logger },
): PriceSource {
  switch (driver) {
    case 'simulator':
      return new PriceSimulator({ instruments, startPrices });
    case 'upstream': {
      const { url, key } = config.prices;
      if (!url || !key) throw new ConfigError('Invalid configuration:\n  PRICE_FEED_URL, PRICE_FEED_KEY: are required when PRICE_SOURCE=upstream');
      return new UpstreamFeedSource({ url, apiKey: key, instruments, logger });
    }
    default:
      throw new UnknownDriverError('prices', driver);
  }
}
