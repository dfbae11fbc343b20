import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { autotraderTexts } from '../../shared/api/autotrader.schema';
import { customerFundingTexts } from '../../shared/api/customer-funding.schema';
import { fundingTexts } from '../../shared/api/funding.schema';
import { planTexts } from '../../shared/api/plans.schema';
import { savingsTexts } from '../../shared/api/savings.schema';
import { verificationTexts } from '../../shared/api/verification.schema';
import { insertDeposit } from '../../server/trading/db/funding.repo';
import { insertPlanRequest } from '../../server/trading/db/plans.repo';
import { auditLog, ledgerEntries, notifications, outbox, plans, savings, savingsPlans, users, withdrawals } from '../../server/trading/db/schema';
import { seedSavingsPlans } from '../../server/trading/db/seed/savings';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { insertDocument } from '../../server/trading/db/verification.repo';
import { DomainError } from '../../server/trading/errors';
import { cryptoKeys } from '../../server/trading/funding/crypto/keys';
import { creditDeposit, fundingReference } from '../../server/trading/funding/deposit-credit';
import { openBankDeposit } from '../../server/trading/funding/funding';
import type { PaymentProvider } from '../../server/trading/funding/payments/provider';
import { requestWithdrawal } from '../../server/trading/funding/withdrawals';
import { runSavingsPass } from '../../server/trading/savings/job';
import { applyProviderDecision } from '../../server/trading/verification/decisions';
import type { KycProvider } from '../../server/trading/verification/kyc-provider';
import { makeUser } from '../support/factories';
import { approveIdentity } from '../support/kyc';
import { auditLedger, balanceOf, deposit, liveAccount } from '../support/money';
import { fundedTrader, marketsOpenAt, silentLogger, startTrading, testConfig, tokenFor, type TradingStack } from '../support/trading';
import { bearer } from '../support/bearer';

/**
 * Decisions happen once (docs/back-office.md#decisions-happen-once): every decision endpoint raced against
 * itself and against the other decisions of the same row. Exactly one answers 200, the others 409 with the
 * area's message; one audit entry, the winner's notifications and mail, and the money moved once (the
 * ledger audit after each test). On PostgreSQL the contenders really run at once (a pool of 5).
 */

