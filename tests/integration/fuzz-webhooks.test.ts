import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '../../shared/money';
import { deposits, ledgerEntries } from '../../server/trading/db/schema';
import { insertDeposit } from '../../server/trading/db/funding.repo';
import { stripeProvider } from '../../server/trading/funding/payments/stripe-driver';
import { signPayload, signatureHeader } from '../../server/trading/funding/payments/webhook-signature';
import { hostile, jsonText } from '../support/arbitraries';
import { makeUser } from '../support/factories';
import { auditLedger, liveAccount } from '../support/money';
import { startTrading, testPaymentsKeys, type TradingStack } from '../support/trading';

/**
 * The fuzz suite for signed webhooks (docs/funding.md#money-from-outside): events signed as the sandbox and
 * as Stripe sign them (Stripe's with the package's own test helper), so every one passes the signature and
 * reaches what reads the event, with fuzzed fields: ids with NUL, control characters, surrogate halves or
 * 100,000 characters; amounts huge, negative, fractional and non-finite; odd currencies; deposit references
 * beyond the column; bodies that are no event at all. Never a 5xx; a refusal is a 4xx with a message; no
 * deposit is credited anything but exactly what it expected. FUZZ_RUNS scales the runs (15 by default: 300
 * events per provider).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 15) * 20;
const stripeSecret = 'whsec_fuzz_0123456789abcdef';
const stripeWebhooks = new Stripe('sk_test_offline').webhooks;

let sandbox: TradingStack;
let stripe: TradingStack;
/** The card deposits the events name, per provider: id, session, expected amount in cents. */
const seeded: Record<'sandbox' | 'stripe', { id: number; session: string; cents: number }[]> = { sandbox: [], stripe: [] };
const answers: Record<string, number> = {};

beforeAll(async () => {
  sandbox = await startTrading();
  // Stripe's driver on the same database, its API stubbed: only its webhooks are called here.
  const stub = {
    checkout: { sessions: { create: async () => ({ id: 'cs_unused', url: 'https://checkout.stripe.com/unused' }) } },
    refunds: { create: async () => ({ id: 're_unused' }) },
    webhooks: stripeWebhooks,
  };
  stripe = await startTrading({ database: sandbox.database, payments: stripeProvider({ secretKey: 'sk_test_offline', webhookSecret: stripeSecret, stripe: stub }), leaderJobs: [] });
  const person = await makeUser(sandbox.database.db);
  const account = await liveAccount(sandbox.database.db, person.user.id);
  for (const provider of ['sandbox', 'stripe'] as const) {
    for (const cents of [500, 999, 10_000, 25_000, 100_000, 123_456, 5_000_000, 10_000_000]) {
      const row = await sandbox.database.db.transaction((tx) =>
        insertDeposit(tx, {
          userId: person.user.id,
          accountId: account.id,
          method: 'card',
          provider,
          reference: `CARD-FZ${provider === 'sandbox' ? 'S' : 'T'}${cents}`,
          currency: 'USD',
          amountExpected: (cents / 100).toFixed(2),
        }),
      );
      const session = `cs_fuzz_${provider}_${row.id}`;
      await sandbox.database.db.update(deposits).set({ providerSessionId: session }).where(eq(deposits.id, row.id));
      seeded[provider].push({ id: row.id, session, cents });
    }
  }
});

afterAll(async () => {
  if (process.env.FUZZ_SUMMARY) console.info('fuzz-webhooks answers', JSON.stringify(answers));
  await auditLedger(sandbox.database.db);
  await stripe.trading.close();
  await sandbox.trading.close();
  await sandbox.database.close();
});

/** Text an attacker (or a broken provider) puts where an id belongs. */
const oddText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'evt_\u0000',
    'evt_a\u0007b',
    'evt_\ud800',
    'evt_x\udfff',
    'evt_\u202e',
    'evt_ü',
    'EVT_1',
    'evt_',
    'evt_a b',
    'evt_../x',
    `evt_${'a'.repeat(100_000)}`,
    `evt_${'b'.repeat(300)}`,
  ),
  fc.string({ unit: 'binary', maxLength: 20 }).map((s) => `evt_${s}`),
  hostile,
);
/** Each field is mostly what the provider sends, sometimes broken: most events then have one or two broken fields, and some none. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) => fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: bad, weight: 1 });
const idOf = (prefix: string) =>
  mostly(
    fc.nat({ max: 1_000_000 }).map((n) => `${prefix}_fz_${n}`),
    oddText.map((v) => (typeof v === 'string' ? v.replace(/^evt_/, `${prefix}_`) : v)),
  );
const amountOf = (cents: number) =>
  fc.oneof(
    { arbitrary: fc.constant(cents), weight: 9 },
    { arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000_000 }), weight: 2 },
    fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e308, -1, 0, 0.5, cents + 0.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0),
    hostile,
  );
const currency = mostly(fc.constant('usd'), fc.oneof(fc.constantFrom('USD', 'eur', 'jpy', 'kwd', 'xx', 'usdd', '', ' usd', 'u\u0000s', 'us\ud800'), hostile));
/** The deposit an event names (as the provider echoes it, a string): the one whose session it is, another of ours, or none. */
const referenceOf = (own: number, ids: number[]) =>
  mostly(fc.constant(String(own)), fc.oneof(fc.constantFrom(...ids.map(String)), fc.constantFrom('0', '-1', '01', '1e3', '999999999999999', '9999999999999999', '9223372036854775808', ' 1'), hostile));

