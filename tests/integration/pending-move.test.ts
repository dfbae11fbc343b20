import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PendingOrderView } from '../../shared/api/trades.schema';
import { Money } from '../../shared/money';
import { pendingTexts, tradeTexts } from '../../shared/trading/texts';
import { pendingOrders, trades } from '../../server/trading/db/schema';
import { fillPending } from '../../server/trading/engine/pending';
import { pointsOf } from '../../shared/trading/points';
import { auditLedger } from '../support/money';
import { fundedTrader, marketsOpenAt, startTrading, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

// AAPL trades 14:30–21:00 UTC in November; at 23:00 UTC the same day it is closed.
const closedForStocks = new Date('2026-11-18T23:00:00Z');
let now = marketsOpenAt;
let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading({ now: () => now });
});
afterEach(async () => {
  now = marketsOpenAt;
  await auditLedger(stack.database.db);
});
afterAll(() => stack.database.close());

async function tick(mids: Record<string, string>) {
  stack.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])), now.getTime());
  await stack.engine.idle();
}

async function place(token: string, body: Record<string, unknown>): Promise<number> {
  const res = await request(stack.app)
    .post('/api/v1/orders/pending')
    .set(bearer(token))
    .send({ id: idOf('EURUSD'), volume: '10000', leverage: 20, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const move = (token: string, id: number, body: Record<string, unknown>) => request(stack.app).patch(`/api/v1/orders/pending/${id}`).set(bearer(token)).send(body);
const orderRow = async (id: number) => (await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, id)))[0]!;

describe('moving a pending order', () => {
  it('moves the price (rounded to the digits), TP and SL, announces it, and the engine fills at the new price only', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await place(token, { type: 'buy', kind: 'limit', price: '1.09000', take_profit: '1.10000' });
    const announced: PendingOrderView[] = [];
    const off = stack.bus.subscribe('order.updated', ({ order }) => {
      if (order.id === id) announced.push(order);
    });
    const moved = await move(token, id, { price: '1.085004', stop_loss: '1.08000' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ id, price: 1.085, take_profit: 1.1, stop_loss: 1.08, status: 'pending' });
    expect(announced.map((o) => o.price)).toEqual(['1.08500']);
    // The same move again changes nothing and answers the same.
    expect((await move(token, id, { price: '1.08500', stop_loss: '1.08000' })).body.data).toMatchObject({ price: 1.085, stop_loss: 1.08 });
    // The old price is reached: nothing fills; the new one: filled there.
    await tick({ EURUSD: '1.08800' });
    expect((await orderRow(id)).status).toBe('pending');
    await tick({ EURUSD: '1.08490' });
    const row = await orderRow(id);
    expect(row.status).toBe('filled');
    const [trade] = await stack.database.db.select().from(trades).where(eq(trades.id, row.tradeId!));
    expect(new Money(trade!.openPrice).lte('1.08500')).toBe(true);
    off();
    await request(stack.app).post(`/api/v1/trade/${row.tradeId}/close`).set(bearer(token));
  });

  it('refuses a price on the filling side of the quote and levels on the wrong side of the order price, at the field', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await place(token, { type: 'sell', kind: 'stop', price: '1.09000', stop_loss: '1.09500' });
    const wrongPrice = await move(token, id, { price: '1.10500' });
    expect(wrongPrice.status).toBe(422);
    expect(wrongPrice.body.errors.price).toEqual([pendingTexts.priceSide('sell', 'stop')]);
    expect((await move(token, id, { price: '0' })).status).toBe(422);
    // Moved below its own take profit… and a stop loss that the new price passes.
    const levels = await move(token, id, { price: '1.09600', take_profit: '1.09700' });
    expect(levels.status).toBe(422);
    expect(levels.body.errors).toEqual({ take_profit: [tradeTexts.takeProfitSide('sell', 'order')], stop_loss: [tradeTexts.stopLossSide('sell', 'order')] });
    expect(await orderRow(id)).toMatchObject({ price: '1.0900000000', takeProfit: null });
    // 0 removes a level.
    expect((await move(token, id, { stop_loss: 0 })).body.data).toMatchObject({ stop_loss: null });
  });

  it('answers 404 for someone else’s order and 409 once it is no longer pending; the market may be closed', async () => {
    await tick({ AAPL: '190.00' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await place(token, { type: 'buy', kind: 'limit', id: idOf('AAPL'), volume: '10', leverage: 5, price: '180.00' });
    const other = await fundedTrader(stack, '10');
    const foreign = await move(other.token, id, { price: '179.00' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(pendingTexts.notFound);
    now = closedForStocks;
    expect((await move(token, id, { price: '179.00' })).body.data).toMatchObject({ price: 179 });
    await request(stack.app).delete(`/api/v1/orders/pending/${id}`).set(bearer(token));
    const late = await move(token, id, { price: '178.00' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(pendingTexts.notPending);
  });

  it('answers 404 (as placing does) for an order on a disabled instrument or one without a quote, and leaves it as it was', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await place(token, { type: 'buy', kind: 'limit', price: '1.09000' });
    const eurusd = stack.market.instrument(idOf('EURUSD'))!;
    stack.market.replaceInstrument({ ...eurusd, enabled: false });
    try {
      const disabled = await move(token, id, { price: '1.08000' });
      expect(disabled.status).toBe(404);
      expect(disabled.body.message).toBe(tradeTexts.assetNotFound);
    } finally {
      stack.market.replaceInstrument(eurusd);
    }
    const quotes = stack.market.quotes;
    const get = quotes.get.bind(quotes);
    quotes.get = (assetId) => (assetId === eurusd.id ? undefined : get(assetId));
    try {
      const unpriced = await move(token, id, { price: '1.08000' });
      expect(unpriced.status).toBe(404);
      expect(unpriced.body.message).toBe(tradeTexts.assetNotFound);
      const placed = await request(stack.app).post('/api/v1/orders/pending').set(bearer(token)).send({ id: eurusd.id, volume: '10000', leverage: 20, type: 'buy', kind: 'limit', price: '1.09000' });
      expect(placed.status).toBe(404);
    } finally {
      quotes.get = get;
    }
    expect(await orderRow(id)).toMatchObject({ status: 'pending', price: '1.0900000000' });
    await request(stack.app).delete(`/api/v1/orders/pending/${id}`).set(bearer(token));
  });

  it('when the engine’s fill of the old price runs after a move committed, then it does not fill, and the order waits at the new price', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await place(token, { type: 'buy', kind: 'limit', price: '1.09000' });
    expect((await move(token, id, { price: '1.08000' })).status).toBe(200);
    // What the engine's job does for a trigger that fired at the old level before it heard of the move.
    await tick({ EURUSD: '1.08900' });
    const group = stack.market.groupOf(null);
    const quote = stack.market.quoteFor(idOf('EURUSD'), group)!;
    const result = await stack.database.db.transaction((tx) => fillPending(tx, { market: stack.market, orderId: id, level: pointsOf('1.09000', 5), group, price: quote.ask, quote }));
    expect(result).toBeNull();
    expect(await orderRow(id)).toMatchObject({ status: 'pending', price: '1.0800000000', tradeId: null });
    await request(stack.app).delete(`/api/v1/orders/pending/${id}`).set(bearer(token));
  });

  it('when moves race a tick that reaches the old price, then the order either fills at a price its stored price accepts or waits at the moved price', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await place(token, { type: 'buy', kind: 'limit', price: '1.09500' });
    const prices = ['1.09000', '1.08900', '1.08800', '1.08700'];
    const moves = prices.map((price) => move(token, id, { price }).then((res) => res.status));
    stack.prices.set({ [idOf('EURUSD')]: '1.09450' }, now.getTime()); // ask ≤ 1.09500: the old price's trigger fires
    stack.prices.set({ [idOf('EURUSD')]: '1.10000' }, now.getTime());
    const statuses = await Promise.all(moves);
    await stack.engine.idle();
    const row = await orderRow(id);
    if (row.status === 'filled') {
      // Filled first: every move after it answers 409, and the fill price is one the order as stored accepts.
      expect(statuses.every((s) => s === 409)).toBe(true);
      const [trade] = await stack.database.db.select().from(trades).where(eq(trades.id, row.tradeId!));
      expect(new Money(trade!.openPrice).lte(row.price)).toBe(true);
      await request(stack.app).post(`/api/v1/trade/${row.tradeId}/close`).set(bearer(token));
    } else {
      // Moved first: no fill at the old price; it waits at a moved price.
      expect(row).toMatchObject({ status: 'pending', tradeId: null });
      expect(prices.map((p) => new Money(p).toFixed(10))).toContain(row.price);
      await request(stack.app).delete(`/api/v1/orders/pending/${id}`).set(bearer(token));
    }
  });
});
