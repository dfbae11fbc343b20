import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetailSchema, customerPage, overviewSchema } from '../../shared/api/back-office.schema';
import { customerSearch } from '../../server/trading/db/back-office.repo';
import { auditLog, ledgerEntries, notifications, outbox, tradingAccounts, users } from '../../server/trading/db/schema';
import { makeUser, type TestPerson } from '../support/factories';
import { auditLedger, balanceOf, deposit, liveAccount } from '../support/money';
import { startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

let stack: TradingStack;
let staffToken: string;
let adminToken: string;
const get = (path: string, token = staffToken) => request(stack.app).get(`/api/v1${path}`).set(bearer(token));
const send = (method: 'post' | 'patch', path: string, body: object, token = staffToken) => request(stack.app)[method](`/api/v1${path}`).set(bearer(token)).send(body);
const auditOf = async (userId: number, action: string) =>
  (
    await stack.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(userId)))
  ).filter((row) => row.subjectType === 'user' && row.action === action);

/** A customer with a recognisable name, e-mail and status. */
async function customer(first: string, last: string, status: 'active' | 'pending' | 'deactivated' = 'active'): Promise<TestPerson> {
  const person = await makeUser(stack.database.db, { status });
  const email = `${first}.${last}.${person.user.id}@example.test`.toLowerCase();
  await stack.database.db.update(users).set({ firstName: first, lastName: last, email }).where(eq(users.id, person.user.id));
  return { ...person, email, user: { ...person.user, firstName: first, lastName: last, email } };
}

beforeAll(async () => {
  stack = await startTrading();
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
  adminToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
});
afterAll(async () => {
  await auditLedger(stack.database.db);
  await stack.database.close();
});

describe('who may call the back office', () => {
  it('refuses customers with 403 on every back-office call and serves staff and admins', async () => {
    const person = await customer('Cora', 'Client');
    const token = await tokenFor(stack.app, person);
    for (const [method, path, body] of [
      ['get', '/admin/overview', undefined],
      ['get', '/admin/customers', undefined],
      ['get', `/admin/customers/${person.user.id}`, undefined],
      ['post', `/admin/customers/${person.user.id}/plan`, { plan_id: 1 }],
      ['post', `/admin/customers/${person.user.id}/notes`, { body: 'x' }],
      ['patch', `/admin/users/${person.user.id}`, { status: 'deactivated', reason: 'x' }],
    ] as const) {
      const res = method === 'get' ? await get(path, token) : await send(method, path, body!, token);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await get('/admin/overview')).status).toBe(200);
    expect((await get('/admin/overview', adminToken)).status).toBe(200);
    expect((await get(`/admin/customers/${person.user.id}`)).status).toBe(200);
    expect((await stack.database.db.select().from(users).where(eq(users.id, person.user.id)))[0]!.status).toBe('active');
  });
});

describe('the overview', () => {
  it('counts customers awaiting approval', async () => {
    const before = overviewSchema.parse((await get('/admin/overview')).body.data);
    await customer('Paula', 'Pending', 'pending');
    const after = overviewSchema.parse((await get('/admin/overview')).body.data);
    expect(after.customers_pending).toBe(before.customers_pending + 1);
    expect(after.customers_total).toBe(before.customers_total + 1);
  });
});

