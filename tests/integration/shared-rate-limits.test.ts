import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { openRedis, redisRateLimitStores } from '../../server/redis';
import type { Database } from '../../server/trading/db/database';
import { makeUser } from '../support/factories';
import { startTrading } from '../support/trading';

/** Runs where a Redis server is given (TEST_REDIS_URL; .ci/run sets it when 127.0.0.1:6379 answers). */
describe.runIf(process.env.TEST_REDIS_URL)('login limits shared through Redis', () => {
  let redis: Redis;
  const databases: Database[] = [];

  beforeAll(async () => {
    redis = await openRedis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.close()));
    await redis.quit();
  });

  it('when failures are spread over two API processes, then the limit counts them together', async () => {
    const stores = redisRateLimitStores(redis, `test-${randomBytes(4).toString('hex')}:`);
    const first = await startTrading({ loginRateLimit: 3, rateLimitStores: stores });
    databases.push(first.database);
    const second = await startTrading({ loginRateLimit: 3, rateLimitStores: stores, database: first.database });
    const person = await makeUser(first.database.db);
    const apps = [first.app, second.app, first.app];
    for (const app of apps) {
      expect((await request(app).post('/api/v1/auth/login').send({ email: person.email, password: 'wrong-password' })).status).toBe(422);
    }
    const blocked = await request(second.app).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
    expect(blocked.status).toBe(429);
  });

  it('when someone hammers an address through both processes, then they are slowed on both and the owner still signs in on either', async () => {
    const stores = redisRateLimitStores(redis, `test-${randomBytes(4).toString('hex')}:`);
    const first = await startTrading({ loginRateLimit: 2, rateLimitStores: stores });
    databases.push(first.database);
    const second = await startTrading({ loginRateLimit: 2, rateLimitStores: stores, database: first.database });
    const owner = await makeUser(first.database.db);
    const attempt = (app: typeof first.app, from: string, password: string) => request(app).post('/api/v1/auth/login').set('X-Forwarded-For', from).send({ email: owner.email, password });
    expect((await attempt(first.app, '203.0.113.5', 'guess-1')).status).toBe(422);
    expect((await attempt(second.app, '203.0.113.5', 'guess-2')).status).toBe(422);
    for (const app of [first.app, second.app]) {
      const slowed = await attempt(app, '203.0.113.5', owner.password);
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await attempt(second.app, '198.51.100.77', owner.password)).status).toBe(200);
    expect((await attempt(first.app, '198.51.100.77', owner.password)).status).toBe(200);
    // And a client trying many addresses is slowed on both after five times the limit (10) over all of them.
    const others = await Promise.all(Array.from({ length: 10 }, () => makeUser(first.database.db)));
    const statuses: number[] = [];
    for (const [i, person] of others.entries()) {
      const app = i % 2 === 0 ? first.app : second.app;
      statuses.push((await request(app).post('/api/v1/auth/login').set('X-Forwarded-For', '203.0.113.6').send({ email: person.email, password: 'Winter2024!' })).status);
    }
    expect(statuses).toEqual(Array(10).fill(422));
    expect((await request(second.app).post('/api/v1/auth/login').set('X-Forwarded-For', '203.0.113.6').send({ email: owner.email, password: owner.password })).status).toBe(429);
    expect((await request(first.app).post('/api/v1/auth/login').set('X-Forwarded-For', '203.0.113.6').send({ email: owner.email, password: owner.password })).status).toBe(429);
  });
});