const day = 86_400_000;
let clock = marketsOpenAt;
let stack: TradingStack;
let staffToken: string;
const keys = cryptoKeys(testConfig());
const bank = { bank_name: 'Barclays', bank_address: '1 Churchill Place, London', account_name: 'Test Person', account_number: '55555555', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' };
const staffPost = (path: string, body: object = {}) => request(stack.app).post(`/api/v1${path}`).set(bearer(staffToken)).send(body);
const customerPost = (token: string, path: string) => request(stack.app).post(`/api/v1${path}`).set(bearer(token)).send({});

/** A card provider whose refunds succeed, counted (the same key gives the same refund, as a provider's does). */
const refunds: string[] = [];
const cards: PaymentProvider = {
  name: 'sandbox',
  createCheckout: () => Promise.reject(new Error('no checkout in this test')),
  verifyWebhook: () => {
    throw new Error('no webhook in this test');
  },
  refund: async ({ idempotencyKey }) => {
    refunds.push(idempotencyKey);
    // The answer comes later, as a provider's does: other clicks run meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    return { refundId: `re_${idempotencyKey}` };
  },
};
const kyc: KycProvider = { name: 'race-kyc', submit: () => Promise.resolve({ ref: null }) };

beforeAll(async () => {
  stack = await startTrading({ payments: cards, now: () => clock });
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
  const { db } = stack.database;
  // A plan staff decide (no price), and savings offered.
  await db.update(plans).set({ price: null }).where(eq(plans.slug, 'premium'));
  await seedSavingsPlans(db);
  await updateSettings(db, { savings_enabled: true });
});
afterEach(async () => {
  clock = marketsOpenAt;
  await auditLedger(stack.database.db);
});
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

// ── The race ─────────────────────────────────────────────────────────────────────────────────────

interface Answer {
  status: number;
  message: string;
}
interface Contender {
  name: string;
  run: () => Promise<Answer>;
}
/** What one decision writes beside its row: its audit action, and how many notifications and mails the customer gets. */
interface Effect {
  audit: string;
  notices: number;
  mails: number;
}

const byHttp =
  (name: string, call: () => request.Test) =>
  (times: number): Contender[] =>
    Array.from({ length: times }, () => ({
      name,
      run: async () => {
        const res = await call();
        return { status: res.status, message: String(res.body?.message ?? '') };
      },
    }));

/** A decision taken in-process (a provider's callback, the leader's job): a refusal as the API would answer it. */
const inProcess =
  (name: string, call: () => Promise<unknown>) =>
  (times: number): Contender[] =>
    Array.from({ length: times }, () => ({
      name,
      run: async () => {
        try {
          await call();
          return { status: 200, message: '' };
        } catch (error) {
          if (error instanceof DomainError && error.refusal.kind === 'conflict') return { status: 409, message: error.refusal.message };
          throw error;
        }
      },
    }));

/** Interleaves the groups (a, b, c, a, b, c, …) so that every kind of decision is among the first to arrive. */
function interleave(...groups: Contender[][]): Contender[] {
  const out: Contender[] = [];
  for (let i = 0; i < Math.max(...groups.map((g) => g.length)); i += 1) for (const g of groups) out.push(...g.slice(i, i + 1));
  return out;
}

async function countsOf(person: { user: { id: number }; email: string }, actions: string[]) {
  const { db } = stack.database;
  const audit = await db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, String(person.user.id)), inArray(auditLog.action, actions)));
  const [notices] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, person.user.id));
  const [mails] = await db.select({ n: count() }).from(outbox).where(eq(outbox.to, person.email));
  return { audit: audit.map((a) => a.action), notices: notices!.n, mails: mails!.n };
}

/**
 * Runs every contender at once; exactly one may answer 200, the others 409 with one of `losers`. Checks the
 * audit entry, notifications and mails are the winner's alone; answers the winner's name for the money checks.
 */
async function decideOnce({
  person,
  contenders,
  effects,
  losers,
}: {
  person: { user: { id: number }; email: string };
  contenders: Contender[];
  effects: Record<string, Effect>;
  losers: string[];
}): Promise<string> {
  const actions = [...new Set(Object.values(effects).map((e) => e.audit))];
  const before = await countsOf(person, actions);
  const answers = await Promise.all(contenders.map((c) => c.run()));
  const won = contenders.filter((_, i) => answers[i]!.status === 200);
  expect(won, JSON.stringify(answers)).toHaveLength(1);
  for (const lost of answers.filter((a) => a.status !== 200)) {
    expect(lost.status, lost.message).toBe(409);
    expect(losers).toContain(lost.message);
  }
  const winner = won[0]!.name;
  const effect = effects[winner]!;
  // A mail goes after the answer (the customer's notice, mailed later): wait for it.
  if (effect.mails > 0) await vi.waitFor(async () => expect((await countsOf(person, actions)).mails - before.mails).toBeGreaterThanOrEqual(effect.mails));
  const after = await countsOf(person, actions);
  expect(after.audit.length - before.audit.length, after.audit.join()).toBe(1);
  expect(after.audit.filter((a) => a === effect.audit).length - before.audit.filter((a) => a === effect.audit).length).toBe(1);
  expect(after.notices - before.notices).toBe(effect.notices);
  expect(after.mails - before.mails).toBe(effect.mails);
  return winner;
}

const entries = async (accountId: number, kind: string, reference: string) =>
  (
    await stack.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.accountId, accountId), eq(ledgerEntries.kind, kind as 'deposit'), eq(ledgerEntries.reference, reference)))
  )[0]!.n;

