import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerFundingTexts, legacyFundingPage } from '../../../shared/api/customer-funding.schema';
import { deposits, withdrawals } from '../../../server/trading/db/schema';
import { signPayload, signatureHeader } from '../../../server/trading/funding/payments/webhook-signature';
import { makeUser } from '../../support/factories';
import { approveIdentity } from '../../support/kyc';
import { auditLedger, balanceOf, bankWithdrawal, liveAccount } from '../../support/money';
import { fundedTrader, startTrading, testPaymentsKeys, tokenFor, type TradingStack } from '../../support/trading';
import { bearer } from '../../support/bearer';

/** Withdrawals (docs/funding.md#withdrawals): held at once, paid, rejected or cancelled once; and the history that lists them. */

let stack: TradingStack;
let staffToken: string;
const bank = bankWithdrawal;
const ask = (token: string, body: object) => request(stack.app).post('/api/v1/funding/withdrawals').set(bearer(token)).send(body);
const staffPost = (path: string, body: object = {}) => request(stack.app).post(`/api/v1${path}`).set(bearer(staffToken)).send(body);

beforeAll(async () => {
  stack = await startTrading();
  await stack.trading.listen(0, '127.0.0.1');
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

/** A customer verified for withdrawals (approved identity and proof of address) whose Live account holds `amount`. */
async function verifiedTrader(amount: string) {
  const trader = await fundedTrader(stack, amount);
  await approveIdentity(stack.database.db, trader.user.id, stack.files);
  return trader;
}

/** A new verified customer whose Live account holds nothing yet. */
async function unfundedTrader() {
  const person = await makeUser(stack.database.db);
  await approveIdentity(stack.database.db, person.user.id, stack.files);
  return { ...person, account: await liveAccount(stack.database.db, person.user.id), token: await tokenFor(stack.app, person) };
}

describe('a request', () => {
  it('holds the amount at once; 20 parallel requests for the whole balance: one is accepted', async () => {
    const trader = await verifiedTrader('300.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(trader.token, { ...bank, amount: '300' })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.status === 422)).toHaveLength(19);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('0.00');
    const accepted = answers.find((res) => res.status === 201)!.body.data;
    expect(accepted).toMatchObject({ kind: 'withdrawal', status: 'pending', amount: -300, cancellable: true, description: 'NatWest, •••• 5432' });
    const [row] = await stack.database.db.select().from(withdrawals).where(eq(withdrawals.userId, trader.user.id));
    expect(row).toMatchObject({ destination: 'Ada Lovelace, NatWest, IBAN GB82WEST12345698765432, BIC NWBKGB2L', details: expect.objectContaining({ iban: 'GB82WEST12345698765432' }) });
  });

  it('refuses what is not real: a bad IBAN, an address of another network, below the minimum, more than the free margin', async () => {
    const trader = await verifiedTrader('100.00');
    const cases: [object, string, string][] = [
      [{ ...bank, amount: '60', iban: 'GB82 WEST 1234 5698 7654 33' }, 'iban', 'Enter a valid IBAN.'],
      [{ ...bank, amount: '60', bic: 'NW' }, 'bic', 'Enter a valid SWIFT/BIC code (8 or 11 characters).'],
      [{ method: 'crypto', amount: '60', channel: 'btc', address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }, 'address', 'This address is for another network.'],
      [{ ...bank, amount: '49.99' }, 'amount', 'The minimum for this method is 50.00 USD.'],
      [{ ...bank, amount: '100.01' }, 'amount', 'The account cannot pay this out: at most 100.00 USD is free to withdraw.'],
      [{ method: 'card', amount: '20', deposit_id: 1 }, 'deposit_id', 'Choose the card payment to refund.'],
      [{ ...bank, bank_name: '', amount: '60' }, 'bank_name', 'Bank name is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await ask(trader.token, body);
      expect(res.status, message).toBe(422);
      expect(res.body.errors[field], message).toEqual([message]);
    }
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('100.00');
  });

  it('is open to verified customers only: active, with identity and proof of address approved', async () => {
    const pending = await makeUser(stack.database.db, { status: 'pending' });
    const res = await ask(await tokenFor(stack.app, pending), { ...bank, amount: '60' });
    expect(res.status).toBe(403);
    const unverified = await fundedTrader(stack, '100.00');
    const refused = await ask(unverified.token, { ...bank, amount: '60' });
    expect([refused.status, refused.body.message]).toEqual([403, customerFundingTexts.notVerified]);
    const overview = async () => (await request(stack.app).get('/api/v1/funding').set(bearer(unverified.token))).body.data.verified as boolean;
    expect(await overview()).toBe(false);
    await approveIdentity(stack.database.db, unverified.user.id, stack.files);
    expect(await overview()).toBe(true);
    expect((await ask(unverified.token, { ...bank, amount: '60' })).status).toBe(201);
    expect(await balanceOf(stack.database.db, unverified.account.id)).toBe('40.00');
  });
});

describe('deciding', () => {
  it('a rejection releases exactly the amount; the customer cancels a pending one; neither twice', async () => {
    const trader = await verifiedTrader('500.00');
    const first = (await ask(trader.token, { ...bank, amount: '123.45' })).body.data;
    const second = (await ask(trader.token, { method: 'crypto', amount: '100', channel: 'btc', address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl' })).body.data;
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('276.55');

    expect((await staffPost(`/admin/queues/withdrawals/${first.id}/reject`, { reason: 'Name does not match the account' })).status).toBe(200);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('400.00');
    const cancel = (id: number, token = trader.token) => request(stack.app).post(`/api/v1/funding/withdrawals/${id}/cancel`).set(bearer(token));
    expect((await cancel(first.id)).status).toBe(409);

    const stranger = await verifiedTrader('1.00');
    expect((await cancel(second.id, stranger.token)).status).toBe(404);
    const [a, b] = await Promise.all([cancel(second.id), cancel(second.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('500.00');
    expect((await staffPost(`/admin/queues/withdrawals/${second.id}/pay`, { payout_reference: 'tx-1' })).status).toBe(409);
  });

  it('a card withdrawal is refunded through the provider, at most what the card paid', async () => {
    const trader = await unfundedTrader();
    const opened = await request(stack.app).post('/api/v1/funding/deposits/card').set(bearer(trader.token)).send({ amount: '200' });
    const { payOnSandbox, testCards } = await import('../../support/hosted-checkout');
    await payOnSandbox(opened.body.data.url, testCards.success);
    await vi.waitUntil(async () => (await balanceOf(stack.database.db, trader.account.id)) !== '0.00', { timeout: 3_000, interval: 30 });
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('200.00');

    const depositId = opened.body.data.deposit_id as number;
    const over = await ask(trader.token, { method: 'card', amount: '200.01', deposit_id: depositId });
    expect(over.status).toBe(422);
    const asked = await ask(trader.token, { method: 'card', amount: '150', deposit_id: depositId });
    expect(asked.status).toBe(201);
    const overview = (await request(stack.app).get('/api/v1/funding').set(bearer(trader.token))).body.data;
    expect(overview.card_refundable).toEqual([expect.objectContaining({ deposit_id: depositId, amount: 200, refundable: 50 })]);

    expect((await staffPost(`/admin/queues/withdrawals/${asked.body.data.id}/pay`, { payout_reference: 'x' })).status).toBe(422);
    const refunded = await staffPost(`/admin/queues/withdrawals/${asked.body.data.id}/refund`);
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'paid', payout_reference: expect.stringMatching(/^re_/) });
    expect((await staffPost(`/admin/queues/withdrawals/${asked.body.data.id}/refund`)).status).toBe(409);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('50.00');
  });
});

describe('the history', () => {
  it('lists deposits, withdrawals and adjustments with filters, as CSV too, and in the original shapes', async () => {
    const trader = await unfundedTrader();
    // A card deposit credited through the webhook, a pending withdrawal and a cancelled one.
    const opened = (await request(stack.app).post('/api/v1/funding/deposits/card').set(bearer(trader.token)).send({ amount: '300' })).body.data;
    const { providerSessionId } = (await stack.database.db.select().from(deposits).where(eq(deposits.id, opened.deposit_id)))[0]!;
    const body = JSON.stringify({
      id: `evt_h_${opened.deposit_id}`,
      type: 'payment.succeeded',
      created: 1,
      data: { session_id: providerSessionId, payment_id: 'pi_h', reference: String(opened.deposit_id), amount: 30000, currency: 'usd' },
    });
    await request(stack.app).post('/api/v1/payments/webhook/sandbox').set('Content-Type', 'application/json').set(signatureHeader, signPayload(body, testPaymentsKeys.webhookSecret)).send(body);
    const kept = (await ask(trader.token, { ...bank, amount: '100' })).body.data;
    const dropped = (await ask(trader.token, { ...bank, amount: '50' })).body.data;
    await request(stack.app).post(`/api/v1/funding/withdrawals/${dropped.id}/cancel`).set(bearer(trader.token));

    const list = async (query: string) => (await request(stack.app).get(`/api/v1/funding/history${query}`).set(bearer(trader.token))).body;
    const all = await list('');
    expect(all.data.map((row: { key: string }) => row.key)).toEqual(
      [`withdrawal-${dropped.id}`, `withdrawal-${kept.id}`, `deposit-${opened.deposit_id}`, expect.stringMatching(/^adjustment-|^deposit-/)].slice(0, all.data.length),
    );
    expect((await list('?kind=deposit')).data.every((row: { kind: string }) => row.kind === 'deposit')).toBe(true);
    expect((await list('?status=cancelled')).data.map((row: { id: number }) => row.id)).toEqual([dropped.id]);
    expect((await list('?status=pending&kind=withdrawal')).data.map((row: { id: number }) => row.id)).toEqual([kept.id]);
    expect((await list('?from=2000-01-01&to=2000-01-02')).data).toEqual([]);
    expect((await request(stack.app).get('/api/v1/funding/history?from=yesterday').set(bearer(trader.token))).status).toBe(422);

    const csv = await request(stack.app).get('/api/v1/funding/history.csv?kind=withdrawal').set(bearer(trader.token));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Type,Method,Status,Amount,Fee,Currency,Reference,Description,Reason');
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['Cancelled', 'Pending']);

    const legacy = legacyFundingPage.parse((await request(stack.app).get('/api/v1/user/withdrawals').set(bearer(trader.token))).body);
    expect(legacy.data).toMatchObject({ current_page: 1, next_page_url: null });
    expect(legacy.data.data[1]).toMatchObject({ id: kept.id, amount: '$100.00', status: 'pending', account: trader.account.number });
    expect(JSON.parse(legacy.data.data[1]!.details!)).toMatchObject({ reference: `WDR-${kept.id}` });
    const legacyDeposits = legacyFundingPage.parse((await request(stack.app).get('/api/v1/user/deposits').set(bearer(trader.token))).body);
    expect(legacyDeposits.data.data[0]).toMatchObject({ amount: '$300.00', status: 'approved', type: 'deposit', method: 'Card' });
  });

  it("the original client's withdrawal form: crypto with its network name, and a wire", async () => {
    const trader = await verifiedTrader('1000.00');
    const store = (body: object) => request(stack.app).post('/api/v1/user/withdrawal/store').set(bearer(trader.token)).send(body);
    const crypto = await store({ amount: 100, method: 'crypto', network: 'Bitcoin (Native SegWit)', wallet_address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl' });
    expect(crypto.status).toBe(200);
    expect(crypto.body).toEqual({ message: 'Withdrawal request submitted successfully' });
    const wire = await store({ amount: '200', method: 'wire', bank_name: 'NatWest', bank_address: 'London', account_number: '98765432', account_name: 'Ada', iban_number: '', swiftcode: '' });
    expect(wire.status).toBe(200);
    const bad = await store({ amount: 100, method: 'crypto', network: 'Bitcoin (Native SegWit)', wallet_address: 'not-an-address' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe(bad.body.message);
    expect(await balanceOf(stack.database.db, trader.account.id)).toBe('700.00');
  });
});
