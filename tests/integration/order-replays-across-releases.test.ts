import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { tradeSchema, type TradeView } from '../../shared/api/trades.schema';
import { outcomeFromLegacy } from '../../server/trading/db/legacy-order-answers';
import { orderRequests, trades } from '../../server/trading/db/schema';
import { fundedTrader, startTrading, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Order ids stored by a release before migration 0018 (an HTTP status and body, no outcome) must still
 * get their first answer, and rows this release writes must still be readable by that release while
 * both run during a rolling deploy (docs/trading.md#order-ids).
 */

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
});
afterAll(() => stack.database.close());

/** The fingerprint as the first release computed it, written out here so a change to ours shows. */
function firstReleaseHash(kind: 'market' | 'pending', parsedWireOrder: Record<string, unknown>): string {
  const request: Record<string, unknown> = { request: kind, ...parsedWireOrder, order_id: undefined };
  const canonical = JSON.stringify(
    Object.keys(request)
      .sort()
      .map((key) => [key, request[key] ?? null]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}

const wire = () => ({ type: 'buy', id: idOf('EURUSD'), volume: '100000', leverage: 20, take_profit: 0, stop_loss: 0 });
/** The same order after the schema parsed it, as the first release hashed it (numbers as decimal strings). */
const parsed = () => ({ ...wire(), take_profit: '0', stop_loss: '0' });

async function storeAsFirstRelease(accountId: number, orderId: string, status: number | null, response: unknown, hash = firstReleaseHash('market', parsed())) {
  await stack.database.db.insert(orderRequests).values({ accountId, clientOrderId: orderId, requestHash: hash, status, response });
}

const tradesOf = async (accountId: number) => (await stack.database.db.select().from(trades).where(eq(trades.accountId, accountId))).length;

describe('an order id stored by an earlier release', () => {
  it('replays its first answer to the same order, places nothing, and refuses another order under it', async () => {
    // A trade's view as the first release stored it (decimal strings, a numeric id): one placed now, as stored.
    const elsewhere = await fundedTrader(stack, '10000.00');
    const first = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(elsewhere.token))
      .send({ ...wire(), order_id: 'placed-elsewhere' });
    const [stored] = await stack.database.db.select().from(orderRequests).where(eq(orderRequests.accountId, elsewhere.account.id));
    const view = (stored!.outcome as { value: unknown }).value;

    const { token, account } = await fundedTrader(stack, '10000.00');
    await storeAsFirstRelease(account.id, 'placed-before', 201, { data: view });
    await storeAsFirstRelease(account.id, 'requoted-before', 409, { message: 'The price has moved.', price: '1.10100' });

    const placed = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ ...wire(), order_id: 'placed-before' });
    expect([placed.status, placed.body]).toEqual([201, first.body]);
    const requoted = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ ...wire(), order_id: 'requoted-before' });
    expect([requoted.status, requoted.body]).toEqual([409, { message: 'The price has moved.', price: '1.10100' }]);
    expect(await tradesOf(account.id)).toBe(0);

    const other = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ ...wire(), volume: '200000', order_id: 'placed-before' });
    expect(other.status).toBe(422);
    expect(other.body.errors).toHaveProperty('order_id');
  });

  it('stores what it answers in both forms, so an earlier release still running replays it', async () => {
    const { token, account } = await fundedTrader(stack, '10000.00');
    const res = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ ...wire(), order_id: 'placed-now' });
    expect(res.status).toBe(201);
    const [row] = await stack.database.db.select().from(orderRequests).where(eq(orderRequests.accountId, account.id));
    // Stored as our code holds it (decimal strings, as the first release stored it too); the wire's numbers are made on the way out.
    const view = (row!.outcome as { value: TradeView }).value;
    expect(z.encode(tradeSchema, view)).toEqual(res.body.data);
    expect(row).toMatchObject({ requestHash: firstReleaseHash('market', parsed()), status: 201, response: { data: view }, outcome: { ok: true, value: view } });
  });
});

describe('an order id stored before migration 0030', () => {
  it('replays a placed order whose stored trade has no trailing_stop with trailing_stop null, and places nothing', async () => {
    const elsewhere = await fundedTrader(stack, '10000.00');
    const first = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(elsewhere.token))
      .send({ ...wire(), order_id: 'placed-before-trailing' });
    expect(first.status).toBe(201);
    const [stored] = await stack.database.db.select().from(orderRequests).where(eq(orderRequests.accountId, elsewhere.account.id));
    // The trade's view as a release before trailing stops stored it: the same keys but trailing_stop.
    const { trailing_stop: _absent, ...view } = (stored!.outcome as { value: TradeView }).value;

    const { token, account } = await fundedTrader(stack, '10000.00');
    await stack.database.db.insert(orderRequests).values({
      accountId: account.id,
      clientOrderId: 'placed-before-trailing',
      requestHash: stored!.requestHash,
      outcome: { ok: true, value: view },
      status: 201,
      response: { data: view },
    });
    const replayed = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ ...wire(), order_id: 'placed-before-trailing' });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(201);
    expect(replayed.body.data).toEqual({ ...first.body.data, trailing_stop: null });
    expect(await tradesOf(account.id)).toBe(0);
  });
});