function scenario(provider: 'sandbox' | 'stripe') {
  const target = fc.constantFrom(...seeded[provider]);
  return target.chain((deposit) =>
    fc.record({
      deposit: fc.constant(deposit),
      id: idOf('evt'),
      kind: fc.oneof({ arbitrary: fc.constant('paid' as const), weight: 3 }, fc.constantFrom('failed' as const, 'expired' as const, 'other' as const)),
      type: mostly(fc.constant(undefined), hostile),
      reference: referenceOf(
        deposit.id,
        seeded[provider].map((d) => d.id),
      ),
      session: mostly(fc.constant(deposit.session), idOf('cs')),
      payment: idOf('pi'),
      amount: amountOf(deposit.cents),
      currency,
      reason: mostly(fc.string({ maxLength: 40 }), fc.oneof(hostile, fc.constant('x'.repeat(10_000)))),
      object: mostly(fc.constant(undefined), fc.constantFrom(null, [], 'x', 5)),
      // A signed body that is no event at all.
      garbage: mostly(fc.constant(undefined), fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom('null', '[]', '5', '{"id":5}', '{'))),
    }),
  );
}
type Scenario = fc.Arbitrary<ReturnType<typeof scenario> extends fc.Arbitrary<infer T> ? T : never>;
type Fuzzed = Scenario extends fc.Arbitrary<infer T> ? T : never;

const sandboxTypes = { paid: 'payment.succeeded', failed: 'payment.failed', expired: 'payment.failed', other: 'payment.refunded' } as const;
const stripeTypes = { paid: 'checkout.session.completed', failed: 'checkout.session.async_payment_failed', expired: 'checkout.session.expired', other: 'payment_intent.succeeded' } as const;

function sandboxBody(f: Fuzzed): string {
  if (f.garbage !== undefined) return f.garbage;
  return jsonText({
    id: f.id,
    type: f.type ?? sandboxTypes[f.kind],
    created: 1,
    data: f.object !== undefined ? f.object : { session_id: f.session, payment_id: f.payment, reference: f.reference, amount: f.amount, currency: f.currency, reason: f.reason },
  });
}

function stripeBody(f: Fuzzed): string {
  if (f.garbage !== undefined) return f.garbage;
  const session = {
    id: f.session,
    object: 'checkout.session',
    mode: 'payment',
    client_reference_id: f.reference,
    metadata: { deposit_id: f.reference },
    payment_intent: f.payment,
    payment_status: f.kind === 'paid' ? 'paid' : 'unpaid',
    amount_total: f.amount,
    currency: f.currency,
  };
  return jsonText({
    id: f.id,
    object: 'event',
    api_version: '2025-01-01',
    created: 1,
    livemode: false,
    type: f.type ?? stripeTypes[f.kind],
    data: { object: f.object !== undefined ? f.object : session },
  });
}

async function deliver(provider: 'sandbox' | 'stripe', f: Fuzzed) {
  const body = provider === 'sandbox' ? sandboxBody(f) : stripeBody(f);
  const signature = provider === 'sandbox' ? signPayload(body, testPaymentsKeys.webhookSecret) : stripeWebhooks.generateTestHeaderString({ payload: body, secret: stripeSecret });
  const app = provider === 'sandbox' ? sandbox.app : stripe.app;
  const res = await request(app)
    .post(`/api/v1/payments/webhook/${provider}`)
    .set('Content-Type', 'application/json')
    .set(provider === 'sandbox' ? signatureHeader : 'Stripe-Signature', signature)
    .send(body);
  const seen = `${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${body.slice(0, 300)}`;
  const answer = res.status === 200 ? `200 ${res.body.handled}` : String(res.status);
  answers[`${provider} ${answer}`] = (answers[`${provider} ${answer}`] ?? 0) + 1;
  expect(res.status, seen).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.message, seen).toBe('string');
    expect(res.body.message.length, seen).toBeGreaterThan(0);
  } else {
    expect(res.status, seen).toBe(200);
    expect(['credited', 'held', 'failed', 'replayed', 'ignored', 'unchanged'], seen).toContain(res.body.handled);
  }
}

/** Each deposit is credited nothing or exactly what it expected, once. */
async function creditedAtMostExpected(provider: 'sandbox' | 'stripe') {
  const ids = seeded[provider].map((d) => d.id);
  const rows = await sandbox.database.db.select().from(deposits).where(inArray(deposits.id, ids));
  for (const deposit of seeded[provider]) {
    const entries = await sandbox.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `deposit:${deposit.id}`));
    const row = rows.find((r) => r.id === deposit.id)!;
    expect(entries.length, `deposit ${deposit.id}`).toBeLessThanOrEqual(1);
    if (entries.length === 1) {
      expect(new Money(entries[0]!.amount).equals(new Money(deposit.cents).dividedBy(100)), `deposit ${deposit.id}`).toBe(true);
      expect(row.status).toBe('confirmed');
    } else {
      expect(['pending', 'held', 'failed'], `deposit ${deposit.id}`).toContain(row.status);
    }
  }
}

describe('signed webhooks, fed what a provider sends and what a broken or hostile one might', () => {
  for (const provider of ['sandbox', 'stripe'] as const) {
    it(`${provider}: a signed event with fuzzed fields answers 200 or a 4xx with a message, never 5xx, and credits nothing but the amount expected`, async () => {
      await fc.assert(
        fc.asyncProperty(scenario(provider), (f) => deliver(provider, f)),
        { numRuns: runs },
      );
      await creditedAtMostExpected(provider);
    }, 120_000);
  }
});
