import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fundingTexts } from '../../../shared/api/funding.schema';
import { auditLog, notifications, withdrawals } from '../../../server/trading/db/schema';
import { startPaymentsSandbox, type PaymentsSandbox } from '../../../server/payments-sandbox/start';
import { ProviderError, type PaymentProvider } from '../../../server/trading/funding/payments/provider';
import { sandboxProvider } from '../../../server/trading/funding/payments/sandbox-driver';
import { refundClaimMs } from '../../../server/trading/funding/withdrawals';
import { makeUser } from '../../support/factories';
import { approveIdentity } from '../../support/kyc';
import { payOnSandbox, testCards } from '../../support/hosted-checkout';
import { auditLedger, balanceOf, liveAccount } from '../../support/money';
import { silentLogger, startTrading, testPaymentsKeys, tokenFor, type TradingStack } from '../../support/trading';
import { bearer } from '../../support/bearer';

/**
 * Card withdrawals are refunds through the provider (docs/funding.md#withdrawals): an outright refusal puts
 * the request back to pending; an unknown outcome keeps it processing, where only the same refund may be
 * retried, so a hold the provider may have paid out is never released.
 */

let stack: TradingStack;
let sandbox: PaymentsSandbox;
let staffToken: string;
let refundFails: 'unknown' | 'refused' | null = null;
const inner: { provider?: PaymentProvider } = {};
/** The sandbox provider, with refunds that fail on demand as a provider's can. */
const provider: PaymentProvider = {
  name: 'sandbox',
  createCheckout: (checkout) => inner.provider!.createCheckout(checkout),
  verifyWebhook: (body, headers) => inner.provider!.verifyWebhook(body, headers),
  refund: async (refund) => {
    if (refundFails === 'unknown') throw new ProviderError('The payments sandbox could not be reached: timeout.', false);
    if (refundFails === 'refused') throw new ProviderError('No such payment.', true);
    return inner.provider!.refund(refund);
  },
};

