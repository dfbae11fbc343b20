import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrders, trades } from '../../server/trading/db/schema';
import { fillPending } from '../../server/trading/engine/pending';
import { Money } from '../../shared/money';
import { formatPoints, pointsOf } from '../../shared/trading/points';
import { pendingTexts } from '../../shared/trading/texts';
import { auditLedger } from '../support/money';
import { fundedTrader, startTrading, type TradingStack, withoutPlanConditions } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Execution never worse than the order says (docs/trading.md#pending-orders), over random instruments, prices,
 * sides, types and tick paths with gaps, through the real API and engine: an order on the wrong side of the quote
 * for its type is refused at `price` (placed or moved); after every tick each waiting order is filled exactly when
 * the tick reached its price, at that tick's ask (buy) or bid (sell); a limit never worse than its price, a stop
 * only once its level was touched. PENDING_RUNS sets the runs (40 by default).
 */

const runs = Number(process.env.PENDING_RUNS ?? 40);

let stack: TradingStack;
let trader: Awaited<ReturnType<typeof fundedTrader>>;

/** Instruments of three precisions, each with a volume in units its sizing takes. */
const instruments = [
  { symbol: 'EURUSD', volume: '10000' },
  { symbol: 'USDJPY', volume: '10000' },
  { symbol: 'BTCUSD', volume: '0.01' },
] as const;

beforeAll(async () => {
  stack = await startTrading();
  await withoutPlanConditions(stack);
  trader = await fundedTrader(stack, '100000000');
});
afterAll(async () => {
  await auditLedger(stack.database.db);
  await stack.database.close();
});

type Side = 'buy' | 'sell';
type Kind = 'limit' | 'stop';
/**
 * How far a price sits from the quote its side watches, in hundredths of a percent: on the side where its type waits
 * (a buy limit below the ask, a buy stop above it, a sell limit above the bid, a sell stop below it), or, one time in
 * five, at the quote or beyond it on the wrong side.
 */
interface Offset {
  distance: number;
  wrongSide: boolean;
}
interface OrderPlan {
  side: Side;
  kind: Kind;
  offset: Offset;
  /** A move after placement, from the quote then; null for none. */
  move: Offset | null;
}

const offsetArb = fc.record<Offset>({ distance: fc.integer({ min: 0, max: 60 }), wrongSide: fc.boolean().chain((b) => (b ? fc.boolean() : fc.constant(false))) });
const orderArb = fc.record<OrderPlan>({
  side: fc.constantFrom('buy', 'sell'),
  kind: fc.constantFrom('limit', 'stop'),
  offset: offsetArb,
  move: fc.option(offsetArb, { freq: 3 }),
});
/** Each step moves the mid by up to 0.3 % or, as a gap, by up to 5 % (a weekend, a news spike), in hundredths of a percent. */
const stepArb = fc.oneof({ arbitrary: fc.integer({ min: -30, max: 30 }), weight: 3 }, { arbitrary: fc.integer({ min: -500, max: 500 }), weight: 1 });
const scenarioArb = fc.record({
  instrument: fc.constantFrom(...instruments),
  /** The starting mid, in hundredths of a percent from the seeded price. */
  start: fc.integer({ min: -300, max: 300 }),
  orders: fc.array(orderArb, { minLength: 1, maxLength: 4 }),
  path: fc.array(stepArb, { minLength: 1, maxLength: 16 }),
});

const waitsAt = ({ side, kind, price }: { side: Side; kind: Kind; price: string }, quote: { bid: string; ask: string }) => {
  const watched = new Money(side === 'buy' ? quote.ask : quote.bid);
  const above = new Money(price).gt(watched);
  const below = new Money(price).lt(watched);
  return kind === 'limit' ? (side === 'buy' ? below : above) : side === 'buy' ? above : below;
};
const reached = ({ side, kind, price }: { side: Side; kind: Kind; price: string }, quote: { bid: string; ask: string }) => {
  const watched = new Money(side === 'buy' ? quote.ask : quote.bid);
  return kind === 'limit' ? (side === 'buy' ? watched.lte(price) : watched.gte(price)) : side === 'buy' ? watched.gte(price) : watched.lte(price);
};

describe('pending orders fill as their type says, never worse than a limit', () => {
  it('when random orders meet random tick paths with gaps, then each is refused on the wrong side, or filled exactly at the first tick that reaches it at that tick’s price, a limit at its price or better and a stop only once touched', async () => {
    const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
    const quoteOf = (assetId: number) => stack.market.quotes.get(assetId)!;
    let fills = 0;
    let refusals = 0;
    let limitsBetter = 0;
    let stopsSlipped = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ instrument: { symbol, volume }, start, orders, path }) => {
        const instrument = stack.market.instrument(idOf(symbol))!;
        const { digits } = instrument;
        const assetId = instrument.id;
        const seeded = pointsOf(instrument.seedPrice, digits);
        let mid = Math.round(seeded * (1 + start / 10_000));
        const tick = async () => {
          stack.prices.set({ [assetId]: formatPoints(mid, digits) });
          await stack.engine.idle();
          return quoteOf(assetId);
        };
        /** The price `offset` puts an order of this side and type at, from the quote its side watches now. */
        const priceAt = (side: Side, kind: Kind, { distance, wrongSide }: Offset) => {
          const quote = quoteOf(assetId);
          const watched = side === 'buy' ? quote.askPoints : quote.bidPoints;
          const above = (side === 'buy') === (kind === 'stop');
          const sign = above !== wrongSide ? 1 : -1;
          return formatPoints(Math.max(1, watched + sign * Math.round((watched * distance) / 10_000)), digits);
        };

        await tick();
        const waiting: { id: number; side: Side; kind: Kind; price: string }[] = [];
        for (const plan of orders) {
          const order = { side: plan.side, kind: plan.kind, price: priceAt(plan.side, plan.kind, plan.offset) };
          const shouldWait = waitsAt(order, quoteOf(assetId));
          const placed = await request(stack.app)
            .post('/api/v1/orders/pending')
            .set(bearer(trader.token))
            .send({ id: assetId, type: order.side, kind: order.kind, price: order.price, volume, leverage: 1 });
          if (!shouldWait) {
            expect(placed.status, JSON.stringify(placed.body)).toBe(422);
            expect(placed.body.errors.price).toEqual([pendingTexts.priceSide(order.side, order.kind)]);
            refusals += 1;
            continue;
          }
          expect(placed.status, JSON.stringify(placed.body)).toBe(201);
          // The order as stored is the one asked for: the type never changes with the market.
          expect(placed.body.data).toMatchObject({ trade_type: order.side, kind: order.kind });
          expect(new Money(String(placed.body.data.price)).eq(order.price)).toBe(true);
          const placedOrder = { id: placed.body.data.id as number, ...order };
          if (plan.move !== null) {
            const to = priceAt(order.side, order.kind, plan.move);
            const moved = await request(stack.app).patch(`/api/v1/orders/pending/${placedOrder.id}`).set(bearer(trader.token)).send({ price: to });
            if (new Money(to).eq(order.price) || waitsAt({ ...order, price: to }, quoteOf(assetId))) {
              expect(moved.status, JSON.stringify(moved.body)).toBe(200);
              expect(moved.body.data.kind).toBe(order.kind);
              expect(new Money(String(moved.body.data.price)).eq(to)).toBe(true);
              placedOrder.price = to;
            } else {
              expect(moved.status, JSON.stringify(moved.body)).toBe(422);
              expect(moved.body.errors.price).toEqual([pendingTexts.priceSide(order.side, order.kind)]);
              refusals += 1;
            }
          }
          waiting.push(placedOrder);
        }
        await stack.engine.idle();

        for (const step of path) {
          mid = Math.max(10, mid + Math.round((mid * step) / 10_000));
          const quote = await tick();
          for (const order of [...waiting]) {
            const [row] = await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, order.id));
            if (!reached(order, quote)) {
              expect(row!.status, `${order.side} ${order.kind} at ${order.price}, bid ${quote.bid} ask ${quote.ask}`).toBe('pending');
              continue;
            }
            expect(row!.status, `${order.side} ${order.kind} at ${order.price}, bid ${quote.bid} ask ${quote.ask}`).toBe('filled');
            const [trade] = await stack.database.db.select().from(trades).where(eq(trades.id, row!.tradeId!));
            const filled = new Money(trade!.openPrice);
            // At the price of the tick that reached it: the ask for a buy, the bid for a sell.
            expect(filled.eq(order.side === 'buy' ? quote.ask : quote.bid), `filled at ${trade!.openPrice}, bid ${quote.bid} ask ${quote.ask}`).toBe(true);
            expect(trade!.side).toBe(order.side);
            if (order.kind === 'limit') {
              // A limit: never worse than its price (a gap past it fills better).
              expect(order.side === 'buy' ? filled.lte(order.price) : filled.gte(order.price), `${order.side} limit ${order.price} filled at ${filled}`).toBe(true);
              if (!filled.eq(order.price)) limitsBetter += 1;
            } else {
              // A stop: only once the market touched its level; at the market from there (slippage allowed).
              expect(order.side === 'buy' ? filled.gte(order.price) : filled.lte(order.price), `${order.side} stop ${order.price} filled at ${filled}`).toBe(true);
              if (!filled.eq(order.price)) stopsSlipped += 1;
            }
            fills += 1;
            waiting.splice(waiting.indexOf(order), 1);
          }
        }

        // Leave nothing behind for the next run: cancel what waits, close what filled.
        for (const order of waiting) expect((await request(stack.app).delete(`/api/v1/orders/pending/${order.id}`).set(bearer(trader.token))).status).toBe(200);
        const closed = await request(stack.app).post('/api/v1/trades/close-all').set(bearer(trader.token)).send({ account_id: trader.account.id });
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        await stack.engine.idle();
      }),
      { numRuns: runs },
    );
    const left = await stack.database.db
      .select()
      .from(pendingOrders)
      .where(and(eq(pendingOrders.accountId, trader.account.id), eq(pendingOrders.status, 'pending')));
    expect(left).toEqual([]);
    // The runs did reach every case, not only the quiet ones.
    console.info(`pending-fills property: ${runs} runs, ${fills} fills (${limitsBetter} limits better than their price, ${stopsSlipped} stops past their level), ${refusals} wrong-side refusals`);
    expect(fills).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
  }, 120_000);

  it('when a fill is asked at a price worse than a limit or short of a stop (a trigger that fired wrongly), then nothing fills and the order waits', async () => {
    const eurusd = stack.market.instruments.find((i) => i.symbol === 'EURUSD')!;
    stack.prices.set({ [eurusd.id]: '1.10000' });
    await stack.engine.idle();
    // The customer's client group: their plan's (none here: the default plan's).
    const group = stack.market.groupOf(null);
    const quote = stack.market.quoteFor(eurusd.id, group)!;
    const cases = [
      { type: 'buy', kind: 'limit', price: '1.09500', worse: '1.09501' },
      { type: 'sell', kind: 'limit', price: '1.10500', worse: '1.10499' },
      { type: 'buy', kind: 'stop', price: '1.10500', worse: '1.10499' },
      { type: 'sell', kind: 'stop', price: '1.09500', worse: '1.09501' },
    ];
    for (const { worse, ...order } of cases) {
      const placed = await request(stack.app)
        .post('/api/v1/orders/pending')
        .set(bearer(trader.token))
        .send({ id: eurusd.id, volume: '10000', leverage: 1, ...order });
      expect(placed.status).toBe(201);
      const filled = await stack.database.db.transaction((tx) =>
        fillPending(tx, { market: stack.market, orderId: placed.body.data.id, level: pointsOf(order.price, eurusd.digits), group, price: worse, quote }),
      );
      expect(filled, `${order.type} ${order.kind} at ${order.price} filled at ${worse}`).toBeNull();
      const [row] = await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, placed.body.data.id));
      expect(row!.status).toBe('pending');
      expect((await request(stack.app).delete(`/api/v1/orders/pending/${placed.body.data.id}`).set(bearer(trader.token))).status).toBe(200);
    }
  });
});
