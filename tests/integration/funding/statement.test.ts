import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { advisorList } from '../../../shared/api/advisors.schema';
import { historyPage, type HistoryRow } from '../../../shared/api/customer-funding.schema';
import { deposits, plans, savingsPlans } from '../../../server/trading/db/schema';
import { seedSavingsPlans } from '../../../server/trading/db/seed/savings';
import { signPayload, signatureHeader } from '../../../server/trading/funding/payments/webhook-signature';
import { makeUser } from '../../support/factories';
import { approveIdentity } from '../../support/kyc';
import { auditLedger, balanceOf, bankWithdrawal, liveAccount } from '../../support/money';
import { startTrading, testPaymentsKeys, tokenFor, type TradingStack } from '../../support/trading';
import { bearer } from '../../support/bearer';

/**
 * The statement (docs/funding.md#transaction-history): every entry the ledger booked on the account is a row of the
 * history and of its CSV, so the rows whose money moved add up to the balance.
 */

let stack: TradingStack;
let staffToken: string;
let adminToken: string;
const bank = bankWithdrawal;
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;
const post = (token: string, path: string, body: object = {}) => request(stack.app).post(`/api/v1${path}`).set(bearer(token)).send(body);
const ok = async (answer: Promise<request.Response> | request.Response, status = [200, 201]) => {
  const res = await answer;
  expect(status, `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
  return res.body as { data: { id: number; [key: string]: unknown } };
};

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('EURUSD')]: '1.10000' });
  await stack.engine.idle();
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
  adminToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'admin' }));
  await stack.database.db.update(plans).set({ price: '49.00' }).where(eq(plans.slug, 'pro'));
  await seedSavingsPlans(stack.database.db);
  await ok(request(stack.app).patch('/api/v1/admin/settings').set(bearer(adminToken)).send({ savings_enabled: true }));
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

async function cardDeposit(token: string, amount: string) {
  const opened = (await ok(post(token, '/funding/deposits/card', { amount }))).data as unknown as { deposit_id: number };
  const { providerSessionId } = (await stack.database.db.select().from(deposits).where(eq(deposits.id, opened.deposit_id)))[0]!;
  const cents = Math.round(Number(amount) * 100);
  const body = JSON.stringify({
    id: `evt_s_${opened.deposit_id}`,
    type: 'payment.succeeded',
    created: 1,
    data: { session_id: providerSessionId, payment_id: `pi_s_${opened.deposit_id}`, reference: String(opened.deposit_id), amount: cents, currency: 'usd' },
  });
  await ok(request(stack.app).post('/api/v1/payments/webhook/sandbox').set('Content-Type', 'application/json').set(signatureHeader, signPayload(body, testPaymentsKeys.webhookSecret)).send(body));
}

async function historyOf(token: string): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = historyPage.parse((await request(stack.app).get(`/api/v1/funding/history?page=${page}`).set(bearer(token)).expect(200)).body);
    rows.push(...answer.data);
    if (page >= answer.meta.last_page) return rows;
  }
}

/** Whether a row's amount is in the balance now: a deposit once credited, a withdrawal while held or once paid, every other entry. */
const inBalance = (row: HistoryRow) => (row.kind === 'deposit' ? row.status === 'confirmed' : row.kind === 'withdrawal' ? !['rejected', 'cancelled'].includes(row.status) : true);

it('when a customer did everything money can do, then the history lists every entry, its rows add up to the balance, and the CSV has the same rows', async () => {
  const person = await makeUser(stack.database.db);
  await approveIdentity(stack.database.db, person.user.id, stack.files);
  const token = await tokenFor(stack.app, person);
  const live = await liveAccount(stack.database.db, person.user.id);

  await cardDeposit(token, '2000');
  // Withdrawals: one still held, one rejected (its hold released), one paid with the bank's reference.
  await ok(post(token, '/funding/withdrawals', { ...bank, amount: '100' }));
  const rejected = await ok(post(token, '/funding/withdrawals', { ...bank, amount: '50' }));
  await ok(post(staffToken, `/admin/queues/withdrawals/${rejected.data.id}/reject`, { reason: 'The account name does not match.' }));
  const paid = await ok(post(token, '/funding/withdrawals', { ...bank, amount: '60' }));
  await ok(post(staffToken, `/admin/queues/withdrawals/${paid.data.id}/pay`, { payout_reference: 'FPS-77812' }));
  // A second Live account and a transfer to it, the Pro plan's fee, an advisor bought, savings, a correction, a trade's P/L.
  const second = await ok(post(token, '/accounts', { type: 'live' }));
  await ok(post(token, '/accounts/transfers', { from_account_id: live.id, to_account_id: second.data.id, amount: '120' }));
  const [pro] = await stack.database.db.select().from(plans).where(eq(plans.slug, 'pro'));
  await ok(post(token, '/plans/subscribe', { plan_id: pro!.id }));
  const advisors = advisorList.parse((await request(stack.app).get('/api/v1/expert_advisors').set(bearer(token)).expect(200)).body).data;
  const forSale = advisors.find((advisor) => advisor.status === 'available' && !advisor.included_in_plan && Number(advisor.amount_val) > 0)!;
  await ok(post(token, '/purchase/ea', { expert_advisor_id: forSale.id }));
  const [usdPlan] = await stack.database.db.select().from(savingsPlans).where(eq(savingsPlans.currency, 'USD'));
  await ok(post(token, '/savings/open', { plan_id: usdPlan!.id, period: 'flexible', amount: '100', account_id: live.id }));
  await ok(
    post(adminToken, `/admin/customers/${person.user.id}/adjustments`, {
      account_id: live.id,
      type: 'correction',
      direction: 'credit',
      amount: '25',
      reason: 'Overnight fee charged in error',
      request_id: randomUUID(),
    }),
  );
  const trade = await ok(post(token, '/trades/store', { type: 'buy', id: idOf('EURUSD'), volume: '10000', leverage: 20, opening_price: '1.10005' }));
  stack.prices.set({ [idOf('EURUSD')]: '1.10500' });
  await stack.engine.idle();
  await ok(post(token, `/trade/${trade.data.id}/close`));

  const rows = await historyOf(token);
  const methods = new Set(rows.map((row) => row.method));
  for (const method of ['card', 'bank_transfer', 'transfer', 'plan_fee', 'ea_purchase', 'savings', 'correction', 'realized_pnl']) expect(methods, method).toContain(method);
  const sum = rows.filter(inBalance).reduce((total, row) => total + Math.round(Number(row.amount) * 100), 0);
  expect((sum / 100).toFixed(2)).toBe(await balanceOf(stack.database.db, live.id));
  expect(rows.find((row) => row.kind === 'withdrawal' && row.id === paid.data.id)).toMatchObject({ status: 'paid', description: expect.stringContaining('FPS-77812') });

  const csv = (await request(stack.app).get('/api/v1/funding/history.csv').set(bearer(token)).expect(200)).text
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(csv).toHaveLength(rows.length + 1);
  expect(csv.some((line) => line.includes('Plan fee'))).toBe(true);
});
