import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TradeView } from '../../shared/api/trades.schema';
import { Money } from '../../shared/money';
import { trailingStopBack, trailingStopBeyondZero } from '../../shared/trading/levels';
import { pointsOf } from '../../shared/trading/points';
import { tradeTexts } from '../../shared/trading/texts';
import { ledgerEntries, notifications, trades } from '../../server/trading/db/schema';
import { auditLedger } from '../support/money';
import { fundedTrader, marketsOpenAt, startTrading, type TradingStack, withoutPlanConditions } from '../support/trading';
import { bearer } from '../support/bearer';

// AAPL trades 14:30–21:00 UTC in November; at 23:00 UTC the same day it is closed.
const closedForStocks = new Date('2026-11-18T23:00:00Z');
let now = marketsOpenAt;
let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading({ now: () => now });
  await withoutPlanConditions(stack);
});
afterEach(async () => {
  now = marketsOpenAt;
  await auditLedger(stack.database.db);
});
afterAll(() => stack.database.close());

async function tick(mids: Record<string, string>, on: TradingStack = stack) {
  on.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])), now.getTime());
  await on.engine.idle();
}

const quoteOf = (symbol: string, on: TradingStack = stack) => on.market.quotes.get(idOf(symbol))!;
/** `price` ∓ `points` at the instrument's digits. */
const away = (price: string, points: number, digits: number) => new Money(price).plus(new Money(points).dividedBy(10 ** digits)).toFixed(digits);

