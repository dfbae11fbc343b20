import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, pendingOrders, trades } from '../../server/trading/db/schema';
import { auditLedger } from '../support/money';
import { fundedTrader, startTrading, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('EURUSD')]: '1.00000' });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

const tradesOf = (accountId: number) => stack.database.db.select().from(trades).where(eq(trades.accountId, accountId));

describe('orders at once', () => {
  it('when the same order id arrives 20 times at once, then one trade opens and every answer is the first', async () => {
    const { account, token } = await fundedTrader(stack, '10000');
    const orderId = randomUUID();
    const body = { type: 'buy', id: idOf('EURUSD'), volume: '10000', leverage: 20, order_id: orderId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(stack.app).post('/api/v1/trades/store').set(bearer(token)).send(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await tradesOf(account.id)).toHaveLength(1);
    const header = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .set('Idempotency-Key', orderId)
      .send({ ...body, order_id: undefined });
    expect(header.body).toEqual(answers[0]!.body);
    const other = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ ...body, type: 'sell' });
    expect(other.status).toBe(422);
    expect(other.body.errors.order_id).toEqual(['This order id was already used for a different order.']);
    expect(await tradesOf(account.id)).toHaveLength(1);
  });

  it('when a pending order is sent again with its order id, then it is placed once', async () => {
    const { account, token } = await fundedTrader(stack, '10000');
    const body = { type: 'buy', kind: 'limit', price: '0.90000', id: idOf('EURUSD'), volume: '10000', leverage: 20, order_id: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => request(stack.app).post('/api/v1/orders/pending').set(bearer(token)).send(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const placed = await stack.database.db.select().from(pendingOrders).where(eq(pendingOrders.accountId, account.id));
    expect(placed).toHaveLength(1);
  });

  it('when 100 orders each needing 0.3 of the free margin arrive at once, then at most 3 fill and the rest are refused', async () => {
    // 1,000 USD free; each order: 9,000 units × 1.00005 / 30 = 300.01 USD of margin (Premium plan, capped at 1:30).
    const { account, token } = await fundedTrader(stack, '1000');
    await stack.database.db.execute(sql`update users set plan_id = (select id from plans where slug = 'premium') where id = (select user_id from trading_accounts where id = ${account.id})`);
    const body = { type: 'buy', id: idOf('EURUSD'), volume: '9000', leverage: 30 };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        request(stack.app)
          .post('/api/v1/trades/store')
          .set(bearer(token))
          .send({ ...body, order_id: randomUUID() }),
      ),
    );
    const filled = answers.filter((a) => a.status === 201);
    expect(filled.length).toBe(3);
    expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 422 && a.body.message === 'Insufficient free margin')).toBe(true);
    expect(await tradesOf(account.id)).toHaveLength(filled.length);
  });

  it('when one trade is closed 20 times at once, then it closes once with one P/L entry and the rest hear it is closed', async () => {
    const { account, token } = await fundedTrader(stack, '10000');
    const opened = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(token))
      .send({ type: 'sell', id: idOf('EURUSD'), volume: '10000', leverage: 20 });
    expect(opened.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(token))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'This trade is already closed.')).toBe(true);
    const entries = await stack.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `trade:${opened.body.data.id}`));
    expect(entries.filter((e) => e.kind === 'realized_pnl')).toHaveLength(1);
    expect(entries[0]!.accountId).toBe(account.id);
  });
});
