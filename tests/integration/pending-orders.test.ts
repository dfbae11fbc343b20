import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrders } from '../../server/trading/db/schema';
import { auditLedger } from '../support/money';
import { fundedTrader, startTrading, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

async function tick(mids: Record<string, string>) {
  stack.prices.set(Object.fromEntries(Object.entries(mids).map(([symbol, mid]) => [idOf(symbol), mid])));
  await stack.engine.idle();
}

const place = (token: string, body: Record<string, unknown>) =>
  request(stack.app)
    .post('/api/v1/orders/pending')
    .set(bearer(token))
    .send({ id: idOf('EURUSD'), volume: '10000', leverage: 20, ...body });

describe('pending orders', () => {
  it('when a sell stop is reached without enough free margin, then it is rejected with the reason', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '100');
    const placed = await place(token, { type: 'sell', kind: 'stop', price: '1.09000', volume: '100000' });
    expect(placed.status).toBe(201);
    await tick({ EURUSD: '1.08990' }); // bid 1.08985 ≤ 1.09000
    const [row] = await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, placed.body.data.id));
    expect(row).toMatchObject({ status: 'rejected', reason: 'Insufficient free margin', tradeId: null });
  });

  it('refuses prices on the wrong side of the quote and cancels once', async () => {
    await tick({ EURUSD: '1.10000' });
    const { token } = await fundedTrader(stack, '10000');
    const cases: [string, string, string][] = [
      ['buy', 'limit', 'A buy limit must be below the current buy price'],
      ['buy', 'stop', 'A buy stop must be above the current buy price'],
      ['sell', 'limit', 'A sell limit must be above the current sell price'],
      ['sell', 'stop', 'A sell stop must be below the current sell price'],
    ];
    const wrongPrice = { 'buy:limit': '1.20000', 'buy:stop': '1.00000', 'sell:limit': '1.00000', 'sell:stop': '1.20000' } as Record<string, string>;
    for (const [type, kind, message] of cases) {
      const res = await place(token, { type, kind, price: wrongPrice[`${type}:${kind}`] });
      expect(res.status).toBe(422);
      expect(res.body.errors.price).toEqual([message]);
    }
    const placed = await place(token, { type: 'buy', kind: 'stop', price: '1.20000' });
    expect(placed.status).toBe(201);
    const cancel = await request(stack.app).delete(`/api/v1/orders/pending/${placed.body.data.id}`).set(bearer(token));
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    expect((await request(stack.app).delete(`/api/v1/orders/pending/${placed.body.data.id}`).set(bearer(token))).status).toBe(409);
    await tick({ EURUSD: '1.21000' });
    const [row] = await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.id, placed.body.data.id));
    expect(row!.status).toBe('cancelled');
    const other = await fundedTrader(stack, '10');
    expect((await request(stack.app).delete(`/api/v1/orders/pending/${placed.body.data.id}`).set(bearer(other.token))).status).toBe(404);
    await tick({ EURUSD: '1.10000' });
  });
});
