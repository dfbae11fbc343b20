import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fundingLimits, fundingOverviewResponse } from '../../../shared/api/customer-funding.schema';
import { cryptoChannels, type CryptoChannel } from '../../../shared/funding/crypto-channels';
import { canonicalTxId } from '../../../shared/funding/chain-tx-id';
import { Money } from '../../../shared/money';
import { cryptoPayments, deposits, ledgerEntries } from '../../../server/trading/db/schema';
import { insertDeposit } from '../../../server/trading/db/funding.repo';
import { signPayload, signatureHeader } from '../../../server/trading/funding/payments/webhook-signature';
import { makeUser } from '../../support/factories';
import { auditLedger } from '../../support/money';
import { fundedTrader, startTrading, testPaymentsKeys, tokenFor, type TradingStack } from '../../support/trading';
import { bearer } from '../../support/bearer';

/**
 * Money from outside is credited exactly once (docs/funding.md#money-from-outside), as properties: the same
 * payment reported in any spelling, any number of times, in any order and together with its failures, books
 * one credit of exactly the expected amount, or nothing while it is held for staff, and one credit of what
 * staff confirm once they decide. PROPERTY_RUNS sets the runs of each (25 by default).
 */
const runs = Number(process.env.PROPERTY_RUNS ?? 25);

let stack: TradingStack;
let staffToken: string;
let customer: Awaited<ReturnType<typeof fundedTrader>>;
const wallets = new Map<string, { id: number; address: string }>();
const idOf = (symbol: string) => stack.market.instruments.find((i) => i.symbol === symbol)!.id;

beforeAll(async () => {
  stack = await startTrading();
  stack.prices.set({ [idOf('BTCUSD')]: '60000.00', [idOf('ETHUSD')]: '3000.00' });
  staffToken = await tokenFor(stack.app, await makeUser(stack.database.db, { role: 'staff' }));
  customer = await fundedTrader(stack, '0.01');
  const overview = fundingOverviewResponse.parse((await request(stack.app).get('/api/v1/funding').set(bearer(customer.token))).body).data;
  for (const channel of overview.crypto.channels) wallets.set(channel.slug, { id: channel.wallet_id, address: channel.address });
});
afterEach(() => auditLedger(stack.database.db));
afterAll(async () => {
  await stack.trading.close();
  await stack.database.close();
});

let serial = 0;
const creditsOf = async (depositId: number) =>
  (
    await stack.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `deposit:${depositId}`))
  ).map((e) => new Money(e.amount).toFixed(2));
const depositRow = async (id: number) => (await stack.database.db.select().from(deposits).where(eq(deposits.id, id)))[0]!;
const staffDecides = (id: number, decision: 'confirm' | 'reject', amount: string) =>
  request(stack.app)
    .post(`/api/v1/admin/queues/deposits/${id}/${decision}`)
    .set(bearer(staffToken))
    .send(decision === 'confirm' ? { amount_received: amount } : { reason: 'Returned through the provider.' });

