import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRequest } from '../../shared/api/trades.schema';
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
    const [demo] = await stack.database.db.select().from(tradingAccounts).where(and(eq(tradingAccounts.userId, a.user.id), eq(tradingAccounts.type, 'demo')));
    const orderId = randomUUID();
    const buy: OrderRequest = { type: 'buy', id: idOf('EURUSD'), volume: '10000', leverage: 20 };
    const ticket = (userId: number, order: Partial<OrderRequest>, id?: string): MarketOrderTicket => ({ userId, order: { ...buy, ...order }, orderId: id, classLeverage: 100 });
    const published: number[] = [];
    const off = stack.bus.subscribe('trade.updated', ({ trade }) => published.push(trade.id));

    const answers = await executeMarketOrders(stack, [
      ticket(a.user.id, {}, orderId), // opens
      ticket(a.user.id, {}, orderId), // the same order again: the same answer
      ticket(a.user.id, { type: 'sell' }, orderId), // the same id for another order: refused
      ticket(b.user.id, { account_id: a.account.id }), // someone else's account
      ticket(b.user.id, {}, orderId), // the same id on another account is another order
      ticket(c.user.id, { volume: '12000' }), // 600.03 of 1,000 free
      ticket(c.user.id, { volume: '12000' }), // would need 600.03 of the 399.97 left
      ticket(a.user.id, { account_id: demo!.id }), // the demo account when named
    ]);
    off();

    expect(answers.map((x) => x.status)).toEqual([201, 201, 422, 404, 201, 201, 422, 201]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]!.body).toMatchObject({ errors: { order_id: ['This order id was already used for a different order.'] } });
    expect(answers[3]!.body).toEqual({ message: 'Account not found.' });
    expect(answers[6]!.body).toMatchObject({ message: 'Insufficient free margin' });
    expect(await tradesOf(a.account.id)).toHaveLength(1);
    expect(await tradesOf(b.account.id)).toHaveLength(1);
    expect(await tradesOf(c.account.id)).toHaveLength(1);
    expect(await tradesOf(demo!.id)).toHaveLength(1);
    const data = (i: number) => (answers[i]!.body as { data: { id: number; account_id: number } }).data;
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