async function open(token: string, body: Record<string, unknown>) {
  const res = await request(stack.app)
    .post('/api/v1/trades/store')
    .set(bearer(token))
    .send({ id: idOf('EURUSD'), volume: '10000', leverage: 20, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await stack.engine.idle();
  return Number(res.body.data.id);
}

const patch = (token: string, id: number, body: Record<string, unknown>) => request(stack.app).patch(`/api/v1/trades/${id}`).set(bearer(token)).send(body);
const rowOf = async (id: number) => (await stack.database.db.select().from(trades).where(eq(trades.id, id)))[0]!;
const storedStop = async (id: number) => {
  const { stopLoss } = await rowOf(id);
  return stopLoss === null ? null : new Money(stopLoss).toFixed(5);
};

describe('trailing stop', () => {
  it('when switched on without a stop loss, then the stop starts at the closing price minus the distance, follows the bid up, never down, and closes the trade as a stop loss', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token, user } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'buy' });
    const announced: TradeView[] = [];
    const off = stack.bus.subscribe('trade.updated', ({ trade }) => {
      if (trade.id === id) announced.push(trade);
    });

    const on = await patch(token, id, { trailing_stop: 100 });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data).toMatchObject({ trailing_stop: 100, stop_loss: Number(away(quoteOf('EURUSD').bid, -100, 5)) });

    await tick({ EURUSD: '1.10100' });
    const raised = away(quoteOf('EURUSD').bid, -100, 5);
    expect(await storedStop(id)).toBe(raised);
    expect(announced.at(-1)).toMatchObject({ stop_loss: raised, trailing_stop: 100, status: 'open' });

    await tick({ EURUSD: '1.10050' }); // the bid falls back, but not to the stop: it stays
    expect(await storedStop(id)).toBe(raised);
    await tick({ EURUSD: '1.10300' });
    const top = away(quoteOf('EURUSD').bid, -100, 5);
    expect(await storedStop(id)).toBe(top);
    expect(stack.engine.trailing.get(id)?.stop).toBe(Math.round(Number(top) * 1e5));

    await tick({ EURUSD: '1.10180' }); // bid ≤ the trailed stop
    const closedAt = quoteOf('EURUSD').bid;
    expect(new Money(closedAt).lte(top)).toBe(true);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    expect(new Money(row.closePrice!).toFixed(5)).toBe(closedAt);
    const notices = await stack.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.filter((n) => n.title === 'Stop loss hit')).toHaveLength(1);
    expect(stack.engine.trailing.get(id)).toBeUndefined();
    off();
  });

  it('moves a sell’s stop down to the ask plus the distance', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'sell', stop_loss: '1.11000' });
    // With a stop loss already set, switching trailing on keeps it until the price moves.
    expect((await patch(token, id, { trailing_stop: 200 })).body.data).toMatchObject({ stop_loss: 1.11, trailing_stop: 200 });
    await tick({ EURUSD: '1.09500' });
    const lowered = away(quoteOf('EURUSD').ask, 200, 5);
    expect(await storedStop(id)).toBe(lowered);
    await tick({ EURUSD: '1.09600' });
    expect(await storedStop(id)).toBe(lowered);
    await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
  });

  it('when several ticks pass the trailed stop before the engine writes anything, then the trade closes once at the first such tick', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token, account, user } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'buy' });
    expect((await patch(token, id, { trailing_stop: 50 })).status).toBe(200);
    // All at once: a rise that trails the stop, then falls through it, then more ticks past it.
    const mids = ['1.10400', '1.10300', '1.10200', '1.10100', '1.10500', '1.10000'];
    const bids: string[] = [];
    for (const mid of mids) {
      stack.prices.set({ [idOf('EURUSD')]: mid }, now.getTime());
      bids.push(quoteOf('EURUSD').bid);
    }
    await stack.engine.idle();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    // The stop trailed to 1.10400's bid − 50 points; 1.10300's bid is the first at or below it.
    const stop = away(bids[0]!, -50, 5);
    expect(new Money(row.stopLoss!).toFixed(5)).toBe(stop);
    expect(new Money(row.closePrice!).toFixed(5)).toBe(bids[1]);
    const entries = await stack.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, account.id), eq(ledgerEntries.kind, 'realized_pnl')));
    expect(entries).toHaveLength(1);
    const notices = await stack.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.filter((n) => n.title === 'Stop loss hit')).toHaveLength(1);
  });

  it('does not move while the market is closed, and moves again after the open', async () => {
    await tick({ AAPL: '190.00' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'buy', id: idOf('AAPL'), volume: '10', leverage: 5 });
    const on = await patch(token, id, { trailing_stop: 100 }); // 1.00 behind
    const start = new Money(on.body.data.stop_loss).toFixed(2);
    now = closedForStocks;
    await tick({ AAPL: '199.00' });
    expect(new Money((await rowOf(id)).stopLoss!).toFixed(2)).toBe(start);
    now = new Date('2026-11-19T15:00:00Z');
    await tick({ AAPL: '199.50' });
    expect(new Money((await rowOf(id)).stopLoss!).toFixed(2)).toBe(away(quoteOf('AAPL').bid, -100, 2));
    await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
  });

  it('takes a stop loss raised by hand (checked as usual) and trails on from it, refuses one put back behind the trailed stop; removing the stop loss ends trailing', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'buy' });
    await patch(token, id, { trailing_stop: 100 });
    await tick({ EURUSD: '1.10300' });
    const trailed = away(quoteOf('EURUSD').bid, -100, 5);
    expect(await storedStop(id)).toBe(trailed);
    // Wrong side: refused at the field as any stop loss.
    const wrong = await patch(token, id, { stop_loss: '1.20000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.stop_loss).toEqual([tradeTexts.stopLossSide('buy', 'current')]);
    // Lowered by hand while trailing: refused at the field (a dialog opened before the engine moved the stop would put it back).
    await tick({ EURUSD: '1.10250' });
    const lowered = await patch(token, id, { stop_loss: '1.09000' });
    expect(lowered.status).toBe(422);
    expect(lowered.body.errors.stop_loss).toEqual([trailingStopBack(trailed)]);
    expect(await storedStop(id)).toBe(trailed);
    // Raised by hand: kept, and trailing goes on from there.
    const raised = await patch(token, id, { stop_loss: '1.10220' });
    expect(raised.body.data).toMatchObject({ stop_loss: 1.1022, trailing_stop: 100 });
    // The engine watches the stored stop (its trigger and the database agree).
    expect(stack.engine.trailing.get(id)?.stop).toBe(pointsOf('1.10220', 5));
    await tick({ EURUSD: '1.10400' });
    expect(await storedStop(id)).toBe(away(quoteOf('EURUSD').bid, -100, 5));
    // A take-profit change leaves the trailed stop where it is.
    const withTp = await patch(token, id, { take_profit: '1.12000' });
    expect(withTp.body.data).toMatchObject({ take_profit: 1.12, stop_loss: Number(await storedStop(id)), trailing_stop: 100 });
    // Distance 0 switches it off and keeps the stop; a stop loss removed ends trailing too.
    expect((await patch(token, id, { trailing_stop: 0 })).body.data).toMatchObject({ trailing_stop: null, stop_loss: Number(await storedStop(id)) });
    expect(stack.engine.trailing.get(id)).toBeUndefined();
    await patch(token, id, { trailing_stop: 100 });
    expect((await patch(token, id, { stop_loss: null })).body.data).toMatchObject({ trailing_stop: null, stop_loss: null });
    expect(stack.engine.trailing.get(id)).toBeUndefined();
    await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
  });

  it('refuses a distance it cannot use at the field, and another customer’s trade is not found', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'buy' });
    for (const bad of [5, 10.5, -100, 1_000_001, '100']) {
      const res = await patch(token, id, { trailing_stop: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors.trailing_stop).toEqual([tradeTexts.trailingStop]);
    }
    // 1,000,000 points of EUR/USD is 10.00000: below zero for a buy's stop.
    const beyond = await patch(token, id, { trailing_stop: 1_000_000 });
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors.trailing_stop).toEqual([trailingStopBeyondZero]);
    expect(await rowOf(id)).toMatchObject({ trailingStop: null, stopLoss: null });
    const other = await fundedTrader(stack, '10');
    expect((await patch(other.token, id, { trailing_stop: 100 })).status).toBe(404);
    await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
  });

  it('changes no level while the instrument has no price to check it against: 503 with the reason, never a 500', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'buy' });
    const quotes = stack.market.quotes;
    const get = quotes.get.bind(quotes);
    quotes.get = (assetId) => (assetId === idOf('EURUSD') ? undefined : get(assetId));
    try {
      const res = await patch(token, id, { trailing_stop: 100 });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(tradeTexts.noPrice);
    } finally {
      quotes.get = get;
    }
    expect(await rowOf(id)).toMatchObject({ trailingStop: null, stopLoss: null });
    await request(stack.app).post(`/api/v1/trade/${id}/close`).set(bearer(token));
  });

  it('when the engine starts again over the same database, then it continues from the stored stop', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const id = await open(token, { type: 'buy' });
    await patch(token, id, { trailing_stop: 100 });
    await tick({ EURUSD: '1.10200' });
    const stored = await storedStop(id);
    await stack.engine.stop();
    const next = await startTrading({ database: stack.database, now: () => now });
    try {
      // The new process's prices start where the old left off, then fall back: the stop stays.
      await tick({ EURUSD: '1.10150' }, next);
      expect(next.engine.trailing.get(id)?.stop).toBe(Math.round(Number(stored) * 1e5));
      expect(await storedStop(id)).toBe(stored);
      await tick({ EURUSD: '1.10400' }, next);
      expect(await storedStop(id)).toBe(away(quoteOf('EURUSD', next).bid, -100, 5));
      await tick({ EURUSD: '1.10200' }, next);
      expect(await rowOf(id)).toMatchObject({ status: 'closed', closeReason: 'stop_loss' });
    } finally {
      await next.trading.close();
      await stack.engine.start();
    }
  });
});
