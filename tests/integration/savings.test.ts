import { and, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { savingsTexts } from '../../shared/api/savings.schema';
import type { Database } from '../../server/trading/db/database';
import { ledgerEntries, savings, savingsAccruals, savingsPlans, savingsTerms } from '../../server/trading/db/schema';
import { seedSavingsPlans } from '../../server/trading/db/seed/savings';
import type { SavingsJob } from '../../server/trading/savings/job';
import { createTestDatabase } from '../support/database';
import { makeUser } from '../support/factories';
import { auditLedger, balanceOf } from '../support/money';
import { fundedTrader, startTrading, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/** Savings (docs/customer-area.md#savings): opening, daily accrual exactly once, claims, maturity, early ends, the switch and the admins' plans. */

const day = 86_400_000;
const start = new Date('2026-11-18T15:00:00Z');
let clock = start;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let database: Database;
let stack: TradingStack;
let adminToken: string;
let usdPlan: number;
const api = (path: string) => `/api/v1${path}`;

/** A stack on the shared database whose leader runs the savings job too, on the tests' clock. */
const startWithSavings = () => startTrading({ database, now: () => clock, leaderJobs: ['prices', 'engine', 'savings'] });
const jobOf = (s: TradingStack) => s.trading.lead.jobs.find((job) => job.name === 'savings') as SavingsJob;

const accrualsOf = async (savingId: number) => (await database.db.select().from(savingsAccruals).where(eq(savingsAccruals.savingId, savingId))).length;
const savingRow = async (id: number) => (await database.db.select().from(savings).where(eq(savings.id, id)))[0]!;
const entriesOf = (accountId: number, kind: 'savings' | 'savings_interest') =>
  database.db
    .select({ amount: ledgerEntries.amount, reference: ledgerEntries.reference })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.kind, kind)))
    .orderBy(ledgerEntries.id);

const open = (token: string, body: object) => request(stack.app).post(api('/savings/open')).set(bearer(token)).send(body);
const setEnabled = (on: boolean) => request(stack.app).patch(api('/admin/settings')).set(bearer(adminToken)).send({ savings_enabled: on });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSavingsPlans(database.db);
  stack = await startWithSavings();
  adminToken = await tokenFor(stack.app, await makeUser(database.db, { role: 'admin' }));
  expect((await setEnabled(true)).status).toBe(200);
  const [plan] = await database.db.select().from(savingsPlans).where(eq(savingsPlans.currency, 'USD'));
  usdPlan = plan!.id;
});
afterEach(async () => {
  clock = start;
  await auditLedger(database.db);
});
afterAll(async () => {
  await stack.trading.close();
  await database.close();
});

