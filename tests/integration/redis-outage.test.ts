import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import request from 'supertest';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openRedis, redisRateLimitStores, RedisUnavailable, reportOutages } from '../../server/redis';
import { RedisBus } from '../../server/trading/redis-bus';
import { RedisPresenceDirectory } from '../../server/trading/realtime/presence-directory';
import type { Database } from '../../server/trading/db/database';
import { makeUser } from '../support/factories';
import { startTrading } from '../support/trading';
import { PrivateRedis } from '../faults/support/redis';
import { sleep } from '../support/wait';

/**
 * What each Redis driver does while Redis is away and when it is back (README, "When Redis is down"),
 * on a Redis of the test's own, stopped and started again (never the machine's). Runs where Redis is
 * given (TEST_REDIS_URL, as the other Redis suites) and `redis-server` is installed; the whole story with
 * two real processes is tests/faults/redis-outage.test.ts.
 */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** How long the tests wait for a connection, delivery or limit to come back. */
const recovery = { timeout: 8_000, interval: 50 };

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined };

describe.runIf(process.env.TEST_REDIS_URL && PrivateRedis.available())('Redis outage: each driver degrades and recovers', () => {
  let redis: PrivateRedis;
  const clients: Redis[] = [];
  const databases: Database[] = [];
  const connect = async () => {
    const client = await openRedis(redis.url);
    reportOutages(client, silent);
    clients.push(client);
    return client;
  };
  const outage = async (during: () => Promise<void>) => {
    await redis.stop();
    await vi.waitUntil(() => clients.every((client) => client.status !== 'ready'), recovery);
    await during();
    await redis.start();
    await vi.waitUntil(() => clients.every((client) => client.status === 'ready'), recovery);
  };

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await Promise.all(databases.map((db) => db.close()));
    await redis.stop();
  });

  it('when Redis is down, then sign-in limits count in the process (no 500, still a 429), /readyz says why, and the counts go back to Redis after', async () => {
    const client = await connect();
    const prefix = `outage-${randomBytes(4).toString('hex')}:`;
    const stack = await startTrading({ loginRateLimit: 3, rateLimitStores: redisRateLimitStores(client, prefix, silent), pingRedis: () => client.ping() });
    databases.push(stack.database);
    const person = await makeUser(stack.database.db);
    const guess = (email: string) => request(stack.app).post('/api/v1/auth/login').set('X-Forwarded-For', '203.0.113.20').send({ email, password: 'wrong-password' });
    expect((await request(stack.app).get('/readyz')).status).toBe(200);

    await outage(async () => {
      const started = Date.now();
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await guess(person.email)).status);
      expect(statuses).toEqual([422, 422, 422, 429]);
      expect(Date.now() - started).toBeLessThan(4_000);
      const ready = await request(stack.app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'redis unavailable' });
    });

    expect((await request(stack.app).get('/readyz')).status).toBe(200);
    // Each try is a failed sign-in from one address: a try every quarter second stays under that address's limit.
    await vi.waitUntil(
      async () => {
        const other = await makeUser(stack.database.db);
        expect((await guess(other.email)).status).toBe(422);
        return (await client.keys(`${prefix}*`)).length > 0;
      },
      { ...recovery, interval: 250 },
    );
  });

  it('when Redis is down, then the bus delivers inside the process and holds the rest, sent once Redis is back (prices excepted), and the subscription comes back by itself', async () => {
    const channel = `outage-bus-${randomBytes(4).toString('hex')}`;
    const a = await RedisBus.open(await connect(), { channel, logger: silent });
    const b = await RedisBus.open(await connect(), { channel, logger: silent });
    const onA: number[] = [];
    const onB: number[] = [];
    const ticksOnB: unknown[] = [];
    let reconnectsOfB = 0;
    b.onReconnect(() => (reconnectsOfB += 1));
    a.subscribe('user.updated', ({ userId }) => onA.push(userId));
    b.subscribe('user.updated', ({ userId }) => onB.push(userId));
    b.subscribe('market.ticks', (ticks) => ticksOnB.push(ticks));

    await outage(async () => {
      a.publish('user.updated', { userId: 1 });
      a.publish('market.ticks', [{ assetId: 1, mid: '1.10000', time: 1 }]);
      a.publish('user.updated', { userId: 2 });
      expect(onA).toEqual([1, 2]);
      await sleep(200);
      expect(onB).toEqual([]);
    });

    await vi.waitUntil(() => onB.length === 2, recovery);
    expect(onB).toEqual([1, 2]);
    expect(ticksOnB).toEqual([]);
    // B announces itself back once its own publishing connection has settled, which may be after A's held
    // events reached it (each side waits out a reconnection attempt on its own clock).
    await vi.waitUntil(() => reconnectsOfB > 0, recovery);
    expect(reconnectsOfB).toBe(1);
    a.publish('market.ticks', [{ assetId: 1, mid: '1.20000', time: 2 }]);
    await vi.waitUntil(() => ticksOnB.length === 1, recovery);
    await a.close();
    await b.close();
  });

  it('when Redis is down, then presence refuses joins but answers a member list without failing', async () => {
    const errors: unknown[] = [];
    const directory = new RedisPresenceDirectory(await connect(), `node-${randomBytes(4).toString('hex')}`, 90, undefined, (error) => errors.push(error));
    const presenceChannel = `presence-outage-${randomBytes(4).toString('hex')}`;
    await directory.join(presenceChannel, '1', { name: 'one' });
    await outage(async () => {
      await expect(directory.members(presenceChannel)).resolves.toEqual(new Map());
      await expect(directory.join(presenceChannel, '2', {})).rejects.toThrow();
      expect(errors.length).toBeGreaterThan(0);
    });
    directory.close();
  });

  it('when Redis goes away and comes back, then the connection says so once each way, not once per attempt', async () => {
    const lines: string[] = [];
    const client = await openRedis(redis.url);
    clients.push(client);
    reportOutages(client, { error: (_: unknown, message?: string) => lines.push(`error ${message}`), info: (_: unknown, message?: string) => lines.push(`info ${message}`) } as never);
    await outage(() => sleep(2_500));
    expect(lines).toEqual(['error Redis: connection lost; retrying every second', 'info Redis: connection back']);
  });

  it('when Redis does not answer at start, then opening it fails at once, naming the host and not the password', async () => {
    const nobody = `redis://user:secret-password@127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const opening = openRedis(nobody);
    await expect(opening).rejects.toBeInstanceOf(RedisUnavailable);
    await expect(opening).rejects.toThrow(/127\.0\.0\.1:\d+ does not answer/);
    await expect(opening).rejects.not.toThrow(/secret-password/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
