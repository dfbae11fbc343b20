import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { tradingAccounts } from '../../server/trading/db/schema';
import { exposureFromTotals, exposureOf, openTotalsOf, openTradesOf } from '../../server/trading/engine/accounts';
import { auditLedger } from '../support/money';
import { fundedTrader, startTrading, type TradingStack, withoutPlanConditions } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  await withoutPlanConditions(stack);
  stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('BTCUSD')]: '60000.00' });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

describe('GET /api/v1/accounts', () => {
  it('gives each account its summary at the current quotes, with lifetime P/L from closed trades', async () => {
    const { token } = await fundedTrader(stack, '1000');
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '10000', leverage: 20 });
    stack.prices.set({ [idOf('EURUSD')]: '1.10100' });
    const first = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20 });
    await request(stack.app).post(`/api/v1/trade/${first.body.data.id}/close`).set(bearer(token));
    const res = await request(stack.app).get('/api/v1/accounts').set(bearer(token));
    expect(res.status).toBe(200);
    const [live, demo] = res.body.data;
    // Open: buy 10,000 at 1.10005, bid now 1.10095: +9.00. Closed: 1,000 at 1.10105 → 1.10095: −0.10.
    expect(live).toMatchObject({ type: 'live', balance: 999.9, pnl: 9, equity: 1008.9, margin: 550.03, freeMargin: 458.87, lifetimePnl: -0.1, open_trades: 1 });
    expect(live.marginLevel).toBe('183.43');
    expect(demo).toMatchObject({ type: 'demo', balance: 10000, marginLevel: '∞', open_trades: 0 });
    await request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(token));
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
  });
});

describe('exposure', () => {
  it('summed per instrument and side in the database, it equals the sum over every open trade exactly', async () => {
    const { token, account } = await fundedTrader(stack, '100000');
    const prices = ['1.10000', '1.10370', '1.09810'];
    for (const [i, mid] of prices.entries()) {
      stack.prices.set({ [idOf('EURUSD')]: mid, [idOf('USDJPY')]: (150 + i / 3).toFixed(3) });
      await request(stack.app)
        .post('/api/v1/trades/store')
        .set(bearer(token))
        .send({ type: i % 2 ? 'sell' : 'buy', id: idOf('EURUSD'), volume: String(1000 * (i + 1)), leverage: 20 });
      await request(stack.app)
        .post('/api/v1/trades/store')
        .set(bearer(token))
        .send({ type: 'sell', id: idOf('USDJPY'), volume: '3000', leverage: 20 });
    }
    stack.prices.set({ [idOf('EURUSD')]: '1.10123', [idOf('USDJPY')]: '149.871' });
    const [row] = await stack.database.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, account.id));
    const byTotals = exposureFromTotals(stack.market, row!, (await openTotalsOf(stack.database.db, [account.id])).get(account.id)!);
    const byTrades = exposureOf(stack.market, row!, await openTradesOf(stack.database.db, account.id));
    expect(byTotals.equity.equals(byTrades.equity)).toBe(true);
    expect(byTotals.usedMargin.equals(byTrades.usedMargin)).toBe(true);
    await request(stack.app).post('/api/v1/trades/close-all').set(bearer(token)).send({});
    stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('USDJPY')]: '150.000' });
  });
});

describe('close all', () => {
  it('closes every open trade whose market is open and says which it could not close', async () => {
    const { token } = await fundedTrader(stack, '50000');
    for (let i = 0; i < 3; i += 1)
      await request(stack.app)
        .post('/api/v1/trades/store')
        .set(bearer(token))
        .send({ type: i % 2 ? 'sell' : 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20 });
    const res = await request(stack.app).post('/api/v1/trades/close-all').set(bearer(token)).send({});
    expect(res.status).toBe(200);
    expect(res.body.data.closed).toHaveLength(3);
    expect(res.body.data.skipped).toEqual([]);
    expect((await request(stack.app).get('/api/v1/open/trades').set(bearer(token))).body.meta.total).toBe(0);
  });
});

describe('demo reset', () => {
  it('closes demo trades, cancels orders and brings the balance back to 10,000 with one entry; live accounts refuse', async () => {
    const { token, account } = await fundedTrader(stack, '100');
    const demoId = (await request(stack.app).get('/api/v1/accounts').set(bearer(token))).body.data[1].id;
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('BTCUSD'), volume: '0.1', leverage: 2, account_id: demoId });
    expect(opened.status).toBe(201);
    const placed = await request(stack.app)
      .post('/api/v1/orders/pending')
      .set(bearer(token))
      .send({ type: 'buy', kind: 'limit', price: '50000.00', id: idOf('BTCUSD'), volume: '0.1', leverage: 2, account_id: demoId });
    expect(placed.status).toBe(201);
    const heard: string[] = [];
    const off = stack.bus.subscribe('order.updated', ({ order }) => heard.push(`${order.id}:${order.status}`));
    stack.prices.set({ [idOf('BTCUSD')]: '55000.00' });
    const reset = await request(stack.app).post(`/api/v1/accounts/${demoId}/reset`).set(bearer(token));
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ type: 'demo', balance: 10000, open_trades: 0, marginLevel: '∞' });
    off();
    expect(heard).toEqual([`${placed.body.data.id}:cancelled`]);
    expect((await request(stack.app).post(`/api/v1/accounts/${account.id}/reset`).set(bearer(token))).status).toBe(422);
    const other = await fundedTrader(stack, '1');
    expect((await request(stack.app).post(`/api/v1/accounts/${demoId}/reset`).set(bearer(other.token))).status).toBe(404);
    stack.prices.set({ [idOf('BTCUSD')]: '60000.00' });
  });
});