describe('opening', () => {
  it('refuses with the messages the page shows, and moves nothing', async () => {
    const trader = await fundedTrader(stack, '500.00');
    const cases: [object, string, string][] = [
      [{ plan_id: usdPlan, period: 'flexible', amount: '' }, 'amount', savingsTexts.amountPositive],
      [{ plan_id: usdPlan, period: 'flexible', amount: 0 }, 'amount', savingsTexts.amountPositive],
      [{ plan_id: usdPlan, period: 'flexible', amount: '-5' }, 'amount', savingsTexts.amountPositive],
      [{ plan_id: usdPlan, period: 'flexible', amount: '10.001' }, 'amount', savingsTexts.amountCents],
      [{ plan_id: usdPlan, period: 'flexible', amount: '9.99' }, 'amount', savingsTexts.belowMinimum('10.00 USD')],
      [{ plan_id: usdPlan, period: 'flexible', amount: '500.01' }, 'amount', savingsTexts.overFree('500.00 USD')],
      [{ plan_id: 999_999, period: 'flexible', amount: '50' }, 'plan_id', savingsTexts.planRequired],
      [{ plan_id: usdPlan, period: 'weekly', amount: '50' }, 'period', savingsTexts.periodRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await open(trader.token, body);
      expect(res.status, message).toBe(422);
      expect(res.body.errors[field], message).toEqual([message]);
    }
    // The euro plan is there, but the customer has no euro Live account.
    const [eur] = await database.db.select().from(savingsPlans).where(eq(savingsPlans.currency, 'EUR'));
    const noEuro = await open(trader.token, { plan_id: eur!.id, period: '3_months', amount: '100' });
    expect(noEuro.body.errors.amount).toEqual([savingsTexts.noAccount('EUR')]);
    expect(await balanceOf(database.db, trader.account.id)).toBe('500.00');
  });

  it('takes the principal by one savings entry, at the plan’s rate whatever the original client sends', async () => {
    const trader = await fundedTrader(stack, '1000.00');
    const res = await request(stack.app).post(api('/savings/store')).set(bearer(trader.token)).send({ amount: 400, period: '12_months', roi: 99, plan_id: usdPlan });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: savingsTexts.created });
    expect(await balanceOf(database.db, trader.account.id)).toBe('600.00');
    const [row] = await database.db.select().from(savings).where(eq(savings.userId, trader.user.id));
    expect(row).toMatchObject({ roi: '3.500', period: '12_months', days: 365, amount: '400.00', status: 'active' });
    expect(row!.endsAt!.toISOString()).toBe('2027-11-19T00:00:00.000Z');
    expect(await entriesOf(trader.account.id, 'savings')).toEqual([{ amount: '-400.00', reference: `saving:${row!.id}` }]);
    const listed = (await request(stack.app).get(api('/savings')).set(bearer(trader.token))).body.data;
    expect(listed).toEqual([expect.objectContaining({ id: row!.id, currency: 'USD', roi: 3.5, days: 365, is_flexible: false, amount: 400, earned: 0, usd_amount: 400, days_elapsed: 0 })]);
    const plans = (await request(stack.app).get(api('/savings/plans')).set(bearer(trader.token))).body.data;
    expect(plans[0]).toMatchObject({ id: usdPlan, currency: 'USD', status: 'active', periods: expect.arrayContaining([{ roi: 1.5, title: 'Flexible', period: 'flexible' }]) });
  });

  it('20 parallel requests for the whole balance: one saving', async () => {
    const trader = await fundedTrader(stack, '300.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(trader.token, { plan_id: usdPlan, period: 'flexible', amount: '300' })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    expect(await balanceOf(database.db, trader.account.id)).toBe('0.00');
  });
});

describe('daily accrual', () => {
  it('accrues exact decimals once a day across two simulated restarts, catches up missed days, never past maturity', async () => {
    const trader = await fundedTrader(stack, '10000.00');
    const opened = await open(trader.token, { plan_id: usdPlan, period: '1_month', amount: '1000' });
    expect(opened.status).toBe(201);
    const id = opened.body.data.id as number;
    // 1000 × 2 % ÷ 365 = 0.05479452054…, kept to 10 decimals.
    expect(opened.body.data).toMatchObject({ days: 30, daily: 0.0547945205, release_in_days: 1 + 30 - 0 });

    await jobOf(stack).runNow();
    expect(await accrualsOf(id)).toBe(0); // the opening day earns nothing

    advance(2 * day); // Nov 20, 15:00: Nov 19 has ended
    await jobOf(stack).runNow();
    expect(await accrualsOf(id)).toBe(1);
    expect((await savingRow(id)).accrued).toBe('0.0547945205');

    // Restart one: a new tier on the same database; its pass at start finds nothing new the same day.
    const first = await startWithSavings();
    await jobOf(first).idle();
    await first.trading.close();
    expect(await accrualsOf(id)).toBe(1);

    // Restart two after a downtime of four days: the missed days are caught up, once, even with two leaders racing.
    advance(4 * day);
    const second = await startWithSavings();
    await Promise.all([jobOf(second).idle(), jobOf(stack).runNow()]);
    await jobOf(second).runNow();
    await second.trading.close();
    expect(await accrualsOf(id)).toBe(5);
    expect((await savingRow(id)).accrued).toBe('0.2739726025');

    // Past maturity (Dec 19, 00:00 UTC): the 30 days and no more, principal and interest paid back.
    clock = new Date('2026-12-25T08:00:00Z');
    await jobOf(stack).runNow();
    await jobOf(stack).runNow();
    expect(await accrualsOf(id)).toBe(30);
    const paidOut = await savingRow(id);
    expect(paidOut).toMatchObject({ status: 'closed', paid: '1.64', accrued: '0.0038356150' });
    expect(await entriesOf(trader.account.id, 'savings_interest')).toEqual([{ amount: '1.64', reference: `saving:${id}:interest:1.64` }]);
    expect(await balanceOf(database.db, trader.account.id)).toBe('10001.64');
  });
});