// ── Deposits ─────────────────────────────────────────────────────────────────────────────────────

const depositEffects = { confirm: { audit: 'deposit.confirmed', notices: 1, mails: 1 }, reject: { audit: 'deposit.rejected', notices: 1, mails: 1 } };
const decideDepositBy = (id: number) => ({
  confirm: byHttp('confirm', () => staffPost(`/admin/queues/deposits/${id}/confirm`, { amount_received: '150.00' })),
  reject: byHttp('reject', () => staffPost(`/admin/queues/deposits/${id}/reject`, { reason: 'Not our money' })),
});

describe('a deposit', () => {
  /** A bank transfer waiting, or a card or crypto deposit held for staff. */
  async function depositOf(kind: 'bank_transfer' | 'card' | 'crypto') {
    const person = await makeUser(stack.database.db);
    const account = await liveAccount(stack.database.db, person.user.id);
    if (kind === 'bank_transfer') return { person, account, id: (await openBankDeposit(stack.database.db, { userId: person.user.id, amountExpected: '100.00', ip: null })).id };
    const row = await stack.database.db.transaction((tx) =>
      insertDeposit(tx, {
        userId: person.user.id,
        accountId: account.id,
        method: kind,
        status: 'held',
        provider: kind === 'card' ? 'sandbox' : null,
        reference: fundingReference(kind === 'card' ? 'CARD' : 'CRY'),
        currency: account.currency,
        amountExpected: '100.00',
        reason: 'Paid more than expected: held for staff.',
      }),
    );
    return { person, account, id: row.id };
  }

  for (const kind of ['bank_transfer', 'card', 'crypto'] as const) {
    for (const [race, contenders] of [
      ['confirm ×8', (d: ReturnType<typeof decideDepositBy>) => d.confirm(8)],
      ['reject ×8', (d: ReturnType<typeof decideDepositBy>) => d.reject(8)],
      ['confirm ×6 and reject ×6', (d: ReturnType<typeof decideDepositBy>) => interleave(d.confirm(6), d.reject(6))],
    ] as const) {
      it(`when staff decide a ${kind === 'bank_transfer' ? 'pending bank transfer' : `held ${kind} deposit`} by ${race} at once, then it is decided once and credited at most once`, async () => {
        const { person, account, id } = await depositOf(kind);
        const winner = await decideOnce({ person, contenders: contenders(decideDepositBy(id)), effects: depositEffects, losers: [fundingTexts.decided] });
        expect(await entries(account.id, 'deposit', `deposit:${id}`)).toBe(winner === 'confirm' ? 1 : 0);
        expect(await balanceOf(stack.database.db, account.id)).toBe(winner === 'confirm' ? '150.00' : '0.00');
      });
    }
  }

  it('when a card deposit is still with its provider (pending), then staff may neither confirm nor reject it', async () => {
    const person = await makeUser(stack.database.db);
    const account = await liveAccount(stack.database.db, person.user.id);
    const row = await stack.database.db.transaction((tx) =>
      insertDeposit(tx, {
        userId: person.user.id,
        accountId: account.id,
        method: 'card',
        provider: 'sandbox',
        reference: fundingReference('CARD'),
        currency: account.currency,
        amountExpected: '100.00',
      }),
    );
    for (const res of [
      await staffPost(`/admin/queues/deposits/${row.id}/confirm`, { amount_received: '100.00' }),
      await staffPost(`/admin/queues/deposits/${row.id}/reject`, { reason: 'Not ours' }),
    ]) {
      expect([res.status, res.body.message]).toEqual([422, fundingTexts.notStaffs]);
    }
  });
});

// ── Withdrawals ──────────────────────────────────────────────────────────────────────────────────

