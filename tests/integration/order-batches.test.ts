import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MarketOrder } from '../../server/trading/engine/orders';
import { orderRequests, trades, tradingAccounts } from '../../server/trading/db/schema';
import { executeMarketOrders, type MarketOrderTicket } from '../../server/trading/engine/market-orders';
import { auditLedger } from '../support/money';
import { fundedTrader, startTrading, type TradingStack } from '../support/trading';

let stack: TradingStack;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('EURUSD')]: '1.00000' });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

const tradesOf = (accountId: number) => stack.database.db.select().from(trades).where(eq(trades.accountId, accountId));

describe('market orders executed together in one transaction', () => {
  it('answers each order as if it were alone: order ids, accounts and margin are kept apart per account and in order', async () => {
    const a = await fundedTrader(stack, '10000');
    const b = await fundedTrader(stack, '10000');
    const c = await fundedTrader(stack, '1000');
    const [demo] = await stack.database.db
      .select()
      .from(tradingAccounts)
      .where(and(eq(tradingAccounts.userId, a.user.id), eq(tradingAccounts.type, 'demo')));
    const orderId = randomUUID();
    const buy: MarketOrder = { side: 'buy', assetId: idOf('EURUSD'), units: '10000', leverage: 20 };
    const ticket = (userId: number, order: Partial<MarketOrder>, id?: string): MarketOrderTicket => ({ userId, order: { ...buy, ...order }, orderId: id, classLeverage: 100 });
    const published: number[] = [];
    const off = stack.bus.subscribe('trade.updated', ({ trade }) => published.push(trade.id));

    const answers = await executeMarketOrders(stack, [
      ticket(a.user.id, {}, orderId), // opens
      ticket(a.user.id, {}, orderId), // the same order again: the same answer
      ticket(a.user.id, { side: 'sell' }, orderId), // the same id for another order: refused
      ticket(b.user.id, { accountId: a.account.id }), // someone else's account
      ticket(b.user.id, {}, orderId), // the same id on another account is another order
      ticket(c.user.id, { units: '12000' }), // 600.03 of 1,000 free
      ticket(c.user.id, { units: '12000' }), // would need 600.03 of the 399.97 left
      ticket(a.user.id, { accountId: demo!.id }), // the demo account when named
    ]);
    off();

    expect(answers.map((x) => (x.ok ? 'done' : x.refusal.kind))).toEqual(['done', 'done', 'invalid', 'not_found', 'done', 'done', 'invalid', 'done']);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toMatchObject({ refusal: { errors: { order_id: ['This order id was already used for a different order.'] } } });
    expect(answers[3]).toEqual({ ok: false, refusal: { kind: 'not_found', message: 'Account not found.' } });
    expect(answers[6]).toMatchObject({ refusal: { message: 'Insufficient free margin' } });
    expect(await tradesOf(a.account.id)).toHaveLength(1);
    expect(await tradesOf(b.account.id)).toHaveLength(1);
    expect(await tradesOf(c.account.id)).toHaveLength(1);
    expect(await tradesOf(demo!.id)).toHaveLength(1);
    const data = (i: number) => {
      const answer = answers[i]!;
      if (!answer.ok) throw new Error(`order ${i} was refused: ${answer.refusal.message}`);
      return answer.value;
    };
    expect([0, 4, 5, 7].map((i) => data(i).account_id)).toEqual([a.account.id, b.account.id, c.account.id, demo!.id]);
    expect(published.sort()).toEqual([0, 4, 5, 7].map((i) => data(i).id).sort());

    // Stored once per account and id; asked again later, alone, it gets the first answer.
    const stored = await stack.database.db.select().from(orderRequests).where(eq(orderRequests.clientOrderId, orderId));
    expect(stored.map((r) => r.accountId).sort()).toEqual([a.account.id, b.account.id].sort());
    const [again] = await executeMarketOrders(stack, [ticket(a.user.id, {}, orderId)]);
    expect(again).toEqual(answers[0]);
    expect(await tradesOf(a.account.id)).toHaveLength(1);
  });
});