describe('claims and closing', () => {
  it('a flexible saving’s interest is claimed once however many claims race', async () => {
    const trader = await fundedTrader(stack, '10000.00');
    const id = (await open(trader.token, { plan_id: usdPlan, period: 'flexible', amount: '10000' })).body.data.id as number;
    const claim = () =>
      request(stack.app)
        .post(api(`/savings/claim/${id}`))
        .set(bearer(trader.token))
        .send({ amount: 5000, roi: 99, plan_id: id, period: 'flexible' });
    expect((await claim()).body.message).toBe(savingsTexts.nothingToClaim('USD'));

    advance(6 * day); // five whole days: 5 × 0.4109589041 = 2.0547945205
    const answers = await Promise.all(Array.from({ length: 10 }, claim));
    expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(answers.find((res) => res.status === 200)!.body).toEqual({ message: savingsTexts.claimed });
    expect(await balanceOf(database.db, trader.account.id)).toBe('2.05');
    expect(await savingRow(id)).toMatchObject({ paid: '2.05', accrued: '0.0047945205' });

    advance(1 * day);
    const closed = await request(stack.app)
      .post(api(`/savings/${id}/close`))
      .set(bearer(trader.token));
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', paid: 2.46, earned: 2.46 });
    // 0.4157534246 accrued by then: 0.41 paid, the rest under a cent stays in the saving.
    expect(await balanceOf(database.db, trader.account.id)).toBe('10002.46');
    expect(
      (
        await request(stack.app)
          .post(api(`/savings/${id}/close`))
          .set(bearer(trader.token))
      ).status,
    ).toBe(409);
    const stranger = await fundedTrader(stack, '1.00');
    expect(
      (
        await request(stack.app)
          .post(api(`/savings/${id}/claim`))
          .set(bearer(stranger.token))
      ).status,
    ).toBe(404);
  });

  it('ending a fixed term early follows the plan: forfeit the interest, or refused while locked', async () => {
    const trader = await fundedTrader(stack, '2000.00');
    const id = (await open(trader.token, { plan_id: usdPlan, period: '3_months', amount: '1000' })).body.data.id as number;
    advance(10 * day);
    expect(
      (
        await request(stack.app)
          .post(api(`/savings/${id}/claim`))
          .set(bearer(trader.token))
      ).body.message,
    ).toBe(savingsTexts.fixedClaim);
    const ended = await request(stack.app)
      .post(api(`/savings/${id}/close`))
      .set(bearer(trader.token));
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({ status: 'closed', paid: 0, forfeited: 0.61 });
    expect(await balanceOf(database.db, trader.account.id)).toBe('2000.00');
    expect(await entriesOf(trader.account.id, 'savings_interest')).toEqual([]);

    const created = await request(stack.app)
      .post(api('/admin/savings/plans'))
      .set(bearer(adminToken))
      .send({ title: 'Locked Dollars', currency: 'USD', early_withdrawal: 'locked', min_amount: '100', rates: { '6_months': '4' } });
    expect(created.status).toBe(201);
    const lockedId = (await open(trader.token, { plan_id: created.body.data.id, period: '6_months', amount: '500' })).body.data.id as number;
    const refused = await request(stack.app)
      .post(api(`/savings/${lockedId}/close`))
      .set(bearer(trader.token));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/cannot be ended early: your money is released on 2027-05-29 00:00 UTC/);
    expect(await balanceOf(database.db, trader.account.id)).toBe('1500.00');
    // Not for sale any more: the plan is off, its saving runs on.
    await request(stack.app)
      .patch(api(`/admin/savings/plans/${created.body.data.id}`))
      .set(bearer(adminToken))
      .send({ active: false });
  });
});