describe('a withdrawal', () => {
  const effects = {
    pay: { audit: 'withdrawal.paid', notices: 1, mails: 1 },
    refund: { audit: 'withdrawal.paid', notices: 1, mails: 1 },
    reject: { audit: 'withdrawal.rejected', notices: 1, mails: 1 },
    cancel: { audit: 'withdrawal.cancelled', notices: 1, mails: 0 },
  };
  const losers = [fundingTexts.decided, customerFundingTexts.cannotCancel];

  /** A verified customer with 1,000 on Live (or 200 paid by card) and a withdrawal of 250 (or 100 to the card) holding it. */
  async function withdrawalOf(method: 'bank_transfer' | 'card') {
    const { db } = stack.database;
    const person = await makeUser(db);
    const trader = { ...person, account: await liveAccount(db, person.user.id), token: await tokenFor(stack.app, person) };
    await approveIdentity(db, trader.user.id, stack.files);
    if (method === 'bank_transfer') {
      await deposit(db, trader.account.id, '1000.00');
      const { row } = await requestWithdrawal(db, stack.market, keys, { user: trader.user, request: { method, amount: '250', ...bank }, ip: null });
      return { trader, id: row.id, left: '750.00', whole: '1000.00' };
    }
    const card = await db.transaction(async (tx) => {
      const opened = await insertDeposit(tx, {
        userId: trader.user.id,
        accountId: trader.account.id,
        method: 'card',
        provider: 'sandbox',
        reference: fundingReference('CARD'),
        currency: trader.account.currency,
        amountExpected: '200.00',
      });
      return creditDeposit(tx, opened, { amount: '200.00', memo: 'Card payment', message: (shown) => `Paid ${shown}.`, actorId: null, audit: {}, set: { providerPaymentId: `pay_${randomUUID()}` } });
    });
    const { row } = await requestWithdrawal(db, stack.market, keys, { user: trader.user, request: { method: 'card', amount: '100', deposit_id: card.row.id }, ip: null });
    return { trader, id: row.id, left: '100.00', whole: '200.00' };
  }
  const decideBy = (id: number, token: string) => ({
    pay: byHttp('pay', () => staffPost(`/admin/queues/withdrawals/${id}/pay`, { payout_reference: 'FPS-1' })),
    refund: byHttp('refund', () => staffPost(`/admin/queues/withdrawals/${id}/refund`)),
    reject: byHttp('reject', () => staffPost(`/admin/queues/withdrawals/${id}/reject`, { reason: 'Details do not match' })),
    cancel: byHttp('cancel', () => customerPost(token, `/funding/withdrawals/${id}/cancel`)),
  });
  type By = ReturnType<typeof decideBy>;

  for (const [method, race, contenders] of [
    ['bank_transfer', 'pay ×8', (d: By) => d.pay(8)],
    ['bank_transfer', 'reject ×8', (d: By) => d.reject(8)],
    ['bank_transfer', 'cancel ×8 by the customer', (d: By) => d.cancel(8)],
    ['bank_transfer', 'pay ×5, reject ×5 and cancel ×5', (d: By) => interleave(d.pay(5), d.reject(5), d.cancel(5))],
    ['card', 'refund ×10', (d: By) => d.refund(10)],
    ['card', 'reject ×8', (d: By) => d.reject(8)],
    ['card', 'refund ×6, reject ×5 and cancel ×5', (d: By) => interleave(d.refund(6), d.reject(5), d.cancel(5))],
    ['card', 'cancel ×5, refund ×5 and reject ×5', (d: By) => interleave(d.cancel(5), d.refund(5), d.reject(5))],
  ] as const) {
    it(`when a ${method === 'card' ? 'card' : 'bank'} withdrawal is decided by ${race} at once, then once: the hold is paid out or booked back once`, async () => {
      const { trader, id, left, whole } = await withdrawalOf(method);
      const asked = refunds.length;
      const winner = await decideOnce({ person: trader, contenders: contenders(decideBy(id, trader.token)), effects, losers });
      const released = winner === 'reject' || winner === 'cancel';
      expect(await entries(trader.account.id, 'withdrawal_reversal', `withdrawal:${id}`)).toBe(released ? 1 : 0);
      expect(await balanceOf(stack.database.db, trader.account.id)).toBe(released ? whole : left);
      // The provider is asked once, by the one click that claimed the refund, or never.
      expect(refunds.length - asked).toBe(winner === 'refund' ? 1 : 0);
      const [row] = await stack.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
      expect(row!.status).toBe({ pay: 'paid', refund: 'paid', reject: 'rejected', cancel: 'cancelled' }[winner]);
    });
  }
});

