import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { planRequestPage, plansOverviewResponse, planTexts } from '../../shared/api/plans.schema';
import { auditLog, ledgerEntries, notifications, pendingOrders, planChangeRequests, plans, users } from '../../server/trading/db/schema';
import { makeUser } from '../support/factories';
import { auditLedger, balanceOf } from '../support/money';
import { fundedTrader, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/** Moving to another plan (docs/customer-area.md#plans): paid once, asked of staff, never a free leverage upgrade. */

let stack: TradingStack;
let staffToken: string;
let planId: Record<'basic' | 'pro' | 'premium', number>;
const subscribe = (token: string, plan_id: unknown) => request(stack.app).post('/api/v1/plans/subscribe').set(bearer(token)).send({ plan_id });
const staffPost = (path: string, body: object = {}) => request(stack.app).post(`/api/v1${path}`).set(bearer(staffToken)).send(body);
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
const planOfUser = async (userId: number) => (await stack.database.db.select({ planId: users.planId }).from(users).where(eq(users.id, userId)))[0]!.planId;
const requestsOf = (userId: number) => stack.database.db.select().from(planChangeRequests).where(eq(planChangeRequests.userId, userId));

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('EURUSD')]: '1.10000', [idOf('USDJPY')]: '150.000' });
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
  const rows = await stack.database.db.select().from(plans);
  planId = Object.fromEntries(rows.map((p) => [p.slug, p.id])) as typeof planId;
  // The seeded catalogue, said here so the tests read on their own: Basic free, Pro 49.00, Premium by approval.
  await stack.database.db.update(plans).set({ price: '0.00' }).where(eq(plans.slug, 'basic'));
  await stack.database.db.update(plans).set({ price: '49.00' }).where(eq(plans.slug, 'pro'));
  await stack.database.db.update(plans).set({ price: null }).where(eq(plans.slug, 'premium'));
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

describe('GET /plans', () => {
  it('lists every plan with its price and how this customer would move to it', async () => {
    const trader = await fundedTrader(stack, '100.00');
    const res = await request(stack.app).get('/api/v1/plans').set(bearer(trader.token));
    expect(res.status).toBe(200);
    const { data } = plansOverviewResponse.parse(res.body);
    expect(data.current_plan_id).toBe(planId.basic);
    expect(data.currency).toBe('USD');
    expect(data.regulatory_cap).toBe(30);
    expect(data.features.length).toBeGreaterThan(0);
    const bySlug = Object.fromEntries(data.plans.map((p) => [p.slug, p]));
    // Read through the schema, a price is the number's decimal: 49, not 49.00.
    expect(bySlug.basic).toMatchObject({ price: '0', move: null });
    expect(bySlug.pro).toMatchObject({ price: '49', move: 'charge', is_recommended: true });
    expect(bySlug.premium).toMatchObject({ price: null, move: 'approval' });
    // Each plan's cap, and the most any instrument takes under it (the regulatory caps stop at 1:30).
    expect(data.plans.map((p) => [p.slug, p.leverage, p.max_leverage])).toEqual([
      ['basic', 20, 20],
      ['pro', 100, 30],
      ['premium', 200, 30],
    ]);
    expect(data.latest_request).toBeNull();
    // The conditions' rows are each plan's class conditions (docs/trading.md#trading-conditions), not typed values.
    expect(data.features.slice(-4, -2)).toEqual(['Spread markup (points)', 'Commission per side']);
    expect(bySlug.basic!.features.slice(-4, -2)).toEqual(['Forex 8 · metals, indices 20 · commodities 10 · stocks 2 · crypto 0', 'None']);
    expect(bySlug.pro!.features.slice(-4, -2)).toEqual(['Forex 4 · metals, indices 10 · commodities 5 · stocks 1 · crypto 0', 'None']);
    expect(bySlug.premium!.features.slice(-4, -2)).toEqual(['All classes 0', 'Forex, metals 3.5 USD per lot · stocks 0.02 % (min 1 USD) · others none']);
    // The financing rows are the markups in force (docs/trading.md#overnight-financing), not typed values.
    expect(data.features.slice(-2)).toEqual(['Swap markup (points per lot)', 'Financing markup (% a year)']);
    expect(bySlug.basic!.features.slice(-2)).toEqual(['Forex 1.5 · metals 15', 'Stocks, indices, commodities 3 · crypto 12']);
    expect(bySlug.premium!.features.slice(-2)).toEqual(['Forex 0.5 · metals 5', 'Stocks, indices, commodities 2 · crypto 8']);
    // /data carries the price the original client reads; a numeric one as a JSON number.
    const site = (await request(stack.app).get('/api/v1/data').set(bearer(trader.token))).body.data as { plans: { slug: string; price: number | null }[] };
    expect(Object.fromEntries(site.plans.map((p) => [p.slug, p.price]))).toMatchObject({ basic: 0, pro: 49, premium: null });
  });
});

