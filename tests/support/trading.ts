import type { Express } from 'express';
import request from 'supertest';
import { createLogger } from '../../server/logger';
import { createTradingApp } from '../../server/trading/app';
import { marketsOpenAt } from './clock';
import type { Database } from '../../server/trading/db/database';
import type { TradingDeps } from '../../server/trading/deps';
import { LocalBus } from '../../server/trading/bus';
import type { Market } from '../../server/trading/market/market';
import { ManualPriceSource } from '../../server/trading/market/price-source';
import { openMarket } from '../../server/trading/market/start';
import { TradingEngine } from '../../server/trading/engine/engine';
import { createMailer } from '../../server/trading/mail/mailer';
import { folderStore, type FileStore } from '../../server/trading/files/file-store';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from './database';
import { makeUser, type TestPerson } from './factories';
import { deposit, liveAccount } from './money';

/** The realtime app the tests sign channel subscriptions for. */
export const testRealtimeCredentials = { key: 'test-app-key', secret: 'test-app-secret-0123456789abcdef0123' };

export const silentLogger = createLogger({ level: 'silent', name: 'test' });

export { marketsOpenAt };

export interface TradingStack {
  app: Express;
  database: Database;
  market: Market;
  prices: ManualPriceSource;
  bus: LocalBus;
  engine: TradingEngine;
  files: FileStore;
}

/**
 * A trading app on a fresh test database (or on `overrides.database`, to run two apps on one database),
 * with prices set by hand and a clock stopped at `marketsOpenAt` unless another is given.
 */
export async function startTrading(overrides: Partial<TradingDeps> & { now?: () => Date; dayFigures?: boolean } = {}): Promise<TradingStack> {
  const database = overrides.database ?? (await createTestDatabase());
  const bus = new LocalBus();
  const prices = new ManualPriceSource();
  const market = await openMarket({ db: database.db, bus, source: () => prices, now: overrides.now ?? (() => marketsOpenAt), dayFigures: overrides.dayFigures ?? false });
  market.start();
  const engine = new TradingEngine({ db: database.db, market, bus, logger: silentLogger });
  await engine.start();
  const files = overrides.files ?? folderStore(mkdtempSync(join(tmpdir(), 'chat-files-')));
  const app = createTradingApp({
    database,
    market,
    bus,
    realtime: testRealtimeCredentials,
    mailer: createMailer({ db: database.db, from: 'tests@example.test', logger: silentLogger }),
    files,
    uploadMaxBytes: 64 * 1024,
    siteOrigin: () => 'http://site.test',
    logger: silentLogger,
    tokenTtlHours: 1,
    loginRateLimit: 10,
    trustProxy: 'loopback',
    ...overrides,
  });
  return { app, database, market, prices, bus, engine, files };
}

export async function tokenFor(app: Express, person: Pick<TestPerson, 'email' | 'password'>): Promise<string> {
  const res = await request(app).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { token: string } }).data.token;
}

/** A new active customer whose Live account holds `amount`, with an API token. */
export async function fundedTrader(stack: Pick<TradingStack, 'app' | 'database'>, amount: string) {
  const person = await makeUser(stack.database.db);
  const account = await liveAccount(stack.database.db, person.user.id);
  await deposit(stack.database.db, account.id, amount);
  return { ...person, account, token: await tokenFor(stack.app, person) };
}
