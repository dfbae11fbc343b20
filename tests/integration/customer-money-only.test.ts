import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../shared/texts';
import { ledgerEntries, tradingAccounts, users } from '../../server/trading/db/schema';
import { makeUser, type TestPerson } from '../support/factories';
import { auditLedger, deposit, liveAccount } from '../support/money';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Money lives only in customers' accounts (docs/accounts-and-ledger.md#whose-accounts): staff and admins hold no
 * trading account, the back office adjusts only customers' accounts, and the order endpoints refuse staff with a message.
 */
let stack: TradingStack;
let admin: TestPerson;
let adminToken: string;
let staff: TestPerson;
let staffToken: string;

beforeAll(async () => {
  stack = await startTrading();
  admin = await makeUser(stack.database.db, { role: 'admin' });
  adminToken = await tokenFor(stack.app, admin);
  staff = await makeUser(stack.database.db, { role: 'staff' });
  staffToken = await tokenFor(stack.app, staff);
});
afterAll(async () => {
  await auditLedger(stack.database.db);
  await stack.database.close();
});

const accountsOf = (userId: number) => stack.database.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, userId));

/** A back-office user who holds accounts from before this rule (they were opened for everyone): a customer made staff in the database. */
async function staffWithOldAccounts(role: 'staff' | 'admin'): Promise<TestPerson & { accountId: number }> {
  const person = await makeUser(stack.database.db);
  await stack.database.db.update(users).set({ role }).where(eq(users.id, person.user.id));
  return { ...person, accountId: (await liveAccount(stack.database.db, person.user.id)).id };
}

describe('when a staff member or an admin is made', () => {
  it('then they hold no trading account; a customer holds a Live and a Demo one', async () => {
    expect(await accountsOf(admin.user.id)).toEqual([]);
    expect(await accountsOf(staff.user.id)).toEqual([]);
    const customer = await makeUser(stack.database.db);
    expect((await accountsOf(customer.user.id)).map((a) => a.type).sort()).toEqual(['demo', 'live']);
  });
});

describe('when an admin books an adjustment to an account that is not a customer’s', () => {
  it('then a staff member’s account, or the admin’s own, is "Customer not found." (as the customer page says) and nothing is booked', async () => {
    const other = await staffWithOldAccounts('staff');
    const self = await staffWithOldAccounts('admin');
    const selfToken = await tokenFor(stack.app, self);
    for (const [target, token] of [
      [other, adminToken],
      [self, selfToken],
    ] as const) {
      const body = { account_id: target.accountId, type: 'correction', direction: 'credit', amount: '1000000.00', reason: 'Bonus for me', request_id: randomUUID() };
      const res = await request(stack.app).post(`/api/v1/admin/customers/${target.user.id}/adjustments`).set(bearer(token)).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(404);
      expect(res.body.message).toBe('Customer not found.');
      expect((await request(stack.app).get(`/api/v1/admin/customers/${target.user.id}`).set(bearer(token))).body.message).toBe('Customer not found.');
      const entries = await stack.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, target.accountId));
      expect(entries.filter((e) => e.kind === 'correction')).toEqual([]);
    }
  });
});

describe('when money is posted to an account whose owner is not a customer, whatever the code path', () => {
  it('then the database refuses the ledger entry and a new account for them', async () => {
    const { accountId, user } = await staffWithOldAccounts('admin');
    for (const kind of ['correction', 'deposit', 'bonus_credit', 'transfer', 'demo_reset']) {
      await expect(stack.database.db.execute(sql`insert into ledger_entries (account_id, kind, amount, reference) values (${accountId}, ${kind}, '5', ${`direct-${kind}`})`), kind).rejects.toThrow();
    }
    await expect(stack.database.db.execute(sql`insert into trading_accounts (user_id, type, currency, is_primary) values (${user.id}, 'live', 'USD', false)`)).rejects.toThrow();
  });

  it('then a position a back-office user held from before still closes, its P/L booked (closing is never taken away)', async () => {
    const eurusd = stack.market.instruments.find((i) => i.symbol === 'EURUSD')!.id;
    stack.prices.set({ [eurusd]: '1.10000' });
    const person = await makeUser(stack.database.db);
    const live = await liveAccount(stack.database.db, person.user.id);
    await deposit(stack.database.db, live.id, '1000.00');
    const token = await tokenFor(stack.app, person);
    const opened = await request(stack.app).post('/api/v1/trades/store').set(bearer(token)).send({ type: 'buy', id: eurusd, volume: '1000', leverage: 20, order_id: randomUUID() });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    await stack.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, person.user.id));
    stack.prices.set({ [eurusd]: '1.10500' });
    const closed = await request(stack.app).post(`/api/v1/trade/${opened.body.data.id}/close`).set(bearer(token)).send({});
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const pnl = await stack.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, live.id));
    expect(pnl.filter((e) => e.kind === 'realized_pnl')).toHaveLength(1);
  });
});

describe('when staff or an admin call the order endpoints', () => {
  it('then every order call is 403 with a message saying trading is for customer accounts', async () => {
    const eurusd = stack.market.instruments.find((i) => i.symbol === 'EURUSD')!.id;
    stack.prices.set({ [eurusd]: '1.10000' });
    const order = { type: 'buy', id: eurusd, volume: '1000', leverage: 20 };
    for (const token of [staffToken, adminToken]) {
      for (const [method, path, body] of [
        ['post', '/trades/store', { ...order, order_id: randomUUID() }],
        ['post', '/orders/pending', { ...order, kind: 'limit', price: '1.00000', order_id: randomUUID() }],
        ['patch', '/orders/pending/1', { price: '1.00000' }],
        ['delete', '/orders/pending/1', undefined],
        ['patch', '/trades/1', { take_profit: null }],
        ['post', '/accounts/1/reset', undefined],
      ] as const) {
        const res = await request(stack.app)[method](`/api/v1${path}`).set(bearer(token)).send(body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.message, `${method} ${path}`).toBe(authTexts.customersOnly);
      }
    }
  });
});