describe('a priced plan', () => {
  it('is charged once from the Live balance under 10 parallel clicks, with one plan_fee entry and the plan changed', async () => {
    const trader = await fundedTrader(stack, '100.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribe(trader.token, planId.pro)));
    const ok = answers.filter((res) => res.status === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]!.body).toEqual({ message: planTexts.paid('Pro', '49.00 USD') });
    const refused = answers.filter((res) => res.status === 409);
    expect(refused).toHaveLength(9);
    expect(refused[0]!.body.message).toBe(planTexts.samePlan('Pro'));
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('51.00');
    expect(await planOfUser(trader.user.id)).toBe(planId.pro);
    const fees = await stack.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, trader.account.id), eq(ledgerEntries.kind, 'plan_fee')));
    const [request_] = await requestsOf(trader.user.id);
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ amount: '-49.00', reference: `plan:${request_!.id}` });
    expect(request_).toMatchObject({ status: 'paid', price: '49.00', fromPlanId: planId.basic, planId: planId.pro });
    const audit = await stack.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.paid'), eq(auditLog.subjectId, String(trader.user.id))));
    expect(audit).toHaveLength(1);
    const notices = await stack.database.db.select().from(notifications).where(eq(notifications.userId, trader.user.id));
    expect(notices.map((n) => n.title)).toContain('Plan changed');
  });

  it('is refused when the Live account cannot pay it, and nothing changes', async () => {
    const trader = await fundedTrader(stack, '20.00');
    const res = await subscribe(trader.token, planId.pro);
    expect(res.status).toBe(422);
    expect(res.body.errors.plan_id).toEqual([planTexts.insufficient('Pro', '49.00 USD', '20.00 USD')]);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('20.00');
    expect(await planOfUser(trader.user.id)).toBe(planId.basic);
    expect(await requestsOf(trader.user.id)).toHaveLength(0);
  });

  it('counts only what may leave the account: margin in use is not spent on a plan', async () => {
    const trader = await fundedTrader(stack, '100.00');
    // 10,000 EUR at 1.1 and 1:20: 550.00 margin would not fit; 1,000 EUR: 55.00 margin, leaving 45.00 free.
    const placed = await request(stack.app)
      .post('/api/v1/trades/store')
      .set(bearer(trader.token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 20, take_profit: 0, stop_loss: 0 });
    expect(placed.status).toBe(201);
    const res = await subscribe(trader.token, planId.pro);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^The Pro plan costs 49\.00 USD, and your Live account has 44\.\d\d USD free to pay it\./);
    expect(await planOfUser(trader.user.id)).toBe(planId.basic);
  });

  it('raises the leverage of the next order, which the engine reads afresh', async () => {
    const trader = await fundedTrader(stack, '1000.00');
    const order = (leverage: number) =>
      request(stack.app)
        .post('/api/v1/trades/store')
        .set(bearer(trader.token))
        .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage, take_profit: 0, stop_loss: 0 });
    // Asked for 1:30 on Basic: applied at Basic's 1:20, as the answer says.
    const before = await order(30);
    expect([before.status, before.body.data?.leverage]).toEqual([201, 20]);
    expect((await subscribe(trader.token, planId.pro)).status).toBe(200);
    // Pro is 1:100, but EUR/USD stays at its regulatory cap of 1:30.
    const after = await order(30);
    expect([after.status, after.body.data?.leverage]).toEqual([201, 30]);
    expect((await order(31)).body.data.leverage).toBe(30);
    const user = (await request(stack.app).get('/api/v1/user').set(bearer(trader.token))).body.data as { account_type: { id: number; leverage: number } };
    expect(user.account_type).toMatchObject({ id: planId.pro, leverage: 100 });
  });

  it('back to the free default plan is free and at once; a free plan never raises leverage without staff', async () => {
    const trader = await fundedTrader(stack, '100.00', { plan: 'pro' });
    const down = await subscribe(trader.token, planId.basic);
    expect(down.status).toBe(200);
    expect(down.body.message).toBe(planTexts.changed('Basic'));
    expect(await planOfUser(trader.user.id)).toBe(planId.basic);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('100.00');
    const [row] = await requestsOf(trader.user.id);
    expect(row).toMatchObject({ status: 'approved', price: null, decidedBy: null });

    // An admin makes Pro free: moving up to it is then a request for staff, not a free upgrade.
    await stack.database.db.update(plans).set({ price: '0.00' }).where(eq(plans.slug, 'pro'));
    try {
      const up = await subscribe(trader.token, planId.pro);
      expect(up.status).toBe(200);
      expect(up.body.message).toBe(planTexts.requested('Pro'));
      expect(await planOfUser(trader.user.id)).toBe(planId.basic);
      const pending = (await requestsOf(trader.user.id)).filter((r) => r.status === 'pending');
      expect(pending).toHaveLength(1);
    } finally {
      await stack.database.db.update(plans).set({ price: '49.00' }).where(eq(plans.slug, 'pro'));
    }
  });

  it('refuses a lower plan while pending orders wait at more leverage than it allows', async () => {
    const trader = await fundedTrader(stack, '1000.00', { plan: 'pro' });
    const placed = await request(stack.app)
      .post('/api/v1/orders/pending')
      .set(bearer(trader.token))
      .send({ type: 'buy', id: idOf('EURUSD'), volume: '1000', leverage: 30, price: '1.05000', kind: 'limit', take_profit: 0, stop_loss: 0 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const res = await subscribe(trader.token, planId.basic);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(planTexts.pendingOrdersAbove('Basic', 20));
    await stack.database.db.update(pendingOrders).set({ status: 'cancelled' }).where(eq(pendingOrders.accountId, trader.account.id));
    expect((await subscribe(trader.token, planId.basic)).status).toBe(200);
  });

  it('refuses the plan the customer is on, and a plan that does not exist', async () => {
    const trader = await fundedTrader(stack, '100.00');
    const same = await subscribe(trader.token, planId.basic);
    expect([same.status, same.body.message]).toEqual([409, planTexts.samePlan('Basic')]);
    const none = await subscribe(trader.token, 999_999);
    expect([none.status, none.body.errors?.plan_id]).toEqual([422, [planTexts.planNotFound]]);
    const bad = await subscribe(trader.token, 'abc');
    expect(bad.status).toBe(422);
  });
});

