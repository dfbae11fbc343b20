import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeTrading } from '../../server/compose/trading';
import type { AppDb, Database } from '../../server/trading/db/database';
import { pendingOrders, trades } from '../../server/trading/db/schema';
import { databaseOutage } from '../../server/trading/errors';
import { ManualPriceSource } from '../../server/trading/market/price-source';
import { PrivateRedis } from '../faults/support/redis';
import { createTestDatabase } from '../support/database';
import { auditLedger } from '../support/money';
import { fundedTrader, marketsOpenAt, silentLogger, startTrading, testConfig, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * The engine's open book stays whole across outages (docs/trading.md#engine): a level reached while the
 * database does not answer stays watched, news lost in an outage of the database or the bus is read again
 * from the database when it ends, and a process that leads again starts from the database, not from what
 * it knew when it last led.
 */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** The database as the engine and the API use it, made to refuse every query while `down` (a PostgreSQL that does not answer). */
function flaky(db: AppDb) {
  const state = { down: false };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (state.down) throw refused();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: proxy, state };
}

let base: Database;
let line: ReturnType<typeof flaky>;
let stack: TradingStack;
const idOf = (symbol: string, on: TradingStack = stack) => on.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  base = await createTestDatabase();
  line = flaky(base.db);
  stack = await startTrading({ database: { ...base, db: line.db } });
});
afterEach(async () => {
  line.state.down = false;
  databaseOutage.answered(silentLogger);
  await stack.engine.idle();
  await auditLedger(base.db);
});
afterAll(async () => {
  await stack.trading.close();
  await base.close();
});

async function tick(mids: Record<string, string>, ...on: TradingStack[]) {
  for (const s of on.length > 0 ? on : [stack]) {
    s.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol, s), mid])), marketsOpenAt.getTime());
    await s.engine.idle();
  }
}

