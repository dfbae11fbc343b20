import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { depositQueuePage } from '../../../shared/api/funding.schema';
import { deposits, ledgerEntries } from '../../../server/trading/db/schema';
import { insertDeposit } from '../../../server/trading/db/funding.repo';
import { signPayload, signatureHeader } from '../../../server/trading/funding/payments/webhook-signature';
import { makeUser } from '../../support/factories';
import { auditLedger, balanceOf, liveAccount } from '../../support/money';
import { testPaymentsKeys } from '../../support/trading';
import { signedInAgent, startWebStack, textOf, type WebStack } from '../../support/web';
import { bearer } from '../../support/bearer';

/**
 * Deposits held for staff (docs/funding.md#money-from-outside, docs/back-office.md#funding-queues): a card payment
 * other than expected waits in the deposits queue with what was reported, what was expected and why; staff
 * confirm the amount received (credited once) or reject it.
 */

let stack: WebStack;
let staff: { email: string; password: string };
let staffToken: string;
beforeAll(async () => {
  stack = await startWebStack();
  staff = await makeUser(stack.database.db, { role: 'staff' });
  const login = await request(stack.apiUrl).post('/api/v1/auth/login').send({ email: staff.email, password: staff.password });
  staffToken = login.body.data.token as string;
});
afterEach(() => auditLedger(stack.database.db));
afterAll(() => stack.close());

const api = (path: string) => `/api/v1${path}`;

/** A card deposit of `expected` paid `paidMinor` cents, as the sandbox signs it, through the web tier. */
async function heldCardDeposit(expected: string, paidMinor: number) {
  const person = await makeUser(stack.database.db);
  const account = await liveAccount(stack.database.db, person.user.id);
  const row = await stack.database.db.transaction((tx) =>
    insertDeposit(tx, { userId: person.user.id, accountId: account.id, method: 'card', provider: 'sandbox', reference: `CARD-H${person.user.id}`, currency: 'USD', amountExpected: expected }),
  );
  const sessionId = `cs_held_${row.id}`;
  await stack.database.db.update(deposits).set({ providerSessionId: sessionId }).where(eq(deposits.id, row.id));
  const body = JSON.stringify({
    id: `evt_held_${row.id}`,
    type: 'payment.succeeded',
    created: 1,
    data: { session_id: sessionId, payment_id: `pi_held_${row.id}`, reference: String(row.id), amount: paidMinor, currency: 'usd' },
  });
  const res = await request(stack.web)
    .post(api('/payments/webhook/sandbox'))
    .set('Content-Type', 'application/json')
    .set(signatureHeader, signPayload(body, testPaymentsKeys.webhookSecret))
    .send(body);
  expect(res.body).toEqual({ received: true, handled: 'held' });
  return { person, account, row };
}

const credits = async (depositId: number) =>
  stack.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, `deposit:${depositId}`));

describe('the deposits queue', () => {
  it('when a card payment is held, then it waits under Pending with the reported and expected amounts and the reason, with Confirm and Reject', async () => {
    const { person, row } = await heldCardDeposit('250.00', 2_500_000);
    const queue = depositQueuePage.parse(
      (
        await request(stack.apiUrl)
          .get(api(`/admin/queues/deposits?q=${encodeURIComponent(person.email)}`))
          .set('Authorization', `Bearer ${staffToken}`)
      ).body,
    );
    expect(queue.data).toHaveLength(1);
    expect(queue.data[0]).toMatchObject({
      id: row.id,
      status: 'held',
      amount_expected: '250',
      amount_received: null,
      reason: expect.stringContaining('expected 250.00 USD'),
      details: { reported_amount: '25000.00', reported_currency: 'USD' },
    });
    expect(queue.pending).toBeGreaterThanOrEqual(1);

    const { agent } = await signedInAgent(stack.web, staff);
    const page = await agent.get(`/admin/queues/deposits?q=${encodeURIComponent(person.email)}`);
    expect(page.status).toBe(200);
    const text = textOf(page.text);
    expect(text).toContain('Held for review');
    expect(text).toContain('25,000.00 USD Reported; expected 250.00 USD');
    expect(text).toContain('Paid 25,000.00 USD, expected 250.00 USD: another amount. Held for staff.');
    // The decision island: Confirm with the expected amount offered, never the reported one.
    const html = page.text.replaceAll('&quot;', '"');
    expect(html).toContain('app-island name="queue-decision"');
    expect(html).toContain('"suggested":"250"');
    expect(html).toContain('"held":"Reported 25,000.00 USD; expected 250.00 USD; Paid 25,000.00 USD');
  });

  it('when staff confirm a held deposit with the amount received, then it is credited once; a held one rejected credits nothing', async () => {
    const confirmed = await heldCardDeposit('100.00', 12_345);
    const post = (path: string, body: object) => request(stack.apiUrl).post(api(path)).set('Authorization', `Bearer ${staffToken}`).send(body);
    const [first, second] = await Promise.all([
      post(`/admin/queues/deposits/${confirmed.row.id}/confirm`, { amount_received: '123.45' }),
      post(`/admin/queues/deposits/${confirmed.row.id}/confirm`, { amount_received: '123.45' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await credits(confirmed.row.id)).toHaveLength(1);
    expect(await balanceOf(stack.database.db, confirmed.account.id)).toBe('123.45');

    const rejected = await heldCardDeposit('100.00', 1);
    expect((await post(`/admin/queues/deposits/${rejected.row.id}/reject`, { reason: 'Refunded through the provider.' })).status).toBe(200);
    expect(await credits(rejected.row.id)).toHaveLength(0);
    expect(await balanceOf(stack.database.db, rejected.account.id)).toBe('0.00');
  });

  it('when a customer reads their history while a deposit is held, then it is "Being reviewed" under Pending, without staff’s reason, and the original client reads it as pending', async () => {
    const { person, row } = await heldCardDeposit('100.00', 9_999);
    const login = await request(stack.apiUrl).post('/api/v1/auth/login').send({ email: person.email, password: person.password });
    const customer = bearer(login.body.data.token as string);
    const history = await request(stack.apiUrl).get(api('/funding/history?status=pending')).set(customer);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const mine = history.body.data.find((r: { id: number; kind: string }) => r.kind === 'deposit' && r.id === row.id);
    expect(mine).toMatchObject({ status: 'held', status_label: 'Being reviewed', reason: null });
    const csv = await request(stack.apiUrl).get(api('/funding/history.csv')).set(customer);
    expect(csv.text).toContain('Being reviewed');
    expect(csv.text).not.toContain('Held for staff');
    const legacy = await request(stack.apiUrl).get(api('/user/deposits')).set(customer);
    const old = legacy.body.data.data.find((r: { id: number }) => r.id === row.id);
    expect(old.status).toBe('pending');
    expect(old.details).not.toContain('Held for staff');
  });
});