// ── Verification documents ───────────────────────────────────────────────────────────────────────

describe('a verification document', () => {
  const effects = {
    // Staff decisions are mailed (the account topic); no route applies a provider's yet, so nothing announces those.
    approve: { audit: 'document.approved', notices: 1, mails: 1 },
    reject: { audit: 'document.rejected', notices: 1, mails: 1 },
    'provider approves': { audit: 'document.approved', notices: 1, mails: 0 },
    'provider rejects': { audit: 'document.rejected', notices: 1, mails: 0 },
  };
  for (const [race, pick] of [
    ['approve ×8', ['approve']],
    ['reject ×8', ['reject']],
    ['approve ×4, reject ×4 and the KYC provider approving ×2 and rejecting ×2', ['approve', 'reject', 'provider approves', 'provider rejects']],
  ] as const) {
    it(`when staff decide a document by ${race} at once, then it is reviewed once`, async () => {
      const person = await makeUser(stack.database.db);
      const ref = randomUUID();
      const doc = await insertDocument(stack.database.db, {
        userId: person.user.id,
        kind: 'proof_of_address',
        idType: null,
        side: null,
        fileId: randomUUID(),
        fileName: 'bill.png',
        mime: 'image/png',
        size: 100,
        provider: kyc.name,
        providerRef: ref,
      });
      const by = {
        approve: byHttp('approve', () => staffPost(`/admin/queues/documents/${doc.id}/approve`)),
        reject: byHttp('reject', () => staffPost(`/admin/queues/documents/${doc.id}/reject`, { reason: 'expired' })),
        'provider approves': inProcess('provider approves', () => applyProviderDecision(stack.database.db, kyc, ref, { outcome: 'approved' })),
        'provider rejects': inProcess('provider rejects', () => applyProviderDecision(stack.database.db, kyc, ref, { outcome: 'rejected', reason: 'The document has expired.' })),
      };
      const contenders = pick.length === 1 ? by[pick[0]](8) : interleave(by.approve(4), by.reject(4), by['provider approves'](2), by['provider rejects'](2));
      await decideOnce({ person, contenders, effects, losers: [verificationTexts.decided] });
    });
  }
});

// ── Plan requests ────────────────────────────────────────────────────────────────────────────────

describe('a plan request', () => {
  const effects = { approve: { audit: 'plan.request_approved', notices: 1, mails: 1 }, reject: { audit: 'plan.request_rejected', notices: 1, mails: 1 } };
  for (const [race, pick] of [
    ['approve ×8', 'approve'],
    ['reject ×8', 'reject'],
    ['approve ×6 and reject ×6', 'both'],
  ] as const) {
    it(`when staff decide a plan request by ${race} at once, then once: the plan changes at most once`, async () => {
      const person = await makeUser(stack.database.db, { plan: 'basic' });
      const [premium] = await stack.database.db.select().from(plans).where(eq(plans.slug, 'premium'));
      const row = await stack.database.db.transaction((tx) => insertPlanRequest(tx, { userId: person.user.id, fromPlanId: person.user.planId, planId: premium!.id, status: 'pending' }));
      const by = {
        approve: byHttp('approve', () => staffPost(`/admin/plan-requests/${row.id}/approve`)),
        reject: byHttp('reject', () => staffPost(`/admin/plan-requests/${row.id}/reject`, { reason: 'Not this month' })),
      };
      const contenders = pick === 'both' ? interleave(by.approve(6), by.reject(6)) : by[pick](8);
      const winner = await decideOnce({ person, contenders, effects, losers: [planTexts.alreadyDecided] });
      const [user] = await stack.database.db.select().from(users).where(eq(users.id, person.user.id));
      expect(user!.planId).toBe(winner === 'approve' ? premium!.id : person.user.planId);
    });
  }
});

