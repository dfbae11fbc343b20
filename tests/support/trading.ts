import type { Express } from 'express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { composeTrading, type TradingOverrides, type TradingTier } from '../../server/compose/trading';
import { loadConfig, type Config } from '../../server/config';
import { createLogger } from '../../server/logger';
import type { Bus } from '../../server/trading/bus';
import type { Database } from '../../server/trading/db/database';
import type { TradingEngine } from '../../server/trading/engine/engine';
import type { FileStore } from '../../server/trading/files/file-store';
import { UploadGate } from '../../server/trading/files/upload-gate';
import type { Market } from '../../server/trading/market/market';
import { TradingConditions } from '../../server/trading/market/conditions';
import { planConditions } from '../../server/trading/db/schema';
import { ManualPriceSource } from '../../server/trading/market/price-source';
import { cryptoKeys, type CryptoKeys } from '../../server/trading/funding/crypto/keys';
import { marketsOpenAt } from './clock';
import { createTestDatabase } from './database';
import { makeUser, type TestPerson } from './factories';
import { deposit, liveAccount } from './money';

/** The realtime app the tests sign channel subscriptions for. */
export const testRealtimeCredentials = { key: 'test-app-key', secret: 'test-app-secret-0123456789abcdef0123' };

/** The price feed's key the tests' web tier adds (and the stacks' feeds take). */
export const testFeedApiKey = 'feed-key-for-tests-0123456789';

/** The sandbox card provider's API key and webhook signing secret in the test stacks. */
export const testPaymentsKeys = { apiKey: 'sandbox-api-key-for-tests-0123456789abcdef', webhookSecret: 'sandbox-webhook-secret-for-tests-0123456789' };

/** Account-level public keys (bitcoin testnet m/84'/1'/0', Ethereum m/44'/60'/0', Tron m/44'/195'/0') of the "abandon … about" test mnemonic. */
export const testXpubs = {
  btc: 'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M',
  eth: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  trx: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
};

export const silentLogger = createLogger({ level: 'silent', name: 'test' });

export { marketsOpenAt };

/**
 * The configuration the test stacks compose with, read by the same `loadConfig` as a process: every key
 * and secret given (nothing is written to the data folder), no demo data, short-lived tokens.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'cfd-tests'),
    SEED_DEMO: 'never',
    TOKEN_TTL_HOURS: '1',
    LOGIN_RATE_LIMIT: '10',
    // Most suites sign staff in with a password alone; two-factor*.test.ts turn the duty on.
    STAFF_TWO_FACTOR: 'off',
    SETTINGS_CACHE_MS: '0',
    MAIL_FROM: 'tests@example.test',
    SESSION_SECRET: 'test-secret-that-is-long-enough-0123456789',
    FEED_API_KEY: testFeedApiKey,
    PUSHER_APP_KEY: testRealtimeCredentials.key,
    PUSHER_APP_SECRET: testRealtimeCredentials.secret,
    // The sandbox card provider on a free port, and watch-only keys of the published "abandon … about" wallet.
    PAYMENTS_SANDBOX_PORT: '0',
    PAYMENTS_SANDBOX_KEY: testPaymentsKeys.apiKey,
    PAYMENTS_WEBHOOK_SECRET: testPaymentsKeys.webhookSecret,
    CRYPTO_XPUB_BTC: testXpubs.btc,
    CRYPTO_XPUB_ETH: testXpubs.eth,
    CRYPTO_XPUB_TRX: testXpubs.trx,
    ...env,
  });
}

export interface TradingStack {
  app: Express;
  database: Database;
  market: Market;
  prices: ManualPriceSource;
  bus: Bus;
  engine: TradingEngine;
  files: FileStore;
  /** The whole composed tier (its lead, feed and realtime sockets once attached, farewell and close). */
  trading: TradingTier;
}

let folder: string | undefined;
/** This test process's folder for stored files and upload bodies, removed when it exits (stacks are not always closed). */
function testFolder(): string {
  if (folder) return folder;
  const made = mkdtempSync(join(tmpdir(), 'cfd-test-'));
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  return (folder = made);
}

/**
 * A trading tier composed as a process composes it, on a fresh test database (or on
 * `overrides.database`, to run two apps on one database), with prices set by hand and a clock stopped
 * at `marketsOpenAt` unless another is given. Of the leader jobs only the prices and the engine run
 * (tests drive the advisor runner and the candle recorder themselves).
 */
export async function startTrading(overrides: TradingOverrides = {}): Promise<TradingStack> {
  const database = overrides.database ?? (await createTestDatabase());
  const prices = new ManualPriceSource();
  const config = overrides.files ? testConfig() : testConfig({ UPLOAD_DIR: mkdtempSync(join(testFolder(), 'files-')) });
  // Each stack is a cluster of its own (its own bus and prices), so it leads and runs its engine even on
  // a database another stack shares; the election between processes is tested in cluster.test.ts.
  const leads: Database = { ...database, tryLead: async () => ({ lost: new Promise<void>(() => undefined), release: async () => undefined }) };
  const trading = await composeTrading(config, {
    logger: silentLogger,
    now: () => marketsOpenAt,
    dayFigures: false,
    uploadMaxBytes: 64 * 1024,
    uploadGate: new UploadGate({ tempParent: testFolder() }),
    siteOrigin: () => 'http://site.test',
    leaderJobs: ['prices', 'engine'],
    // The "abandon … about" wallet is public: its keys are the stacks' sandbox chain, where staff announce payments.
    cryptoKeys: sandboxKeys(cryptoKeys(config)),
    ...overrides,
    database: leads,
    priceSource: prices,
  });
  const { app, market, bus, engine, files } = trading;
  return { app, database, market, prices, bus, engine, files, trading };
}

/**
 * Every plan trading at the raw quote without commission, in the database and the stack's market: for stories of P/L,
 * margin, levels and fills worked out by hand from the instruments' own spreads. The plans' conditions have stories of
 * their own (tests/integration/money/trading-conditions.test.ts).
 */
export async function withoutPlanConditions(stack: Pick<TradingStack, 'database' | 'market'>): Promise<void> {
  await stack.database.db.delete(planConditions);
  stack.market.replaceConditions(await TradingConditions.load(stack.database.db));
}

/** Keys marked as a sandbox chain's (docs/funding.md#the-sandbox-chain). */
export const sandboxKeys = (keys: CryptoKeys): CryptoKeys => ({ btc: { ...keys.btc, demo: true }, eth: { ...keys.eth, demo: true }, trx: { ...keys.trx, demo: true } });

export async function tokenFor(app: Express, person: Pick<TestPerson, 'email' | 'password'>): Promise<string> {
  const res = await request(app).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: { token: string } }).data.token;
}

/** A new active customer whose Live account holds `amount`, with an API token. */
export async function fundedTrader(stack: Pick<TradingStack, 'app' | 'database'>, amount: string, options: Parameters<typeof makeUser>[1] = {}) {
  const person = await makeUser(stack.database.db, options);
  const account = await liveAccount(stack.database.db, person.user.id);
  await deposit(stack.database.db, account.id, amount);
  return { ...person, account, token: await tokenFor(stack.app, person) };
}
