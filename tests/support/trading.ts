import type { Express } from 'express';
import request from 'supertest';
import { createLogger } from '../../server/logger';
import { createTradingApp } from '../../server/trading/app';
import type { Database } from '../../server/trading/db/database';
import type { TradingDeps } from '../../server/trading/deps';
import { createTestDatabase } from './database';
import type { TestPerson } from './factories';

export const silentLogger = createLogger({ level: 'silent', name: 'test' });

/** A trading app on a fresh test database (or on `overrides.database`, to run two apps on one database). */
export async function startTrading(overrides: Partial<TradingDeps> = {}): Promise<{ app: Express; database: Database }> {
  const database = overrides.database ?? (await createTestDatabase());
  const app = createTradingApp({
    database,
    logger: silentLogger,
    tokenTtlHours: 1,
    loginRateLimit: 10,
    trustProxy: 'loopback',
    ...overrides,
  });
  return { app, database };
}

export async function tokenFor(app: Express, person: Pick<TestPerson, 'email' | 'password'>): Promise<string> {
  const res = await request(app).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { token: string } }).data.token;
}