describe('an order id stored before trades named their instrument by its key', () => {
  /** Stores `view` as `orderId`'s first answer for a new trader, as `stored` (the row of the same order placed elsewhere) holds it. */
  async function storedFor(stored: typeof orderRequests.$inferSelect, orderId: string, view: object) {
    const trader = await fundedTrader(stack, '10000.00');
    await stack.database.db
      .insert(orderRequests)
      .values({ accountId: trader.account.id, clientOrderId: orderId, requestHash: stored.requestHash, outcome: { ok: true, value: view }, status: 201, response: { data: view } });
    return trader;
  }
  /** A view as those releases stored it: the numeric id as `asset_id`, no `instrument_id`, no commission or swap. */
  const asStoredBefore = ({ instrument_id, paid_commission: _c, swap: _s, ...view }: Record<string, unknown>) => ({ ...view, asset_id: instrument_id });

  it('replays a placed trade with the key as asset_id, the id as instrument_id, no commission or swap, and places nothing', async () => {
    const elsewhere = await fundedTrader(stack, '10000.00');
    const first = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(elsewhere.token))
      .send({ ...wire(), order_id: 'placed-before-key' });
    const [stored] = await stack.database.db.select().from(orderRequests).where(eq(orderRequests.accountId, elsewhere.account.id));
    const { token, account } = await storedFor(stored!, 'placed-before-key', asStoredBefore((stored!.outcome as { value: Record<string, unknown> }).value));
    const replayed = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ ...wire(), order_id: 'placed-before-key' });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(201);
    expect(replayed.body.data).toEqual(first.body.data);
    expect(replayed.body.data).toMatchObject({ asset_id: 'EURUSD', instrument_id: idOf('EURUSD'), paid_commission: 0, swap: 0 });
    expect(await tradesOf(account.id)).toBe(0);
  });

  it('replays a pending order the same way', async () => {
    const order = { type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20, kind: 'limit', price: '1.05000', order_id: 'pending-before-key' };
    const elsewhere = await fundedTrader(stack, '10000.00');
    const first = await request(stack.app).post('/api/v1/orders/pending').set(bearer(elsewhere.token)).send(order);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const [stored] = await stack.database.db.select().from(orderRequests).where(eq(orderRequests.accountId, elsewhere.account.id));
    const { instrument_id, ...view } = (stored!.outcome as { value: Record<string, unknown> }).value;
    const { token } = await storedFor(stored!, 'pending-before-key', { ...view, asset_id: instrument_id });
    const replayed = await request(stack.app).post('/api/v1/orders/pending').set(bearer(token)).send(order);
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(201);
    expect(replayed.body.data).toEqual(first.body.data);
    expect(replayed.body.data).toMatchObject({ asset_id: 'EURUSD', instrument_id: idOf('EURUSD') });
  });
});

describe('migration 0018', () => {
  it('turns stored answers into the outcomes the code reads from rows it did not reach', async () => {
    const { account } = await fundedTrader(stack, '10000.00');
    const answers: [number | null, unknown][] = [
      [201, { data: { id: 1 } }],
      [200, { data: { id: 2, kind: 'limit' } }],
      [404, { message: 'Asset not found' }],
      [403, { message: 'Not allowed' }],
      [422, { message: 'Volume must be a positive number', errors: { volume: ['Volume must be a positive number'] } }],
      [409, { message: 'Automation is off' }],
      [409, { message: 'The price has moved.', price: '1.2' }],
      [503, { message: 'Busy' }],
      [null, null],
      [500, null],
    ];
    for (const [i, [status, response]] of answers.entries()) await storeAsFirstRelease(account.id, `m-${i}`, status, response, 'h');

    const migration = readFileSync(new URL('../../server/trading/db/migrations/0018_order_outcomes.sql', import.meta.url), 'utf8');
    const update = migration.split('--> statement-breakpoint')[1]!;
    await stack.database.db.execute(sql.raw(update));

    const rows = await stack.database.db.select().from(orderRequests).where(eq(orderRequests.accountId, account.id));
    expect(rows).toHaveLength(answers.length);
    for (const row of rows) expect({ id: row.clientOrderId, outcome: row.outcome }).toEqual({ id: row.clientOrderId, outcome: outcomeFromLegacy(row) });
  });
});