describe('the switch and the catalogue', () => {
  it('switched off: no plans, no new savings; existing savings stay visible and closable', async () => {
    const trader = await fundedTrader(stack, '100.00');
    const id = (await open(trader.token, { plan_id: usdPlan, period: 'flexible', amount: '50' })).body.data.id as number;
    expect((await setEnabled(false)).status).toBe(200);
    try {
      expect((await request(stack.app).get(api('/savings/plans')).set(bearer(trader.token))).body).toEqual({ data: [] });
      const refused = await open(trader.token, { plan_id: usdPlan, period: 'flexible', amount: '20' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(savingsTexts.notOffered);
      const overview = (await request(stack.app).get(api('/savings/overview')).set(bearer(trader.token))).body.data;
      expect(overview).toMatchObject({ enabled: false, plans: [], savings: [expect.objectContaining({ id, status: 'active', can_close: true })] });
      expect(
        (
          await request(stack.app)
            .post(api(`/savings/${id}/close`))
            .set(bearer(trader.token))
        ).status,
      ).toBe(200);
      expect(await balanceOf(database.db, trader.account.id)).toBe('100.00');
    } finally {
      await setEnabled(true);
    }
  });

  it('plans are the admins’: customers and staff are refused; a new rate is a new version and open savings keep theirs', async () => {
    const trader = await fundedTrader(stack, '1000.00');
    const staffToken = await tokenFor(stack.app, await makeUser(database.db, { role: 'staff' }));
    for (const token of [trader.token, staffToken]) {
      expect((await request(stack.app).get(api('/admin/savings')).set(bearer(token))).status).toBe(403);
      expect(
        (
          await request(stack.app)
            .patch(api(`/admin/savings/plans/${usdPlan}`))
            .set(bearer(token))
            .send({ rates: { flexible: '9' } })
        ).status,
      ).toBe(403);
    }
    const before = (await open(trader.token, { plan_id: usdPlan, period: 'flexible', amount: '100' })).body.data;
    expect(before.roi).toBe(1.5);
    const bad = await request(stack.app)
      .patch(api(`/admin/savings/plans/${usdPlan}`))
      .set(bearer(adminToken))
      .send({ rates: { flexible: '101' } });
    expect(bad.body.errors['rates.flexible']).toEqual([savingsTexts.rateRange]);
    const changed = await request(stack.app)
      .patch(api(`/admin/savings/plans/${usdPlan}`))
      .set(bearer(adminToken))
      .send({ rates: { flexible: '2.25' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.rates.flexible).toBe(2.25);
    expect(changed.body.data.history.filter((term: { period: string }) => term.period === 'flexible')).toEqual([
      expect.objectContaining({ roi: 2.25, retired_at: null }),
      expect.objectContaining({ roi: 1.5, retired_at: expect.any(String) }),
    ]);
    const after = (await open(trader.token, { plan_id: usdPlan, period: 'flexible', amount: '100' })).body.data;
    expect(after.roi).toBe(2.25);
    expect((await savingRow(before.id)).roi).toBe('1.500');
    const terms = await database.db
      .select()
      .from(savingsTerms)
      .where(and(eq(savingsTerms.planId, usdPlan), eq(savingsTerms.period, 'flexible')));
    expect(terms).toHaveLength(2);
    // Audited with its before and after.
    const audit = await database.db.execute(sql`select details from audit_log where action = 'savings.plan_updated' order by id`);
    expect((audit as unknown as { rows: { details: unknown }[] }).rows.at(-1)!.details).toMatchObject({ rates: { flexible: { from: '1.5', to: '2.25' } } });
  });
});