describe('card payments', () => {
  /** One event the provider may send about the payment: paid (the amount expected, or another), failed, or expired. */
  const cardEvent = fc.oneof(
    { arbitrary: fc.constant({ kind: 'paid' as const, off: 0 }), weight: 3 },
    {
      arbitrary: fc
        .integer({ min: -20_000, max: 20_000 })
        .filter((off) => off !== 0)
        .map((off) => ({ kind: 'paid' as const, off })),
      weight: 1,
    },
    { arbitrary: fc.constantFrom({ kind: 'failed' as const, off: 0 }, { kind: 'expired' as const, off: 0 }), weight: 2 },
  );
  const scenario = fc.record({
    expectedCents: fc.integer({ min: 500, max: 10_000_000 }),
    events: fc.array(cardEvent, { minLength: 1, maxLength: 4 }),
    // Deliveries in steps; the events of a step arrive together. An index past the events wraps around (a replay).
    steps: fc.array(fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
    staff: fc.constantFrom('confirm' as const, 'reject' as const),
  });

  it(
    'when one card payment is reported any number of times, in any order, with its failures and replays, then it is credited once at exactly the expected amount, or held with nothing credited until staff decide',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ expectedCents, events, steps, staff }) => {
          serial += 1;
          const expected = (expectedCents / 100).toFixed(2);
          const sessionId = `cs_prop_${serial}`;
          const row = await stack.database.db.transaction((tx) =>
            insertDeposit(tx, {
              userId: customer.user.id,
              accountId: customer.account.id,
              method: 'card',
              provider: 'sandbox',
              reference: `CARD-P${serial}`,
              currency: 'USD',
              amountExpected: expected,
            }),
          );
          await stack.database.db.update(deposits).set({ providerSessionId: sessionId }).where(eq(deposits.id, row.id));
          const bodies = events.map((event, i) =>
            JSON.stringify({
              id: `evt_prop_${serial}_${i}`,
              type: event.kind === 'paid' ? 'payment.succeeded' : 'payment.failed',
              created: 1,
              data: {
                session_id: sessionId,
                payment_id: `pi_prop_${serial}`,
                reference: String(row.id),
                amount: expectedCents + event.off,
                currency: 'usd',
                reason: event.kind === 'expired' ? 'The checkout session expired before it was paid.' : 'Your card was declined.',
              },
            }),
          );
          const deliver = async (i: number) => {
            const body = bodies[i % bodies.length]!;
            const res = await request(stack.app)
              .post('/api/v1/payments/webhook/sandbox')
              .set('Content-Type', 'application/json')
              .set(signatureHeader, signPayload(body, testPaymentsKeys.webhookSecret))
              .send(body);
            expect(res.status, res.text).toBe(200);
            expect(['credited', 'held', 'failed', 'replayed', 'unchanged']).toContain(res.body.handled);
          };
          for (const step of steps) await Promise.all(step.map(deliver));

          // What the deliveries allow: the first step that brought a payment decides it (exactly expected: credited; otherwise held).
          const delivered = steps.map((step) => step.map((i) => events[i % events.length]!));
          const firstPaid = delivered.find((step) => step.some((event) => event.kind === 'paid'))?.filter((event) => event.kind === 'paid');
          const after = await depositRow(row.id);
          const credits = await creditsOf(row.id);
          if (!firstPaid) {
            expect(credits).toEqual([]);
            expect(after.status).toBe(delivered.flat().length > 0 ? 'failed' : 'pending');
            return;
          }
          const outcomes = new Set(firstPaid.map((event) => (event.off === 0 ? 'confirmed' : 'held')));
          expect(outcomes.has(after.status as 'confirmed' | 'held'), after.status).toBe(true);
          if (after.status === 'confirmed') {
            expect(credits).toEqual([expected]);
            expect(after.amountReceived).toBe(expected);
            return;
          }
          // Held: nothing until staff decide; then once, whatever arrives after.
          expect(credits).toEqual([]);
          expect(after.amountReceived).toBeNull();
          expect((await staffDecides(row.id, staff, expected)).status).toBe(200);
          for (const step of steps) await Promise.all(step.map(deliver));
          expect((await staffDecides(row.id, staff, expected)).status).toBe(409);
          expect(await creditsOf(row.id)).toEqual(staff === 'confirm' ? [expected] : []);
        }),
        { numRuns: runs },
      );
    },
    60_000 + runs * 2_000,
  );
});