// ── AutoTrader ───────────────────────────────────────────────────────────────────────────────────

describe('AutoTrader', () => {
  const requestOf = async () => {
    const trader = await fundedTrader(stack, '5000', { plan: 'pro' });
    const asked = await request(stack.app).post('/api/v1/update/autotrader').set(bearer(trader.token)).send({ autotrader_type: 'low' });
    expect(asked.status).toBe(201);
    return { trader, id: asked.body.data.id as number };
  };
  const decisions = (id: number) => ({
    approve: byHttp('approve', () => staffPost(`/admin/autotrader/requests/${id}/approve`)),
    refuse: byHttp('refuse', () => staffPost(`/admin/autotrader/requests/${id}/refuse`, { reason: 'Not for now' })),
  });
  const requestEffects = { approve: { audit: 'autotrader.approved', notices: 1, mails: 0 }, refuse: { audit: 'autotrader.refused', notices: 1, mails: 0 } };

  for (const [race, pick] of [
    ['approve ×8', 'approve'],
    ['refuse ×8', 'refuse'],
    ['approve ×6 and refuse ×6', 'both'],
  ] as const) {
    it(`when staff decide a request by ${race} at once, then once: AutoTrader is on only if approved`, async () => {
      const { trader, id } = await requestOf();
      const d = decisions(id);
      const contenders = pick === 'both' ? interleave(d.approve(6), d.refuse(6)) : d[pick](8);
      const winner = await decideOnce({ person: trader, contenders, effects: requestEffects, losers: [autotraderTexts.alreadyDecided] });
      const status = await request(stack.app).get('/api/v1/autotrader').set(bearer(trader.token));
      expect(status.body.data.active).toBe(winner === 'approve');
    });
  }

  for (const [race, pick] of [
    ['revoke ×8 by staff', 'revoke'],
    ['revoke ×6 by staff and off ×6 by the customer', 'both'],
  ] as const) {
    it(`when AutoTrader is switched off by ${race} at once, then once`, async () => {
      const { trader, id } = await requestOf();
      expect((await staffPost(`/admin/autotrader/requests/${id}/approve`)).status).toBe(200);
      const by = {
        revoke: byHttp('revoke', () => staffPost(`/admin/users/${trader.user.id}/autotrader/revoke`, { reason: 'Too risky' })),
        off: byHttp('off', () => customerPost(trader.token, '/autotrader/off')),
      };
      const effects = { revoke: { audit: 'autotrader.revoked', notices: 1, mails: 0 }, off: { audit: 'autotrader.turned_off', notices: 0, mails: 0 } };
      const contenders = pick === 'both' ? interleave(by.revoke(6), by.off(6)) : by.revoke(8);
      await decideOnce({ person: trader, contenders, effects, losers: [autotraderTexts.notActive] });
    });
  }
});

// ── Savings ──────────────────────────────────────────────────────────────────────────────────────