async function open(on: TradingStack, token: string, body: Record<string, unknown>) {
  const res = await request(on.app)
    .post('/api/v1/trades/store')
    .set(bearer(token))
    .send({ id: idOf('EURUSD', on), volume: '10000', leverage: 20, type: 'buy', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await on.engine.idle();
  return Number(res.body.data.id);
}

const tradeRow = async (id: number) => (await base.db.select().from(trades).where(eq(trades.id, id)))[0]!;

/** A second process on the same database whose events never reach the stack's engine (its own bus): news lost in an outage. */
const unheardProcess = () => startTrading({ database: base, leaderJobs: ['prices'] });

describe('a level reached while the database does not answer', () => {
  it('when a stop loss is reached while the database does not answer, then it stays watched and closes the trade at the first tick past it once the database answers', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(stack, token, { stop_loss: '1.09500' });

    line.state.down = true;
    await tick({ EURUSD: '1.09400' }); // bid below 1.09500: the close fails
    expect(stack.engine.triggers.has(id, 'stop_loss')).toBe(true);
    await tick({ EURUSD: '1.09300' }); // tried again, fails again
    expect(stack.engine.triggers.has(id, 'stop_loss')).toBe(true);
    line.state.down = false;

    expect(await tradeRow(id)).toMatchObject({ status: 'open' });
    await tick({ EURUSD: '1.09350' });
    expect(await tradeRow(id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    expect(stack.engine.triggers.has(id, 'stop_loss')).toBe(false);
  });

  it('when a trailing stop is reached while the database does not answer, then the trail moves again and its stop closes the trade once the database answers', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(stack, token, {});
    expect((await request(stack.app).patch(`/api/v1/trades/${id}`).set(bearer(token)).send({ trailing_stop: 100 })).status).toBe(200);
    await stack.engine.idle();

    line.state.down = true;
    await tick({ EURUSD: '1.09800' }); // below the trailed stop: the close fails
    expect(stack.engine.trailing.get(id)?.frozen).toBe(false);
    await tick({ EURUSD: '1.10500' }); // the trail follows the bid up, in memory
    const trailed = stack.engine.trailing.get(id)!.stop;
    expect(trailed).toBeGreaterThan(110_300);
    line.state.down = false;

    await tick({ EURUSD: '1.10300' });
    expect(await tradeRow(id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
  });

  it('when a pending order is reached while the database does not answer, then it stays watched and fills at the first tick past it once the database answers', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const placed = await request(stack.app)
      .post('/api/v1/orders/pending')
      .set(bearer(token))
      .send({ id: idOf('EURUSD'), volume: '10000', leverage: 20, type: 'buy', kind: 'limit', price: '1.09500' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = Number(placed.body.data.id);
    await stack.engine.idle();

    line.state.down = true;
    await tick({ EURUSD: '1.09400' }); // ask below 1.09500: the fill fails
    expect(stack.engine.triggers.has(orderId, 'buy_limit')).toBe(true);
    line.state.down = false;

    await tick({ EURUSD: '1.09450' });
    const [order] = await base.db.select().from(pendingOrders).where(eq(pendingOrders.id, orderId));
    expect(order).toMatchObject({ status: 'filled' });
    await request(stack.app).post(`/api/v1/trade/${order!.tradeId}/close`).set(bearer(token));
  });
});

describe('news lost in an outage', () => {
  it('when a trade was opened unheard during a database outage, then the engine reads it when the outage ends and its take profit closes it', async () => {
    await tick({ EURUSD: '1.10000' });
    const elsewhere = await unheardProcess();
    try {
      await tick({ EURUSD: '1.10000' }, elsewhere);
      const { token } = await fundedTrader(elsewhere, '10000');
      const id = await open(elsewhere, token, { take_profit: '1.10500' });
      expect(stack.engine.triggers.has(id, 'take_profit')).toBe(false);

      databaseOutage.failed(silentLogger, refused(), 'test');
      databaseOutage.answered(silentLogger);
      await stack.engine.idle();
      expect(stack.engine.triggers.has(id, 'take_profit')).toBe(true);
      expect(stack.engine.risk.level((await tradeRow(id)).accountId)).toBeLessThan(Infinity);

      await tick({ EURUSD: '1.10600' });
      expect(await tradeRow(id)).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
    } finally {
      await elsewhere.trading.close();
    }
  });

  it('when the engine has stopped leading, then an outage that ends does not make it read the book', async () => {
    await stack.engine.stop();
    try {
      await tick({ EURUSD: '1.10000' });
      const { token } = await fundedTrader(stack, '10000');
      const id = await open(stack, token, { take_profit: '1.10500' });
      databaseOutage.failed(silentLogger, refused(), 'test');
      databaseOutage.answered(silentLogger);
      await stack.engine.idle();
      expect(stack.engine.triggers.has(id, 'take_profit')).toBe(false);
      await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
    } finally {
      await stack.engine.start();
    }
  });
});

describe('leading again', () => {
  it('when a process leads again, then it watches what the database has, not what it watched when it last led', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token, account } = await fundedTrader(stack, '10000');
    const closedMeanwhile = await open(stack, token, { take_profit: '1.10500' });
    await request(stack.app).patch(`/api/v1/trades/${closedMeanwhile}`).set(bearer(token)).send({ trailing_stop: 100 });
    await stack.engine.idle();
    expect(stack.engine.triggers.has(closedMeanwhile, 'take_profit')).toBe(true);
    expect(stack.engine.risk.level(account.id)).toBeLessThan(Infinity);

    // Demoted: another process leads, and this one's engine hears nothing of what happens meanwhile.
    await stack.engine.stop();
    expect((await request(stack.app).post(`/api/v1/trade/${closedMeanwhile}/close`).set(bearer(token))).status).toBe(200);
    const elsewhere = await unheardProcess();
    let openedMeanwhile: number;
    try {
      await tick({ EURUSD: '1.10000' }, elsewhere);
      openedMeanwhile = await open(elsewhere, token, { stop_loss: '1.09500' });
    } finally {
      await elsewhere.trading.close();
    }

    await stack.engine.start();
    expect(stack.engine.triggers.has(closedMeanwhile, 'take_profit')).toBe(false);
    expect(stack.engine.trailing.get(closedMeanwhile)).toBeUndefined();
    expect(stack.engine.triggers.has(openedMeanwhile, 'stop_loss')).toBe(true);
    await tick({ EURUSD: '1.09400' });
    expect(await tradeRow(openedMeanwhile)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    expect(stack.engine.risk.level(account.id)).toBe(Infinity);
  });
});

describe.runIf(process.env.TEST_REDIS_URL && PrivateRedis.available())('news lost in a bus outage', () => {
  const redis = new PrivateRedis(3562);
  beforeAll(() => redis.start());
  afterAll(() => redis.stop());

  it('when the bus subscription comes back from an outage, then the leader engine reads the book again and watches a trade whose news it missed', async () => {
    const prices = new ManualPriceSource();
    const config = testConfig({ REDIS_URL: redis.url, UPLOAD_DIR: mkdtempSync(join(tmpdir(), 'engine-resync-')) });
    const leads: Database = { ...base, tryLead: async () => ({ lost: new Promise<void>(() => undefined), release: async () => undefined }) };
    const onRedis = await composeTrading(config, { logger: silentLogger, now: () => marketsOpenAt, dayFigures: false, leaderJobs: ['prices', 'engine'], database: leads, priceSource: prices });
    const elsewhere = await unheardProcess();
    const admin = new Redis(redis.url);
    try {
      const eurusd = onRedis.market.instruments.find((i) => i.symbol === 'EURUSD')!.id;
      prices.set({ [eurusd]: '1.10000' }, marketsOpenAt.getTime());
      await tick({ EURUSD: '1.10000' }, elsewhere);
      const { token } = await fundedTrader(elsewhere, '10000');
      const id = await open(elsewhere, token, { take_profit: '1.10500' });
      await onRedis.engine.idle();
      expect(onRedis.engine.triggers.has(id, 'take_profit')).toBe(false);

      // The subscription's connection cut (as in a network blip): ioredis connects and subscribes again.
      const clients = (await admin.client('LIST')) as string;
      const subscriber = clients.split('\n').find((c) => / name=bus-subscriber-/.test(c) && / sub=1 /.test(c));
      const clientId = /\bid=(\d+)/.exec(subscriber ?? '')?.[1];
      expect(clientId).toBeDefined();
      await admin.client('KILL', 'ID', clientId!);
      await vi.waitUntil(() => onRedis.engine.triggers.has(id, 'take_profit'), { timeout: 8_000, interval: 50 });
      await onRedis.engine.idle();
      expect(onRedis.engine.triggers.has(id, 'take_profit')).toBe(true);

      prices.set({ [eurusd]: '1.10600' }, marketsOpenAt.getTime());
      await onRedis.engine.idle();
      expect(await tradeRow(id)).toMatchObject({ status: 'closed', closeReason: 'take_profit' });
    } finally {
      admin.disconnect();
      await elsewhere.trading.close();
      await onRedis.close();
    }
  });
});