describe('chain payments', () => {
  const bidOf = (channel: CryptoChannel) => (channel.priceSymbol ? new Money(stack.market.quotes.get(idOf(channel.priceSymbol))!.bid) : new Money(1));
  /** A coin amount for the channel worth less than the per-credit maximum (`permille` of the way from the minimum to 90 % of it), or more than it (past the bid's spread). */
  const amountFor = (channel: CryptoChannel, over: boolean, permille: number) => {
    const most = new Money(fundingLimits.crypto.maxCredit).dividedBy(channel.priceSymbol ? (channel.asset === 'BTC' ? '60000' : '3000') : '1');
    const low = new Money(channel.minDeposit);
    const fraction = new Money(permille).dividedBy(1000);
    const coins = over ? most.times(fraction.plus('1.05')) : low.plus(most.times('0.9').minus(low).times(fraction));
    return coins.toDecimalPlaces(Math.min(channel.decimals, 8), Money.ROUND_DOWN).toFixed();
  };
  const spellings = ['lower', 'upper', 'mixed', '0x', '0X'] as const;
  const spell = (hex: string, how: (typeof spellings)[number]) =>
    how === 'lower' ? hex : how === 'upper' ? hex.toUpperCase() : how === 'mixed' ? [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('') : `${how}${hex}`;
  const report = fc.record({ spelling: fc.constantFrom(...spellings), confirmations: fc.integer({ min: 0, max: 30 }), by: fc.constantFrom('watcher' as const, 'blocks' as const) });
  const scenario = fc.record({
    channel: fc.constantFrom(...cryptoChannels),
    over: fc.boolean(),
    permille: fc.integer({ min: 0, max: 1000 }),
    first: report,
    later: fc.array(report, { maxLength: 6 }),
    together: fc.boolean(),
  });

  it(
    'when one chain payment is reported in any spelling, with rising and falling confirmations, alone or together, then it is one payment credited once at the feed price, or held with nothing credited until staff decide',
    async () => {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ channel, over, permille, first, later, together }) => {
          serial += 1;
          const wallet = wallets.get(channel.slug)!;
          const hex = serial.toString(16).padStart(64, 'c');
          const amount = amountFor(channel, over, permille);
          const announce = (r: typeof first) =>
            request(stack.app)
              .post('/api/v1/admin/sandbox-chain/payments')
              .set(bearer(staffToken))
              .send({ channel: channel.slug, address: wallet.address, amount, confirmations: r.confirmations, tx_id: spell(hex, r.spelling) });
          const seen = await announce(first);
          expect(seen.status, seen.text).toBe(201);
          const paymentId = seen.body.data.id as number;
          const send = async (r: typeof first) => {
            const res =
              r.by === 'watcher'
                ? await announce(r)
                : await request(stack.app).post(`/api/v1/admin/sandbox-chain/payments/${paymentId}/confirmations`).set(bearer(staffToken)).send({ confirmations: r.confirmations });
            expect(res.status, res.text).toBeLessThan(300);
            expect(res.body.data.id).toBe(paymentId);
          };
          if (together) await Promise.all(later.map(send));
          else for (const r of later) await send(r);

          const txId = canonicalTxId(channel.network, hex)!;
          const rows = await stack.database.db
            .select()
            .from(cryptoPayments)
            .where(and(eq(cryptoPayments.walletId, wallet.id), eq(cryptoPayments.txId, txId)));
          expect(rows).toHaveLength(1);
          const payment = rows[0]!;
          const reached = Math.max(first.confirmations, ...later.map((r) => r.confirmations));
          expect(payment.confirmations).toBe(reached);
          const credits = await creditsOf(payment.depositId!);
          const worth = new Money(amount).times(bidOf(channel)).toDecimalPlaces(2, Money.ROUND_DOWN);
          if (reached < channel.confirmations) {
            expect([payment.status, credits]).toEqual(['seen', []]);
            return;
          }
          if (worth.lessThanOrEqualTo(fundingLimits.crypto.maxCredit)) {
            expect([payment.status, credits]).toEqual(['credited', [worth.toFixed(2)]]);
            return;
          }
          // Held: nothing until staff confirm what arrived, then that once, whatever the chain reports after.
          expect([payment.status, credits]).toEqual(['held', []]);
          expect((await depositRow(payment.depositId!)).details).toMatchObject({ reported_amount: worth.toFixed(2), reported_currency: 'USD' });
          expect((await staffDecides(payment.depositId!, 'confirm', worth.toFixed(2))).status).toBe(200);
          await send({ ...first, confirmations: reached + 1, by: 'watcher' });
          expect(await creditsOf(payment.depositId!)).toEqual([worth.toFixed(2)]);
        }),
        { numRuns: runs },
      );
    },
    60_000 + runs * 2_000,
  );
});