describe('a saving', () => {
  /** A customer's 10,000 in the US dollar plan, `days` later. */
  async function savingOf(period: 'flexible' | '1_month', days: number) {
    const trader = await fundedTrader(stack, '10000.00');
    const [plan] = await stack.database.db.select().from(savingsPlans).where(eq(savingsPlans.currency, 'USD'));
    const opened = await request(stack.app).post('/api/v1/savings/open').set(bearer(trader.token)).send({ plan_id: plan!.id, period, amount: '10000' });
    expect(opened.status).toBe(201);
    clock = new Date(clock.getTime() + days * day);
    return { trader, id: opened.body.data.id as number };
  }
  const savingRow = async (id: number) => (await stack.database.db.select().from(savings).where(eq(savings.id, id)))[0]!;
  const closeBy = (token: string, id: number) => byHttp('close', () => customerPost(token, `/savings/${id}/close`));
  const claimBy = (token: string, id: number) => byHttp('claim', () => customerPost(token, `/savings/${id}/claim`));

  it('when a flexible saving’s interest is claimed ×10 at once, then it is paid once', async () => {
    const { trader, id } = await savingOf('flexible', 6);
    await decideOnce({
      person: trader,
      contenders: claimBy(trader.token, id)(10),
      effects: { claim: { audit: 'savings.claimed', notices: 1, mails: 0 } },
      losers: [savingsTexts.nothingToClaim('USD')],
    });
    const row = await savingRow(id);
    expect(row.paid).not.toBe('0.00');
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe(row.paid);
  });

  it('when a flexible saving is closed ×10 at once, then the principal and interest come back once', async () => {
    const { trader, id } = await savingOf('flexible', 6);
    await decideOnce({ person: trader, contenders: closeBy(trader.token, id)(10), effects: { close: { audit: 'savings.closed', notices: 1, mails: 0 } }, losers: [savingsTexts.closed] });
    const row = await savingRow(id);
    expect(await entries(trader.account.id, 'savings', `saving:${id}:return`)).toBe(1);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe((10000 + Number(row.paid)).toFixed(2));
  });

  it('when a fixed term is ended early ×10 at once, then the principal comes back once and the interest is forfeited', async () => {
    const { trader, id } = await savingOf('1_month', 6);
    await decideOnce({
      person: trader,
      contenders: closeBy(trader.token, id)(10),
      effects: { close: { audit: 'savings.ended_early', notices: 1, mails: 0 } },
      losers: [savingsTexts.closed],
    });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('10000.00');
    expect(await savingRow(id)).toMatchObject({ status: 'closed', paid: '0.00' });
  });

  it('when a matured term is closed ×6 by the customer while the leader’s job passes ×2, then it is paid out once', async () => {
    const { trader, id } = await savingOf('1_month', 40);
    const pass = inProcess('maturity', async () => {
      const result = await runSavingsPass({ db: stack.database.db, bus: stack.bus, logger: silentLogger, now: clock });
      // A pass that found the saving closed did nothing: as a click refused.
      if (result.matured === 0) throw new DomainError({ kind: 'conflict', message: savingsTexts.closed });
    });
    await decideOnce({
      person: trader,
      contenders: interleave(closeBy(trader.token, id)(6), pass(2)),
      effects: { close: { audit: 'savings.closed', notices: 1, mails: 0 }, maturity: { audit: 'savings.matured', notices: 1, mails: 0 } },
      losers: [savingsTexts.closed],
    });
    const row = await savingRow(id);
    expect(Number(row.paid)).toBeGreaterThan(0);
    expect(await entries(trader.account.id, 'savings', `saving:${id}:return`)).toBe(1);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe((10000 + Number(row.paid)).toFixed(2));
  });

  it('when a flexible saving is claimed ×6 and closed ×6 at once, then it closes once, and its interest is paid once in all', async () => {
    const { trader, id } = await savingOf('flexible', 6);
    const contenders = interleave(claimBy(trader.token, id)(6), closeBy(trader.token, id)(6));
    const answers = await Promise.all(contenders.map((c) => c.run()));
    const won = (name: string) => contenders.filter((c, i) => c.name === name && answers[i]!.status === 200).length;
    // A claim may come before the close (both stand); never after it, never twice.
    expect(won('close')).toBe(1);
    expect(won('claim')).toBeLessThanOrEqual(1);
    for (const lost of answers.filter((a) => a.status !== 200)) expect([savingsTexts.closed, savingsTexts.nothingToClaim('USD')]).toContain(lost.message);
    const row = await savingRow(id);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe((10000 + Number(row.paid)).toFixed(2));
  });
});
