import { Redis, type RedisOptions } from 'ioredis';
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Logger } from './logger';

/**
 * How every connection to Redis behaves while Redis is away: a command fails at once instead of waiting
 * in ioredis's offline queue (which grows with every request and answers them late, or all at once when
 * Redis returns), one that got no answer fails after a second, and the connection is tried again every
 * second at most, so the process is back within about a second of Redis.
 */
export const redisConnectionOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 1_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 100, 1_000),
} satisfies RedisOptions;

/** Redis did not answer when the process started: it exits (1) and its supervisor starts it again. */
export class RedisUnavailable extends Error {
  override name = 'RedisUnavailable';
  constructor(url: string, cause: unknown) {
    const where = new URL(url);
    super(`Redis at ${where.host} does not answer (${cause instanceof Error ? cause.message : String(cause)}): REDIS_URL must answer when a process starts`, { cause });
  }
}

/**
 * One Redis connection per process when REDIS_URL is set. It must answer now (else `RedisUnavailable`,
 * and no reconnection goes on behind); later outages are the caller's to log (`reportOutages`).
 */
export async function openRedis(url: string): Promise<Redis> {
  const client = new Redis(url, redisConnectionOptions);
  let firstError: unknown;
  const remember = (error: unknown) => (firstError ??= error);
  client.on('error', remember);
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new RedisUnavailable(url, firstError ?? error);
  } finally {
    client.off('error', remember);
  }
  return client;
}

/**
 * Logs a connection's outages once each: when it is lost (with the first error) and when it is back
 * (with how long it was away), never each failed reconnection attempt. Also keeps ioredis from printing
 * "Unhandled error event" for connections that had no error listener.
 */
export function reportOutages(client: Redis, logger: Pick<Logger, 'error' | 'info'>, what = 'Redis'): void {
  let downSince: number | undefined;
  const lost = (error?: unknown) => {
    if (downSince !== undefined) return;
    downSince = Date.now();
    logger.error({ err: error }, `${what}: connection lost; retrying every second`);
  };
  client.on('error', (error: unknown) => lost(error));
  client.on('reconnecting', () => lost());
  client.on('ready', () => {
    if (downSince === undefined) return;
    logger.info({ downMs: Date.now() - downSince }, `${what}: connection back`);
    downSince = undefined;
  });
}

/** Reports only the first error after the connection was (re)established: one line per outage, not one per failed call. */
export function oncePerOutage(client: Pick<Redis, 'on'>, report: (error: unknown) => void): (error: unknown) => void {
  let reported = false;
  client.on('ready', () => (reported = false));
  return (error) => {
    if (reported) return;
    reported = true;
    report(error);
  };
}

/** Makes rate-limit stores: in process memory by default, in Redis when several processes must share the counts. */
export type RateLimitStores = (name: string) => Store | undefined;

export const memoryRateLimitStores: RateLimitStores = () => undefined;

/**
 * Counts shared by every process through Redis, and counted in this process while Redis does not answer
 * (see `RedisOrMemoryStore`): a limit never vanishes and a request never fails because Redis is away.
 */
export function redisRateLimitStores(client: Redis, prefix = 'rl:', logger?: Pick<Logger, 'warn' | 'info'>): RateLimitStores {
  const fallback = new FallbackNotice(logger);
  return (name) =>
    new RedisOrMemoryStore(
      () =>
        new RedisStore({
          prefix: `${prefix}${name}:`,
          sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
        }),
      client,
      fallback,
    );
}

/** Says once per outage that limits are counted per process, and once that they are shared again. */
class FallbackNotice {
  private active = false;

  constructor(private readonly logger: Pick<Logger, 'warn' | 'info'> | undefined) {}

  started(error: unknown): void {
    if (this.active) return;
    this.active = true;
    this.logger?.warn({ err: error }, 'rate limits: Redis does not answer, counting in this process until it does');
  }

  ended(): void {
    if (!this.active) return;
    this.active = false;
    this.logger?.info('rate limits: counted in Redis again');
  }
}

/** After a failed command, how long requests count in memory before Redis is tried again (a Redis that hangs costs one request a second its timeout). */
const retryRedisAfterMs = 1_000;

/**
 * A rate-limit store that counts in Redis and, while Redis cannot answer, in this process's memory: the
 * limits stay (per process, so a client may get one limit's worth from each process during an outage)
 * instead of failing the request (a 500) or letting everything through. Counts made in memory are not
 * carried over to Redis. A fresh Redis store is made after an outage: `rate-limit-redis` keeps a failed
 * script load for good, and a restarted Redis has forgotten the scripts anyway.
 */
export class RedisOrMemoryStore implements Store {
  readonly localKeys = false;
  readonly prefix: string | undefined;
  private readonly memory = new MemoryStore();
  private redis: Store;
  private options: Options | undefined;
  private failedAt: number | undefined;

  constructor(
    private readonly makeRedisStore: () => Store,
    private readonly client: Pick<Redis, 'status'>,
    private readonly notice: FallbackNotice = new FallbackNotice(undefined),
  ) {
    this.redis = makeRedisStore();
    this.prefix = this.redis.prefix;
  }

  init(options: Options): void {
    this.options = options;
    this.memory.init(options);
    this.initRedis();
  }

  private initRedis(): void {
    if (!this.options) return;
    void Promise.resolve(this.redis.init?.(this.options)).catch((error: unknown) => this.failed(error));
  }

  /** Redis is tried when the connection is up and no command failed within the last second. */
  private get redisUsable(): boolean {
    if (this.client.status !== 'ready') {
      this.failedAt ??= Date.now();
      return false;
    }
    if (this.failedAt === undefined) return true;
    if (Date.now() - this.failedAt < retryRedisAfterMs) return false;
    // Back (or worth another try): a new store, so its scripts load afresh.
    this.failedAt = undefined;
    this.redis = this.makeRedisStore();
    this.initRedis();
    return true;
  }

  private failed(error: unknown): void {
    this.failedAt = Date.now();
    this.notice.started(error);
  }

  private async either<T>(work: (store: Store) => Promise<T> | T): Promise<T> {
    if (this.redisUsable) {
      try {
        const result = await work(this.redis);
        this.notice.ended();
        return result;
      } catch (error) {
        this.failed(error);
      }
    } else this.notice.started(new Error(`the Redis connection is ${this.client.status}`));
    return work(this.memory);
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.either((store) => store.increment(key));
  }

  decrement(key: string): Promise<void> {
    return this.either((store) => store.decrement(key));
  }

  resetKey(key: string): Promise<void> {
    return this.either((store) => store.resetKey(key));
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either((store) => store.get?.(key));
  }

  shutdown(): void {
    this.memory.shutdown();
  }
}
