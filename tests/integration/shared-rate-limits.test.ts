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
});