describe('the customer list', () => {
  it('finds a customer by e-mail prefix, name prefix, last name, account number and id; filters by status; pages keep the filters', async () => {
    const zed = await customer('Zebulon', 'Quarrington');
    const pending = await customer('Zebulon', 'Quaile', 'pending');
    const list = async (query: string) => customerPage.parse((await get(`/admin/customers?${query}`)).body);
    const ids = async (query: string) => (await list(query)).data.map((row) => row.id);

    expect(await ids(`q=${encodeURIComponent(zed.email.slice(0, 12))}`)).toEqual([zed.user.id]);
    expect(new Set(await ids('q=zebulon%20qua'))).toEqual(new Set([zed.user.id, pending.user.id]));
    expect(await ids('q=QUARR')).toEqual([zed.user.id]);
    const number = (await liveAccount(stack.database.db, zed.user.id)).number;
    expect(await ids(`q=${number}`)).toEqual([zed.user.id]);
    expect(await ids(`q=${zed.user.id}`)).toContain(zed.user.id);
    expect(await ids('q=zebulon%20qua&status=pending')).toEqual([pending.user.id]);
    // `%` and `_` are text to search for, not patterns.
    expect(await ids('q=%25')).toEqual([]);
    expect(await ids('q=_')).toEqual([]);

    const row = (await list(`q=${encodeURIComponent(zed.email)}`)).data[0]!;
    expect(row).toMatchObject({ name: 'Zebulon Quarrington', status: 'active', plan: 'Basic', verification_status: 'unverified', account_number: number, currency: 'USD', balance: '0', equity: '0' });
    // On the wire, money is a number (docs/api-conventions.md#wire-types).
    const wire = (await get(`/admin/customers?q=${encodeURIComponent(zed.email)}`)).body.data[0];
    expect([typeof wire.balance, typeof wire.equity]).toEqual(['number', 'number']);

    for (let i = 0; i < 26; i++) await customer('Pager', `Person${i}`);
    const first = await list('q=pager&sort=name');
    expect([first.data.length, first.meta.total, first.meta.last_page]).toEqual([25, 26, 2]);
    expect(first.links.next).toBe('/api/v1/admin/customers?q=pager&status=all&verification=all&sort=name&page=2');
    expect((await list('q=pager&sort=name&page=2')).data).toHaveLength(1);
  });

  it('shows the Live balance and equity at current prices, sorts by balance, and refuses bad filters with 422', async () => {
    const rich = await customer('Richie', 'Balancer');
    await deposit(stack.database.db, (await liveAccount(stack.database.db, rich.user.id)).id, '98765.43');
    const top = customerPage.parse((await get('/admin/customers?sort=balance')).body).data[0]!;
    expect([top.id, top.balance, top.equity]).toEqual([rich.user.id, '98765.43', '98765.43']);
    for (const bad of ['sort=richest', 'status=banned', 'page=0', `q=${'x'.repeat(255)}`]) {
      const res = await get(`/admin/customers?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(typeof res.body.message).toBe('string');
    }
  });
});

describe('a customer’s standing', () => {
  it('deactivating needs a reason, told to the customer by notification and mail; their sessions end; the audit has before and after', async () => {
    const person = await customer('Dana', 'Deactivated');
    const token = await tokenFor(stack.app, person);
    const blank = await send('patch', `/admin/users/${person.user.id}`, { status: 'deactivated', reason: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.reason).toEqual(['Give a reason: the customer is told it.']);
    expect((await get('/user', token)).status).toBe(200);

    const done = await send('patch', `/admin/users/${person.user.id}`, { status: 'deactivated', reason: 'Documents expired' });
    expect(done.status).toBe(200);
    expect((await get('/user', token)).status).toBe(401);
    const [entry] = await auditOf(person.user.id, 'user.status_changed');
    expect(entry!.details).toMatchObject({ from: 'active', to: 'deactivated', reason: 'Documents expired' });
    const [notice] = await stack.database.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(notice).toMatchObject({ title: 'Account deactivated', color: 'danger' });
    expect(notice!.message).toContain('Documents expired');
    const mails = await stack.database.db.select().from(outbox).where(eq(outbox.to, person.email));
    expect(mails.map((m) => m.subject)).toContain('Account deactivated');
    // Signing in again, the customer's user object carries the reason their disabled screen shows.
    expect((await get('/user', await tokenFor(stack.app, person))).body.data).toMatchObject({ status: 'deactivated', status_reason: 'Documents expired' });

    // Reactivating needs a reason too; once active there is no reason to show.
    expect((await send('patch', `/admin/users/${person.user.id}`, { status: 'active' })).status).toBe(422);
    expect((await send('patch', `/admin/users/${person.user.id}`, { status: 'active', reason: 'New documents checked' })).status).toBe(200);
    expect((await get('/user', await tokenFor(stack.app, person))).body.data).toMatchObject({ status: 'active', status_reason: null });
  });

  it('approving twice at once approves once: one audit entry, one notification, one mail', async () => {
    const person = await customer('Abe', 'Approved', 'pending');
    const results = await Promise.all([1, 2, 3].map(() => send('patch', `/admin/users/${person.user.id}`, { status: 'active' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await auditOf(person.user.id, 'user.status_changed')).toHaveLength(1);
    expect(await stack.database.db.select().from(notifications).where(eq(notifications.userId, person.user.id))).toHaveLength(1);
    expect(await stack.database.db.select().from(outbox).where(eq(outbox.to, person.email))).toHaveLength(1);
  });
});

describe('a customer’s page', () => {
  it('shows profile, accounts, the ledger with running balances, notes and the audit trail; notes are audited', async () => {
    const person = await customer('Petra', 'Profile');
    const live = await liveAccount(stack.database.db, person.user.id);
    await deposit(stack.database.db, live.id, '1000.00');
    await deposit(stack.database.db, live.id, '250.50');

    expect((await send('post', `/admin/customers/${person.user.id}/notes`, { body: '  ' })).status).toBe(422);
    const note = await send('post', `/admin/customers/${person.user.id}/notes`, { body: 'Called about the second deposit.' });
    expect(note.status).toBe(201);
    expect(note.body.data.body).toBe('Called about the second deposit.');

    const detail = customerDetailSchema.parse((await get(`/admin/customers/${person.user.id}`)).body.data);
    expect(detail.profile).toMatchObject({ first_name: 'Petra', email: person.email, status: 'active', plan: { title: 'Basic' } });
    expect(detail.accounts.map((a) => a.type).sort()).toEqual(['demo', 'live']);
    const liveLedger = detail.ledger.filter((l) => l.account_number === live.number);
    // Read back from the wire's numbers, in their shortest form.
    expect(liveLedger.map((l) => [l.amount, l.balance_after])).toEqual([
      ['250.5', '1250.5'],
      ['1000', '1000'],
    ]);
    expect(detail.notes.map((n) => n.body)).toEqual(['Called about the second deposit.']);
    expect(detail.audit.map((a) => a.action)).toContain('user.note_added');
    expect((await get('/admin/customers/999999')).status).toBe(404);
    expect((await get('/admin/customers/abc')).status).toBe(404);
    const staffMember = (await stack.database.db.select().from(users).where(eq(users.role, 'staff')))[0]!;
    expect((await get(`/admin/customers/${staffMember.id}`)).status).toBe(404);
  });

  it('moves a customer to another plan once, audited; an unknown plan is a 422', async () => {
    const person = await customer('Pia', 'Planner');
    const detail = customerDetailSchema.parse((await get(`/admin/customers/${person.user.id}`)).body.data);
    const other = detail.plans.find((p) => p.id !== detail.profile.plan?.id)!;
    expect((await send('post', `/admin/customers/${person.user.id}/plan`, { plan_id: 999999 })).status).toBe(422);
    const moved = await send('post', `/admin/customers/${person.user.id}/plan`, { plan_id: other.id, reason: 'Upgraded after review' });
    expect([moved.status, moved.body.data.changed]).toEqual([200, true]);
    const again = await send('post', `/admin/customers/${person.user.id}/plan`, { plan_id: other.id });
    expect([again.status, again.body.data.changed]).toEqual([200, false]);
    const entries = await auditOf(person.user.id, 'user.plan_changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({ to: other.id, reason: 'Upgraded after review' });
  });
});

describe('search at scale', () => {
  it('on PostgreSQL, an e-mail prefix among 5,000 customers is found through the index, not a scan', async (context) => {
    if (stack.database.driver !== 'postgres') return context.skip();
    const db = stack.database.db;
    await db.execute(sql`insert into users (first_name, last_name, email, password_hash, role, status)
      select 'Load', 'Customer' || g, 'load' || g || '@scale.test', 'x', 'customer', 'active' from generate_series(1, 5000) g`);
    await db.execute(sql`analyze users`);
    // The search the list runs (customerSearch), explained as PostgreSQL would run it.
    const search = db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'customer'), customerSearch('load4321')));
    const plan = await db.execute(sql`explain (format json) ${search}`);
    const text = JSON.stringify((plan as { rows?: unknown }).rows ?? plan);
    expect(text).toContain('users_email_prefix');
    expect(text).not.toContain('"Seq Scan"');
    const found = customerPage.parse((await get('/admin/customers?q=load4321')).body).data;
    expect(found.map((r) => r.email)).toEqual(['load4321@scale.test']);
  });
});

describe('balance adjustments (admins)', () => {
  const adjust = (customerId: number, body: object, token = adminToken) => send('post', `/admin/customers/${customerId}/adjustments`, body, token);
  const setBonuses = (on: boolean) => send('patch', '/admin/settings', { bonuses_enabled: on }, adminToken);

  it('staff may not adjust; bad input is a 422 with the field’s message and books nothing', async () => {
    const person = await customer('Adam', 'Adjusted');
    const live = await liveAccount(stack.database.db, person.user.id);
    const good = { account_id: live.id, type: 'correction', direction: 'credit', amount: '10.00', reason: 'Spread overcharged', request_id: randomUUID() };
    expect((await adjust(person.user.id, good, staffToken)).status).toBe(403);
    for (const [bad, field] of [
      [{ ...good, amount: '0' }, 'amount'],
      [{ ...good, amount: '1.005' }, 'amount'],
      [{ ...good, amount: '-5' }, 'amount'],
      [{ ...good, reason: ' ' }, 'reason'],
      [{ ...good, type: 'gift' }, 'type'],
      [{ ...good, request_id: 'again' }, 'request_id'],
      [{ ...good, type: 'chargeback', direction: 'credit' }, 'direction'],
      [{ ...good, type: 'fee_refund', direction: 'debit' }, 'direction'],
      [{ ...good, account_id: (await liveAccount(stack.database.db, (await customer('Other', 'Person')).user.id)).id }, 'account_id'],
    ] as const) {
      const res = await adjust(person.user.id, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body)).toBeDefined();
    }
    expect(await balanceOf(stack.database.db, live.id)).toBe('0.00');
  });

  it('a correction books one ledger entry naming the admin and the reason, audited with before and after, and tells the customer; the same request id books once', async () => {
    const person = await customer('Carl', 'Corrected');
    const live = await liveAccount(stack.database.db, person.user.id);
    await deposit(stack.database.db, live.id, '100.00');
    const body = { account_id: live.id, type: 'correction', direction: 'credit', amount: '12.34', reason: 'Swap charged twice', request_id: randomUUID() };
    const answers = await Promise.all([adjust(person.user.id, body), adjust(person.user.id, body), adjust(person.user.id, body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(answers.filter((a) => a.body.data.created)).toHaveLength(1);
    expect(await balanceOf(stack.database.db, live.id)).toBe('112.34');
    const entries = await stack.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, live.id));
    const booked = entries.filter((e) => e.kind === 'correction');
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ amount: '12.34', memo: 'Correction: Swap charged twice', bucket: 'balance' });
    expect(booked[0]!.createdBy).not.toBeNull();
    const [audit] = await auditOf(person.user.id, 'account.adjusted');
    expect(audit!.details).toMatchObject({ before: { balance: '100.00' }, after: { balance: '112.34' }, reason: 'Swap charged twice' });
    const [notice] = await stack.database.db.select().from(notifications).where(eq(notifications.userId, person.user.id));
    expect(notice!.message).toContain('Swap charged twice');
  });

  it('a bonus needs the site setting (off by default) and goes to credit, not balance', async () => {
    const person = await customer('Bonnie', 'Bonus');
    const live = await liveAccount(stack.database.db, person.user.id);
    const bonus = () => ({ account_id: live.id, type: 'bonus', direction: 'credit', amount: '50.00', reason: 'Loyalty', request_id: randomUUID() });
    const off = await adjust(person.user.id, bonus());
    expect(off.status).toBe(422);
    expect(off.body.errors.type[0]).toContain('Bonuses are switched off');
    expect((await setBonuses(true)).status).toBe(200);
    try {
      const on = await adjust(person.user.id, bonus());
      expect([on.status, on.body.data.bucket]).toEqual([201, 'credit']);
      const [row] = await stack.database.db.select().from(tradingAccounts).where(eq(tradingAccounts.id, live.id));
      expect([row!.balance, row!.credit]).toEqual(['0.00', '50.00']);
    } finally {
      await setBonuses(false);
    }
  });

  it('a debit never takes the balance or free margin below zero, also when two debits race', async () => {
    const person = await customer('Debra', 'Debited');
    const live = await liveAccount(stack.database.db, person.user.id);
    await deposit(stack.database.db, live.id, '1000.00');
    const token = await tokenFor(stack.app, person);
    const eurusd = stack.market.instruments.find((i) => i.symbol === 'EURUSD')!.id;
    stack.prices.set({ [eurusd]: '1.10000' });
    // 10,000 units at 1:20 hold about 550 of margin: about 450 is free.
    const order = await send('post', '/trades/store', { type: 'buy', id: eurusd, volume: '10000', leverage: 20, order_id: randomUUID() }, token);
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const debit = (amount: string) => adjust(person.user.id, { account_id: live.id, type: 'chargeback', direction: 'debit', amount, reason: 'Card chargeback', request_id: randomUUID() });
    const tooMuch = await debit('900.00');
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount[0]).toContain('free margin below zero');
    const [a, b] = await Promise.all([debit('300.00'), debit('300.00')]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect(await balanceOf(stack.database.db, live.id)).toBe('700.00');
  });
});

describe('resetting a customer’s Demo account', () => {
  it('staff set the Demo balance back to its opening amount, audited; the Live account is untouched; customers may not', async () => {
    const person = await customer('Dora', 'Demo');
    const live = await liveAccount(stack.database.db, person.user.id);
    const demoId = (await stack.database.db.select().from(tradingAccounts).where(eq(tradingAccounts.userId, person.user.id))).find((a) => a.type === 'demo')!.id;
    await deposit(stack.database.db, demoId, '500.00');
    await deposit(stack.database.db, live.id, '70.00');
    expect((await send('post', `/admin/customers/${person.user.id}/demo-reset`, {}, await tokenFor(stack.app, person))).status).toBe(403);
    const reset = await send('post', `/admin/customers/${person.user.id}/demo-reset`, {});
    expect(reset.status).toBe(200);
    expect(reset.body.data.balance).toBe(10000);
    expect(await balanceOf(stack.database.db, live.id)).toBe('70.00');
    const [entry] = await auditOf(person.user.id, 'account.demo_reset');
    expect(entry!.details).toMatchObject({ account_id: demoId, balance_before: '10500.00' });
  });
});