beforeAll(async () => {
  stack = await startTrading({ payments: provider });
  const { port } = await stack.trading.listen(0, '127.0.0.1');
  sandbox = await startPaymentsSandbox({
    port: 0,
    host: '127.0.0.1',
    apiKey: testPaymentsKeys.apiKey,
    webhookSecret: testPaymentsKeys.webhookSecret,
    webhookUrl: `http://127.0.0.1:${port}/api/v1/payments/webhook/sandbox`,
    merchantName: 'Test broker',
    logger: silentLogger,
  });
  inner.provider = sandboxProvider({ apiUrl: `http://127.0.0.1:${sandbox.port}`, ...testPaymentsKeys });
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
beforeEach(() => {
  refundFails = null;
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  await sandbox.close();
  await stack.trading.close();
  await stack.database.close();
});

/** A customer who paid 200 by card, and a card withdrawal of 100 of it. */
async function cardWithdrawal() {
  const person = await makeUser(stack.database.db);
  await approveIdentity(stack.database.db, person.user.id, stack.files);
  const account = await liveAccount(stack.database.db, person.user.id);
  const token = await tokenFor(stack.app, person);
  const opened = (await request(stack.app).post('/api/v1/funding/deposits/card').set(bearer(token)).send({ amount: '200' })).body.data;
  await payOnSandbox(opened.url, testCards.success);
  await vi.waitUntil(async () => (await balanceOf(stack.database.db, account.id)) === '200.00', { timeout: 3_000, interval: 30 });
  const asked = await request(stack.app).post('/api/v1/funding/withdrawals').set(bearer(token)).send({ method: 'card', amount: '100', deposit_id: opened.deposit_id });
  expect(asked.status).toBe(201);
  return { token, account, id: asked.body.data.id as number };
}

const refund = (id: number) => request(stack.app).post(`/api/v1/admin/queues/withdrawals/${id}/refund`).set(bearer(staffToken));
const queueRow = async (id: number) =>
  ((await request(stack.app).get('/api/v1/admin/queues/withdrawals?status=all').set(bearer(staffToken))).body.data as { id: number; status: string }[]).find((row) => row.id === id)!;

describe('refunding a card', () => {
  it('an unknown outcome keeps the request processing: not cancelled, not rejected, the hold kept; a retry pays it once', async () => {
    const { token, account, id } = await cardWithdrawal();
    refundFails = 'unknown';
    const first = await refund(id);
    expect(first.status).toBe(503);
    expect(first.body.message).toMatch(/stays processing/);
    expect((await queueRow(id)).status).toBe('processing');
    expect((await request(stack.app).post(`/api/v1/funding/withdrawals/${id}/cancel`).set(bearer(token))).status).toBe(409);
    expect((await request(stack.app).post(`/api/v1/admin/queues/withdrawals/${id}/reject`).set(bearer(staffToken)).send({ reason: 'Changed my mind' })).status).toBe(409);
    expect(await balanceOf(stack.database.db, account.id)).toBe('100.00');

    refundFails = null;
    const retried = await refund(id);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'paid', payout_reference: expect.stringMatching(/^re_/) });
    expect((await refund(id)).status).toBe(409);
    expect(await balanceOf(stack.database.db, account.id)).toBe('100.00');
  });

  it('when staff click Refund to card 10 times at once, then one click answers 200 and the others 409: one refund, one audit entry, one notice', async () => {
    const { account, id } = await cardWithdrawal();
    let refunds = 0;
    const counted = provider.refund;
    provider.refund = async (refund) => {
      refunds += 1;
      return counted(refund);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(id)));
      expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
      for (const lost of answers.filter((res) => res.status === 409)) expect(lost.body.message).toBe(fundingTexts.decided);
    } finally {
      provider.refund = counted;
    }
    expect(refunds).toBe(1);
    const row = await queueRow(id);
    expect(row.status).toBe('paid');
    const audits = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawal.paid'));
    expect(audits.filter((entry) => (entry.details as { withdrawal_id?: number }).withdrawal_id === id)).toHaveLength(1);
    const notices = await stack.database.db.select().from(notifications).where(eq(notifications.userId, account.userId));
    expect(notices.filter((n) => n.title === 'Withdrawal paid')).toHaveLength(1);
    expect(await balanceOf(stack.database.db, account.id)).toBe('100.00');
  });

  it('when a click finds another’s claim still holding, then 409; when the claim was left by a process that stopped mid-call (over 5 minutes), then a click takes it over and pays once', async () => {
    const { account, id } = await cardWithdrawal();
    const claim = (at: Date) => stack.database.db.update(withdrawals).set({ status: 'processing', decidedAt: at }).where(eq(withdrawals.id, id));
    await claim(new Date(Date.now() - 60_000));
    const held = await refund(id);
    expect([held.status, held.body.message]).toEqual([409, fundingTexts.decided]);
    await claim(new Date(Date.now() - refundClaimMs - 1_000));
    const taken = await refund(id);
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ status: 'paid', payout_reference: expect.stringMatching(/^re_/) });
    expect(await balanceOf(stack.database.db, account.id)).toBe('100.00');
  });

  it('an outright refusal puts it back to pending, where staff may reject it and the hold is released', async () => {
    const { account, id } = await cardWithdrawal();
    refundFails = 'refused';
    const refused = await refund(id);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe('The provider refused the refund: No such payment. The withdrawal is pending again; reject it, or try later.');
    expect((await queueRow(id)).status).toBe('pending');
    expect((await request(stack.app).post(`/api/v1/admin/queues/withdrawals/${id}/reject`).set(bearer(staffToken)).send({ reason: 'The card has expired' })).status).toBe(200);
    expect(await balanceOf(stack.database.db, account.id)).toBe('200.00');
  });

  it('staff cannot confirm a card deposit by hand', async () => {
    const person = await makeUser(stack.database.db);
    const token = await tokenFor(stack.app, person);
    const opened = (await request(stack.app).post('/api/v1/funding/deposits/card').set(bearer(token)).send({ amount: '50' })).body.data;
    const res = await request(stack.app).post(`/api/v1/admin/queues/deposits/${opened.deposit_id}/confirm`).set(bearer(staffToken)).send({ amount_received: '5000.00' });
    expect(res.status).toBe(422);
    expect(await balanceOf(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id)).toBe('0.00');
  });

  it('a date that does not exist is refused with 422', async () => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    const res = await request(stack.app).get('/api/v1/funding/history?from=2024-02-30').set(bearer(token));
    expect(res.status).toBe(422);
    expect(res.body.errors.from).toEqual(['That date does not exist.']);
  });
});
