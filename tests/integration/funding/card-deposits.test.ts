import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, deposits, ledgerEntries, paymentEvents } from '../../../server/trading/db/schema';
import { signPayload, signatureHeader } from '../../../server/trading/funding/payments/webhook-signature';
import { payOnSandbox, testCards } from '../../support/hosted-checkout';
import { auditLedger, balanceOf } from '../../support/money';
import { fundedTrader, startTrading, testPaymentsKeys, type TradingStack } from '../../support/trading';
import { bearer } from '../../support/bearer';

/**
 * Card deposits (docs/funding.md#card-deposits) against the sandbox provider started by the trading tier,
 * which posts its signed events to the tier listening here: credited only by a verified webhook, once.
 */

let stack: TradingStack;
beforeAll(async () => {
  stack = await startTrading();
  await stack.trading.listen(0, '127.0.0.1');
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

const webhook = (body: string, signature: string) => request(stack.app).post('/api/v1/payments/webhook/sandbox').set('Content-Type', 'application/json').set(signatureHeader, signature).send(body);

async function openDeposit(amount = '500') {
  const trader = await fundedTrader(stack, '0.01');
  const res = await request(stack.app).post('/api/v1/funding/deposits/card').set(bearer(trader.token)).send({ amount });
  expect(res.status).toBe(201);
  return { trader, depositId: res.body.data.deposit_id as number, url: res.body.data.url as string };
}

const depositRow = async (id: number) => (await stack.database.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;
const creditsOf = async (id: number) =>
  stack.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, `deposit:${id}`));

const settled = (id: number) =>
  vi.waitUntil(
    async () => {
      const row = await depositRow(id);
      return row.status !== 'pending' && row;
    },
    { timeout: 3_000, interval: 30 },
  );

/** An event as the sandbox sends it, for deliveries made by hand (replays, races, forgeries). */
const eventBody = (depositId: number, sessionId: string | null, { id = `evt_${depositId}_${Math.random().toString(36).slice(2)}`, type = 'payment.succeeded', amount = 50000 } = {}) =>
  JSON.stringify({
    id,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { session_id: sessionId, payment_id: `pi_${depositId}`, reference: String(depositId), amount, currency: 'usd', reason: 'Your card was declined.' },
  });

describe('paying on the provider page', () => {
  it('a paid checkout is credited by the webhook, at the provider amount, once', async () => {
    const { trader, depositId, url } = await openDeposit();
    expect(url).toMatch(/^http:\/\/localhost:\d+\/pay\/cs_/);
    const paid = await payOnSandbox(url, testCards.success);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://site.test/main/deposit/card?deposit=${depositId}&result=success&session_id=${(await depositRow(depositId)).providerSessionId}`);
    const row = await settled(depositId);
    expect(row).toMatchObject({ status: 'confirmed', amountReceived: '500.00', providerPaymentId: expect.stringMatching(/^pi_/) });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('500.01');
    expect(await creditsOf(depositId)).toHaveLength(1);
  });

  it('a declined card books nothing and the deposit fails with the reason', async () => {
    const { trader, depositId, url } = await openDeposit();
    const answer = await payOnSandbox(url, testCards.declined);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Your card was declined.');
    const row = await settled(depositId);
    expect(row).toMatchObject({ status: 'failed', amountReceived: null, reason: expect.stringContaining('declined') });
    expect(await creditsOf(depositId)).toHaveLength(0);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('0.01');
  });

  it('a 3-D Secure card is credited once authenticated, and not when authentication fails', async () => {
    const passed = await openDeposit('250');
    await payOnSandbox(passed.url, testCards.threeDSecure);
    expect(await settled(passed.depositId)).toMatchObject({ status: 'confirmed', amountReceived: '250.00' });

    const failed = await openDeposit('250');
    await payOnSandbox(failed.url, testCards.threeDSecure, { authenticate: false });
    expect((await settled(failed.depositId)).status).toBe('failed');
    expect(await creditsOf(failed.depositId)).toHaveLength(0);
  });

  it('amounts outside the bounds are refused with the original messages', async () => {
    const trader = await fundedTrader(stack, '1.00');
    for (const [amount, message] of [
      ['4.99', 'Minimum amount is $5'],
      ['100000.01', 'Maximum amount is $100,000'],
      ['', 'Amount is required'],
      ['12.345', 'Amount must be a number'],
    ]) {
      const res = await request(stack.app).post('/api/v1/funding/deposits/card').set(bearer(trader.token)).send({ amount });
      expect(res.status, amount).toBe(422);
      expect(res.body.errors.amount).toEqual([message]);
    }
  });
});

describe('the webhook', () => {
  it('refuses a bad signature with 400 and credits nothing', async () => {
    const { depositId } = await openDeposit();
    const sessionId = (await depositRow(depositId)).providerSessionId;
    const body = eventBody(depositId, sessionId);
    for (const signature of [signPayload(body, 'not-the-secret-0123456789abcdef0123456789'), 't=1,v1=00', '']) {
      const res = await webhook(body, signature);
      expect(res.status).toBe(400);
    }
    // Signed right, but over other bytes than those sent.
    expect((await webhook(body.replace('50000', '5000000'), signPayload(body, testPaymentsKeys.webhookSecret))).status).toBe(400);
    expect(await creditsOf(depositId)).toHaveLength(0);
    expect((await depositRow(depositId)).status).toBe('pending');
  });

  it('the same event twice, and two deliveries racing, credit once', async () => {
    const { trader, depositId } = await openDeposit();
    const sessionId = (await depositRow(depositId)).providerSessionId;
    const body = eventBody(depositId, sessionId, { id: `evt_race_${depositId}` });
    const signature = signPayload(body, testPaymentsKeys.webhookSecret);
    const answers = await Promise.all([webhook(body, signature), webhook(body, signature), webhook(body, signature)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(answers.map((res) => res.body.handled).sort()).toEqual(['credited', 'replayed', 'replayed']);
    // Another event saying the same payment succeeded (a provider's second notice) changes nothing either.
    const again = eventBody(depositId, sessionId, { id: `evt_again_${depositId}` });
    expect((await webhook(again, signPayload(again, testPaymentsKeys.webhookSecret))).body.handled).toBe('unchanged');
    expect(await creditsOf(depositId)).toHaveLength(1);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('500.01');
    expect(await stack.database.db.select().from(paymentEvents).where(eq(paymentEvents.depositId, depositId))).toHaveLength(2);
  });

  it('a failure arriving after the credit changes nothing; a payment arriving after a failure is credited', async () => {
    const late = await openDeposit();
    const lateSession = (await depositRow(late.depositId)).providerSessionId;
    const paid = eventBody(late.depositId, lateSession, { id: `evt_paid_${late.depositId}` });
    const failed = eventBody(late.depositId, lateSession, { id: `evt_failed_${late.depositId}`, type: 'payment.failed' });
    await webhook(paid, signPayload(paid, testPaymentsKeys.webhookSecret));
    expect((await webhook(failed, signPayload(failed, testPaymentsKeys.webhookSecret))).body.handled).toBe('unchanged');
    expect((await depositRow(late.depositId)).status).toBe('confirmed');

    const early = await openDeposit();
    const earlySession = (await depositRow(early.depositId)).providerSessionId;
    const failedFirst = eventBody(early.depositId, earlySession, { id: `evt_f_${early.depositId}`, type: 'payment.failed' });
    const paidLater = eventBody(early.depositId, earlySession, { id: `evt_p_${early.depositId}` });
    await webhook(failedFirst, signPayload(failedFirst, testPaymentsKeys.webhookSecret));
    expect((await depositRow(early.depositId)).status).toBe('failed');
    expect((await webhook(paidLater, signPayload(paidLater, testPaymentsKeys.webhookSecret))).body.handled).toBe('credited');
    expect(await depositRow(early.depositId)).toMatchObject({ status: 'confirmed', amountReceived: '500.00' });
  });

  it('an event for another provider path or no deposit of ours is not credited', async () => {
    const body = eventBody(999_999, 'cs_unknown');
    expect((await webhook(body, signPayload(body, testPaymentsKeys.webhookSecret))).body.handled).toBe('ignored');
    expect((await request(stack.app).post('/api/v1/payments/webhook/stripe').send(body)).status).toBe(404);
  });
});

describe('money from outside (docs/funding.md#money-from-outside)', () => {
  const send = (body: string) => webhook(body, signPayload(body, testPaymentsKeys.webhookSecret));

  it('when a signed event id holds U+0000, then 422 with a message and nothing is stored', async () => {
    const { depositId } = await openDeposit();
    const sessionId = (await depositRow(depositId)).providerSessionId;
    const body = eventBody(depositId, sessionId, { id: `evt_nul\u0000${depositId}` });
    const res = await send(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ message: expect.any(String), errors: { event_id: [expect.any(String)] } });
    expect(await stack.database.db.select().from(paymentEvents).where(eq(paymentEvents.depositId, depositId))).toHaveLength(0);
    expect(await depositRow(depositId)).toMatchObject({ status: 'pending', amountReceived: null });
  });

  it('when a signed payment states more than expected, then the deposit is held for staff, audited and the customer told, with nothing credited', async () => {
    const { trader, depositId } = await openDeposit('100');
    const sessionId = (await depositRow(depositId)).providerSessionId;
    const body = eventBody(depositId, sessionId, { id: `evt_huge_${depositId}`, amount: Number.MAX_SAFE_INTEGER });
    const res = await send(body);
    expect(res.status).toBe(200);
    expect(res.body.handled).toBe('held');
    expect(await depositRow(depositId)).toMatchObject({
      status: 'held',
      amountReceived: null,
      reason: expect.stringContaining('100.00'),
      details: expect.objectContaining({ reported_amount: '90071992547409.91', reported_currency: 'USD' }),
    });
    expect(await creditsOf(depositId)).toHaveLength(0);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('0.01');
    const [audit] = await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.held'));
    expect(audit?.details).toMatchObject({ deposit_id: depositId, reported_amount: '90071992547409.91' });
    // A second notice of the same payment, and a failure after it, leave it held.
    const again = eventBody(depositId, sessionId, { id: `evt_again_${depositId}`, amount: 10000 });
    expect((await send(again)).body.handled).toBe('unchanged');
    expect((await depositRow(depositId)).status).toBe('held');
  });
});

describe("the original client's card form", () => {
  it('POST /user/deposit/store with card fields is refused with 422 and nothing of it is kept', async () => {
    const trader = await fundedTrader(stack, '1.00');
    const before = (await stack.database.db.select().from(deposits)).length;
    const res = await request(stack.app)
      .post('/api/v1/user/deposit/store')
      .set(bearer(trader.token))
      .send({ amount: 500, method: 'card', card_holder_name: 'Ada Lovelace', card_number: '4242424242424242', exp_date: '12/39', csv: '123' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/payment provider’s secure page/);
    expect(JSON.stringify(res.body)).not.toContain('4242');
    expect((await stack.database.db.select().from(deposits)).length).toBe(before);
    const audit = JSON.stringify(await stack.database.db.select().from(auditLog));
    expect(audit).not.toContain('4242424242424242');
    expect(audit).not.toContain('12/39');
  });
});
