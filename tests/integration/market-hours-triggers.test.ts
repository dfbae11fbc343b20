import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrders, trades } from '../../server/trading/db/schema';
import { auditLedger } from '../support/money';
import { fundedTrader, marketsOpenAt, startTrading, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

// AAPL trades 14:30–21:00 UTC in November; 23:00 UTC the same day it is closed, EURUSD still open.
const closedForStocks = new Date('2026-11-18T23:00:00Z');
let now = marketsOpenAt;
let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

async function tick(mids: Record<string, string>) {
  stack.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])), now.getTime());
  await stack.engine.idle();
}

beforeAll(async () => {
  stack = await startTrading({ now: () => now });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

describe('levels and the market clock', () => {
  it('when a pending order’s price is reached while its market is closed, then it waits and fills after the open', async () => {
    now = marketsOpenAt;
    await tick({ AAPL: '195.00' });
    const { token } = await fundedTrader(stack, '10000');
    const placed = await request(stack.app)
      .post('/api/v1/orders/pending')
      .set(bearer(token))
      .send({ type: 'buy', kind: 'limit', price: '190.00', id: idOf('AAPL'), volume: '10', leverage: 5 });
    expect(placed.status).toBe(201);
    now = closedForStocks;
    await tick({ AAPL: '185.00' });
    const status = async () => (await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, placed.body.data.id)))[0]!.status;
    expect(await status()).toBe('pending');
    now = new Date('2026-11-19T15:00:00Z');
    await tick({ AAPL: '184.00' });
    expect(await status()).toBe('filled');
    const [order] = await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, placed.body.data.id));
    await request(stack.app).post(`/api/v1/trade/${order!.tradeId}/close`).set(bearer(token));
    now = marketsOpenAt;
  });

  it('when stop-out comes while one position’s market is closed, then only open markets are closed', async () => {
    now = marketsOpenAt;
    await tick({ AAPL: '200.00', EURUSD: '1.00000' });
    const { token } = await fundedTrader(stack, '1000');
    // AAPL: 20 shares at 1:5 = 800.12 margin; EURUSD 1,000 at 1:20 = 50.01.
    const stock = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('AAPL'), volume: '20', leverage: 5 });
    const fx = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20 });
    expect([stock.status, fx.status]).toEqual([201, 201]);
    await stack.engine.idle();
    now = closedForStocks;
    // The stock fell before the close (its last price) and EUR falls now: equity collapses below 50 %.
    stack.prices.set({ [idOf('AAPL')]: '170.00' }, marketsOpenAt.getTime());
    await tick({ EURUSD: '0.90000' });
    const row = async (id: number) => (await stack.database.db.select().from(trades).where(eq(trades.id, id)))[0]!;
    expect(await row(fx.body.data.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out' });
    expect((await row(stock.body.data.id)).status).toBe('open');
    now = new Date('2026-11-19T15:00:00Z');
    await tick({ AAPL: '169.00' });
    expect(await row(stock.body.data.id)).toMatchObject({ status: 'closed', closeReason: 'stop_out' });
    now = marketsOpenAt;
  });
});
