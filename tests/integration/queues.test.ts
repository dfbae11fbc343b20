import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositQueuePage, withdrawalQueuePage } from '../../shared/api/funding.schema';
import { auditLog, ledgerEntries, verificationDocuments } from '../../server/trading/db/schema';
import { insertDeposit } from '../../server/trading/db/funding.repo';
import { openBankDeposit } from '../../server/trading/funding/funding';
import { cryptoKeys } from '../../server/trading/funding/crypto/keys';
import { requestWithdrawal } from '../../server/trading/funding/withdrawals';
import { submitDocument } from '../../server/trading/verification/documents';
import { documentQueuePage, verificationTexts } from '../../shared/api/verification.schema';
import { profileTexts } from '../../shared/api/profile.schema';
import { makeUser } from '../support/factories';
import { approveIdentity } from '../support/kyc';
import { auditLedger, balanceOf, deposit, liveAccount } from '../support/money';
import { startTrading, testConfig, tokenFor, type TradingStack } from '../support/trading';
import { samePicture } from '../support/images';
import { bearer } from '../support/bearer';

const keys = cryptoKeys(testConfig());
const bankTo = { bank_name: 'Barclays', bank_address: '1 Churchill Place, London', account_name: 'Test Person', account_number: '55555555', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' };

let stack: TradingStack;
let staffToken: string;
const get = (path: string, token = staffToken) => request(stack.app).get(`/api/v1${path}`).set(bearer(token));
const post = (path: string, body: object, token = staffToken) => request(stack.app).post(`/api/v1${path}`).set(bearer(token)).send(body);

beforeAll(async () => {
  stack = await startTrading();
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.database.close());

/** A customer with money on Live, and a withdrawal request of theirs holding `amount`. */
async function withdrawing(funds: string, amount: string) {
  const person = await makeUser(stack.database.db);
  await approveIdentity(stack.database.db, person.user.id, stack.files);
  const live = await liveAccount(stack.database.db, person.user.id);
  await deposit(stack.database.db, live.id, funds);
  const { row } = await requestWithdrawal(stack.database.db, stack.market, keys, { user: person.user, request: { method: 'bank_transfer', amount, ...bankTo }, ip: null });
  return { person, live, row };
}

describe('who may decide', () => {
  it('refuses customers with 403 on every queue call', async () => {
    const token = await tokenFor(stack.app, await makeUser(stack.database.db));
    for (const [method, path] of [
      ['get', '/admin/queues/deposits'],
      ['get', '/admin/queues/withdrawals'],
      ['post', '/admin/queues/deposits/1/confirm'],
      ['post', '/admin/queues/deposits/1/reject'],
      ['post', '/admin/queues/withdrawals/1/pay'],
      ['post', '/admin/queues/withdrawals/1/reject'],
    ] as const) {
      const res = method === 'get' ? await get(path, token) : await post(path, {}, token);
      expect(res.status, path).toBe(403);
    }
  });
});

describe('withdrawals', () => {
  it('a request holds the funds at once; staff pay it out with a reference, once; it shows under Done with who decided', async () => {
    const { person, live, row } = await withdrawing('1000.00', '250.00');
    expect(await balanceOf(stack.database.db, live.id)).toBe('750.00');
    const pending = withdrawalQueuePage.parse((await get(`/admin/queues/withdrawals?q=${encodeURIComponent(person.email)}`)).body);
    expect(pending.data.map((r) => [r.id, r.status, r.amount])).toEqual([[row.id, 'pending', '250']]);
    // The destination's parts, as staff pay them: the IBAN and BIC normalised, and our fee.
    expect(pending.data[0]).toMatchObject({ method: 'bank_transfer', fee: '0', details: { bank_name: 'Barclays', account_name: 'Test Person', iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' } });

    expect((await post(`/admin/queues/withdrawals/${row.id}/pay`, { payout_reference: ' ' })).status).toBe(422);
    const paid = await post(`/admin/queues/withdrawals/${row.id}/pay`, { payout_reference: 'FPS-77812' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', payout_reference: 'FPS-77812' });
    expect(typeof paid.body.data.decided_by).toBe('string');
    expect(await balanceOf(stack.database.db, live.id)).toBe('750.00');
    expect((await post(`/admin/queues/withdrawals/${row.id}/reject`, { reason: 'Too late' })).status).toBe(409);
    const done = withdrawalQueuePage.parse((await get(`/admin/queues/withdrawals?status=done&q=${encodeURIComponent(person.email)}`)).body);
    expect(done.data[0]).toMatchObject({ id: row.id, status: 'paid' });
    const [entry] = (await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'withdrawal.paid'))).filter((e) => e.subjectId === String(person.user.id));
    expect(entry!.details).toMatchObject({ from: 'pending', to: 'paid', payout_reference: 'FPS-77812' });
  });

  it('a rejection needs a reason and books the held funds back', async () => {
    const { live, row } = await withdrawing('500.00', '500.00');
    expect(await balanceOf(stack.database.db, live.id)).toBe('0.00');
    expect((await post(`/admin/queues/withdrawals/${row.id}/reject`, { reason: '' })).status).toBe(422);
    const rejected = await post(`/admin/queues/withdrawals/${row.id}/reject`, { reason: 'The bank account is not in the customer’s name.' });
    expect(rejected.status).toBe(200);
    expect(await balanceOf(stack.database.db, live.id)).toBe('500.00');
    const reversal = (await stack.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, live.id))).filter((e) => e.kind === 'withdrawal_reversal');
    expect(reversal.map((e) => e.amount)).toEqual(['500.00']);
  });

  it('paid and rejected at the same moment: exactly one decision stands, and the money matches it', async () => {
    for (let round = 0; round < 3; round++) {
      const { live, row } = await withdrawing('300.00', '100.00');
      const [pay, reject] = await Promise.all([
        post(`/admin/queues/withdrawals/${row.id}/pay`, { payout_reference: 'WIRE-1' }),
        post(`/admin/queues/withdrawals/${row.id}/reject`, { reason: 'Duplicate request' }),
      ]);
      expect([pay.status, reject.status].sort()).toEqual([200, 409]);
      expect(await balanceOf(stack.database.db, live.id)).toBe(pay.status === 200 ? '200.00' : '300.00');
    }
  });

  it('a request may not exceed the balance or the free margin', async () => {
    const person = await makeUser(stack.database.db);
    await approveIdentity(stack.database.db, person.user.id, stack.files);
    await deposit(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id, '100.00');
    await expect(
      requestWithdrawal(stack.database.db, stack.market, keys, {
        user: person.user,
        request: { method: 'crypto', amount: '100.01', channel: 'btc', address: 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl' },
        ip: null,
      }),
    ).rejects.toThrow(/at most/);
  });
});

describe('deposits', () => {
  it('staff find a bank transfer by its reference and confirm the amount received, once; the account is credited', async () => {
    const person = await makeUser(stack.database.db);
    const live = await liveAccount(stack.database.db, person.user.id);
    const opened = await openBankDeposit(stack.database.db, { userId: person.user.id, amountExpected: '1000.00', ip: null });
    expect(opened.reference).toMatch(/^DEP-[A-Z2-9]{8}$/);
    const found = depositQueuePage.parse((await get(`/admin/queues/deposits?q=${opened.reference.toLowerCase()}`)).body);
    expect(found.data.map((r) => r.id)).toEqual([opened.id]);
    expect(found.pending).toBeGreaterThanOrEqual(1);

    expect((await post(`/admin/queues/deposits/${opened.id}/confirm`, { amount_received: '0' })).status).toBe(422);
    const twice = await Promise.all([
      post(`/admin/queues/deposits/${opened.id}/confirm`, { amount_received: '998.50' }),
      post(`/admin/queues/deposits/${opened.id}/confirm`, { amount_received: '998.50' }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(stack.database.db, live.id)).toBe('998.50');
    expect((await post(`/admin/queues/deposits/${opened.id}/reject`, { reason: 'Not received' })).status).toBe(409);
  });

  it('a crypto deposit shows its chain facts to staff', async () => {
    const person = await makeUser(stack.database.db);
    const live = await liveAccount(stack.database.db, person.user.id);
    const details = { channel: 'btc', asset: 'BTC', network: 'bitcoin', tx_id: 'ab'.repeat(32), address: 'tb1qexample', crypto_amount: '0.01', confirmations: 1, required_confirmations: 2 };
    const made = await stack.database.db.transaction((tx) =>
      insertDeposit(tx, { userId: person.user.id, accountId: live.id, method: 'crypto', reference: 'CRY-QUEUE234', currency: live.currency, details }),
    );
    const found = depositQueuePage.parse((await get(`/admin/queues/deposits?q=${encodeURIComponent(person.email)}`)).body);
    expect(found.data).toEqual([expect.objectContaining({ id: made.id, method: 'crypto', provider: null, status: 'pending', details })]);
  });

  it('when a card deposit is held for staff, then it waits under Pending, counted, and staff confirm it with the amount received, credited once', async () => {
    const person = await makeUser(stack.database.db);
    const live = await liveAccount(stack.database.db, person.user.id);
    const waiting = async () => depositQueuePage.parse((await get('/admin/queues/deposits')).body).pending;
    const before = await waiting();
    const held = await stack.database.db.transaction((tx) =>
      insertDeposit(tx, {
        userId: person.user.id,
        accountId: live.id,
        method: 'card',
        provider: 'sandbox',
        status: 'held',
        reference: 'CARD-HELDQ234',
        currency: live.currency,
        amountExpected: '100.00',
        reason: 'Paid more than expected.',
      }),
    );
    expect(await waiting()).toBe(before + 1);
    const pending = depositQueuePage.parse((await get(`/admin/queues/deposits?status=pending&q=${encodeURIComponent(person.email)}`)).body);
    expect(pending.data.map((r) => [r.id, r.status])).toEqual([[held.id, 'held']]);

    const confirmed = await post(`/admin/queues/deposits/${held.id}/confirm`, { amount_received: '120.00' });
    expect([confirmed.status, confirmed.body.data.status, confirmed.body.data.amount_received]).toEqual([200, 'confirmed', 120]);
    expect(await balanceOf(stack.database.db, live.id)).toBe('120.00');
    expect(await waiting()).toBe(before);
    expect((await post(`/admin/queues/deposits/${held.id}/reject`, { reason: 'Too late now' })).status).toBe(409);
  });

  it('a rejected transfer credits nothing and tells the customer why', async () => {
    const person = await makeUser(stack.database.db);
    const opened = await openBankDeposit(stack.database.db, { userId: person.user.id, ip: null });
    const rejected = await post(`/admin/queues/deposits/${opened.id}/reject`, { reason: 'No transfer with this reference arrived within 10 days.' });
    expect([rejected.status, rejected.body.data.status]).toEqual([200, 'rejected']);
    expect(await balanceOf(stack.database.db, (await liveAccount(stack.database.db, person.user.id)).id)).toBe('0.00');
    expect((await get('/admin/queues/deposits?status=nope')).status).toBe(422);
    expect((await post('/admin/queues/deposits/999999/confirm', { amount_received: '1' })).status).toBe(404);
  });
});

describe('verification documents', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const submit = async (userId: number, bytes = png, originalName = 'passport.png') =>
    submitDocument({ db: stack.database.db, files: stack.files }, { userId, kind: 'identity', originalName, bytes, ip: null });

  it('only photos and PDFs known by their bytes are kept; staff view one inline and customers may not', async () => {
    const person = await makeUser(stack.database.db);
    await expect(submit(person.user.id, Buffer.from('<html><script>alert(1)</script></html>'), 'passport.png')).rejects.toThrow(/photo/);
    const doc = await submit(person.user.id);
    const queue = documentQueuePage.parse((await get(`/admin/queues/documents?q=${encodeURIComponent(person.email)}`)).body);
    expect(queue.data.map((d) => [d.id, d.kind, d.is_image, d.mime])).toEqual([[doc.id, 'identity', true, 'image/png']]);
    const file = await request(stack.app).get(`/api/v1/admin/queues/documents/${doc.id}/file`).set(bearer(staffToken)).buffer(true);
    expect([file.status, file.headers['content-type'], file.headers['content-disposition']?.startsWith('inline')]).toEqual([200, 'image/png', true]);
    expect(await samePicture(file.body as Buffer, png)).toBe(true);
    const customerToken = await tokenFor(stack.app, person);
    expect((await request(stack.app).get(`/api/v1/admin/queues/documents/${doc.id}/file`).set(bearer(customerToken))).status).toBe(403);
  });

  it('staff approve a document once; a rejection needs a reason from the list (and a note for "other") and tells the customer', async () => {
    const person = await makeUser(stack.database.db, { birthDate: '1990-01-15' });
    const first = await submit(person.user.id);
    const twice = await Promise.all([post(`/admin/queues/documents/${first.id}/approve`, {}), post(`/admin/queues/documents/${first.id}/approve`, {})]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);

    // An approved document is not sent again: the second is another customer's.
    const other = await makeUser(stack.database.db);
    await expect(submit(person.user.id)).rejects.toThrow(/already approved/);
    const second = await submit(other.user.id);
    expect((await post(`/admin/queues/documents/${second.id}/reject`, { reason: 'looks_fake' })).status).toBe(422);
    const noNote = await post(`/admin/queues/documents/${second.id}/reject`, { reason: 'other' });
    expect([noNote.status, noNote.body.errors?.note?.[0]]).toEqual([422, 'Write a note: the customer reads it.']);
    const rejected = await post(`/admin/queues/documents/${second.id}/reject`, { reason: 'expired', note: 'It expired in March.' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'The document has expired. It expired in March.' });
    const [entry] = (await stack.database.db.select().from(auditLog).where(eq(auditLog.action, 'document.rejected'))).filter((e) => e.subjectId === String(other.user.id));
    expect(entry!.details).toMatchObject({ from: 'pending', to: 'rejected' });
  });

  it('an identity document is not approved while the customer has given no date of birth to match it with; given in the wizard, it is, and then it is locked', async () => {
    const person = await makeUser(stack.database.db, { status: 'pending' });
    const identity = await submit(person.user.id);
    const queued = documentQueuePage.parse((await get(`/admin/queues/documents?q=${encodeURIComponent(person.email)}`)).body).data[0]!;
    expect(queued.birth_date).toBeNull();
    const refused = await post(`/admin/queues/documents/${identity.id}/approve`, {});
    expect([refused.status, refused.body.message]).toEqual([422, verificationTexts.birthDateMissing]);
    expect((await stack.database.db.select().from(verificationDocuments).where(eq(verificationDocuments.id, identity.id)))[0]!.status).toBe('pending');

    // The customer, still awaiting approval, gives it in the verification wizard.
    const token = await tokenFor(stack.app, person);
    const given = await request(stack.app).post('/api/v1/verification/details').set(bearer(token)).send({ birth_date: '1988-04-02' });
    expect([given.status, given.body.data.birth_date]).toEqual([200, '1988-04-02']);
    expect(documentQueuePage.parse((await get(`/admin/queues/documents?q=${encodeURIComponent(person.email)}`)).body).data[0]!.birth_date).toBe('1988-04-02');
    expect((await post(`/admin/queues/documents/${identity.id}/approve`, {})).status).toBe(200);
    const locked = await request(stack.app).post('/api/v1/verification/details').set(bearer(token)).send({ birth_date: '1988-04-03' });
    expect([locked.status, locked.body.errors?.birth_date?.[0]]).toEqual([422, profileTexts.locked('date of birth')]);
  });

  it('a customer is approved once an identity document and a proof of address are: /user, the list and its filter say so', async () => {
    const person = await makeUser(stack.database.db, { birthDate: '1990-01-15' });
    const token = await tokenFor(stack.app, person);
    const status = async () => (await get('/user', token)).body.data.verification_status as string;
    expect(await status()).toBe('unverified');
    const identity = await submit(person.user.id);
    expect(await status()).toBe('pending');
    const address = await submitDocument({ db: stack.database.db, files: stack.files }, { userId: person.user.id, kind: 'proof_of_address', originalName: 'bill.png', bytes: png, ip: null });
    await post(`/admin/queues/documents/${identity.id}/approve`, {});
    expect(await status()).toBe('pending');
    await post(`/admin/queues/documents/${address.id}/reject`, { reason: 'address_too_old' });
    expect(await status()).toBe('rejected');
    const again = await submitDocument({ db: stack.database.db, files: stack.files }, { userId: person.user.id, kind: 'proof_of_address', originalName: 'bill.png', bytes: png, ip: null });
    await post(`/admin/queues/documents/${again.id}/approve`, {});
    expect(await status()).toBe('approved');
    const listed = (await get(`/admin/customers?q=${encodeURIComponent(person.email)}&verification=approved`)).body.data as { id: number; verification_status: string }[];
    expect(listed.map((c) => [c.id, c.verification_status])).toEqual([[person.user.id, 'approved']]);
    expect((await get(`/admin/customers?q=${encodeURIComponent(person.email)}&verification=pending`)).body.data).toEqual([]);
  });
});
