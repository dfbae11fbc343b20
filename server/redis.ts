import { Redis } from 'ioredis';
import type { Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';

/** One Redis connection per process when REDIS_URL is set; errors are logged by the caller, never thrown at start. */
export async function openRedis(url: string): Promise<Redis> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await client.connect();
  return client;
}

/** Makes rate-limit stores: in process memory by default, in Redis when several processes must share the counts. */
export type RateLimitStores = (name: string) => Store | undefined;

export const memoryRateLimitStores: RateLimitStores = () => undefined;

export function redisRateLimitStores(client: Redis, prefix = 'rl:'): RateLimitStores {
  return (name) =>
    new RedisStore({
      prefix: `${prefix}${name}:`,
      sendCommand: (command: string, ...args: string[]) => client.call(command, ...args) as Promise<RedisReply>,
    });
}