describe('a plan by staff approval', () => {
  it('is a pending request; a second is refused; staff approve it and the customer is on it, uncharged', async () => {
    const trader = await fundedTrader(stack, '100.00');
    const first = await subscribe(trader.token, planId.premium);
    expect([first.status, first.body]).toEqual([200, { message: planTexts.requested('Premium') }]);
    expect(await planOfUser(trader.user.id)).toBe(planId.basic);
    const second = await subscribe(trader.token, planId.pro);
    expect([second.status, second.body.message]).toEqual([409, planTexts.pendingExists('Premium')]);

    const mine = plansOverviewResponse.parse((await request(stack.app).get('/api/v1/plans').set(bearer(trader.token))).body).data;
    expect(mine.latest_request).toMatchObject({ plan_title: 'Premium', status: 'pending' });

    const list = planRequestPage.parse((await request(stack.app).get('/api/v1/admin/plan-requests').query({ q: trader.email }).set(bearer(staffToken))).body);
    expect(list.data).toHaveLength(1);
    const [row] = list.data;
    expect(row).toMatchObject({ status: 'pending', plan: { title: 'Premium', leverage: 200 }, from_plan: { title: 'Basic' }, customer: { email: trader.email } });

    const approved = await staffPost(`/admin/plan-requests/${row!.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ message: planTexts.approved('Premium'), data: { status: 'approved', decided_by: 'Test Staff' } });
    expect(await planOfUser(trader.user.id)).toBe(planId.premium);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('100.00');
    const again = await staffPost(`/admin/plan-requests/${row!.id}/reject`, { reason: 'Too late' });
    expect([again.status, again.body.message]).toEqual([409, planTexts.alreadyDecided]);
    const audit = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'plan.request_approved'));
    expect(audit.some((a) => (a.details as { request_id: number }).request_id === row!.id)).toBe(true);
  });

  it('staff reject with a reason the customer reads; a reason is required', async () => {
    const trader = await fundedTrader(stack, '100.00');
    expect((await subscribe(trader.token, planId.premium)).status).toBe(200);
    const [pending] = await requestsOf(trader.user.id);
    const noReason = await staffPost(`/admin/plan-requests/${pending!.id}/reject`, { reason: '' });
    expect(noReason.status).toBe(422);
    const rejected = await staffPost(`/admin/plan-requests/${pending!.id}/reject`, { reason: 'Your appropriateness answers do not support 1:200.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'Your appropriateness answers do not support 1:200.' });
    expect(await planOfUser(trader.user.id)).toBe(planId.basic);
    const notices = await stack.database.db.select().from(notifications).where(eq(notifications.userId, trader.user.id));
    expect(notices.find((n) => n.title === 'Plan request declined')?.message).toContain('Your appropriateness answers do not support 1:200.');
    const mine = plansOverviewResponse.parse((await request(stack.app).get('/api/v1/plans').set(bearer(trader.token))).body).data;
    expect(mine.latest_request).toMatchObject({ status: 'rejected', reason: 'Your appropriateness answers do not support 1:200.' });
    // Decided, so another request may be made.
    expect((await subscribe(trader.token, planId.premium)).status).toBe(200);
  });

  it('lists pending requests first', async () => {
    const a = await fundedTrader(stack, '10.00');
    const b = await fundedTrader(stack, '10.00');
    await subscribe(a.token, planId.premium);
    await subscribe(b.token, planId.premium);
    const [ra] = await requestsOf(a.user.id);
    await staffPost(`/admin/plan-requests/${ra!.id}/reject`, { reason: 'Not now, thank you.' });
    const list = planRequestPage.parse((await request(stack.app).get('/api/v1/admin/plan-requests').set(bearer(staffToken))).body);
    const statuses = list.data.map((r) => r.status);
    const firstDone = statuses.findIndex((s) => s !== 'pending');
    expect(statuses.slice(firstDone).every((s) => s !== 'pending')).toBe(true);
    expect(list.pending).toBe(statuses.filter((s) => s === 'pending').length);
  });

  it('is not for customers: the staff endpoints answer 403', async () => {
    const trader = await fundedTrader(stack, '100.00');
    expect((await subscribe(trader.token, planId.premium)).status).toBe(200);
    const [pending] = await requestsOf(trader.user.id);
    const list = await request(stack.app).get('/api/v1/admin/plan-requests').set(bearer(trader.token));
    expect(list.status).toBe(403);
    const approve = await request(stack.app).post(`/api/v1/admin/plan-requests/${pending!.id}/approve`).set(bearer(trader.token));
    expect(approve.status).toBe(403);
    expect(await planOfUser(trader.user.id)).toBe(planId.basic);
    // And staff cannot subscribe for themselves.
    expect((await subscribe(staffToken, planId.pro)).status).toBe(403);
  });
});

describe('the catalogue', () => {
  it('admins set a plan’s price, or none for staff approval; audited', async () => {
    const adminToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
    const patch = (body: object) => request(stack.app).patch(`/api/v1/admin/catalogue/plans/${planId.premium}`).set(bearer(adminToken)).send(body);
    const priced = await patch({ price: '99.5' });
    expect(priced.status).toBe(200);
    expect(priced.body.data.price).toBe(99.5);
    const trader = await fundedTrader(stack, '10.00');
    const offers = plansOverviewResponse.parse((await request(stack.app).get('/api/v1/plans').set(bearer(trader.token))).body).data.plans;
    expect(offers.find((p) => p.id === planId.premium)).toMatchObject({ price: '99.5', move: 'charge' });
    expect((await patch({ price: '-1' })).body.errors.price).toEqual(['The price cannot be negative (0 makes it free).']);
    const approval = await patch({ price: null });
    expect([approval.status, approval.body.data.price]).toEqual([200, null]);
    const audits = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.plan_updated'));
    expect(audits.map((a) => (a.details as { after: { price?: unknown } }).after.price)).toEqual(expect.arrayContaining(['99.50', null]));
    // Staff (not admins) cannot.
    expect((await request(stack.app).patch(`/api/v1/admin/catalogue/plans/${planId.premium}`).set(bearer(staffToken)).send({ price: '1' })).status).toBe(403);
  });
});

describe('a plan change', () => {
  const currentPlanSeen = async (token: string) => plansOverviewResponse.parse((await request(stack.app).get('/api/v1/plans').set(bearer(token))).body).data.current_plan_id;

  it("applies from the customer's very next request, whoever made it (no sign-in read before it is kept)", async () => {
    const paid = await fundedTrader(stack, '100.00');
    expect(await currentPlanSeen(paid.token)).toBe(planId.basic);
    expect((await subscribe(paid.token, planId.pro)).status).toBe(200);
    expect(await currentPlanSeen(paid.token)).toBe(planId.pro);

    const moved = await fundedTrader(stack, '100.00');
    expect(await currentPlanSeen(moved.token)).toBe(planId.basic);
    expect((await staffPost(`/admin/customers/${moved.user.id}/plan`, { plan_id: planId.pro })).status).toBe(200);
    expect(await currentPlanSeen(moved.token)).toBe(planId.pro);

    const asked = await fundedTrader(stack, '100.00');
    expect(await currentPlanSeen(asked.token)).toBe(planId.basic);
    expect((await subscribe(asked.token, planId.premium)).status).toBe(200);
    const [pending] = await requestsOf(asked.user.id);
    expect((await staffPost(`/admin/plan-requests/${pending!.id}/approve`)).status).toBe(200);
    expect(await currentPlanSeen(asked.token)).toBe(planId.premium);
  });
});
