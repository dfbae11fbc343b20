import { customerFundingTexts as texts, fundingLimits } from '../../../shared/api/customer-funding.schema';
import { fundingTexts } from '../../../shared/api/funding.schema';
import { paths } from '../../../shared/routes';
import { Money, moneyText } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import { claimPaymentEvent } from '../db/customer-funding.repo';
import type { AppDb, Tx } from '../db/database';
import { insertDeposit, lockDeposit, updateDeposit, type DepositRecord } from '../db/funding.repo';
import { transition } from '../db/transition';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { accountOfUser } from '../engine/accounts';
import { DomainError, fail, refusal } from '../errors';
import type { Logger } from '../../logger';
import { ProviderError, type PaymentEvent, type PaymentProvider } from './payments/provider';
import { creditDeposit, fundingReference } from './deposit-credit';
import { holdDeposit } from './deposit-hold';
import { misshapenId, readableReason } from './payments/event-fields';
import { minorUnitDecimals } from './payments/minor-units';

/**
 * Card deposits (docs/funding.md#card-deposits): we open a checkout on the provider's hosted page (the card
 * is typed there, never here) and credit only what a verified webhook says was paid, once.
 */

export async function openCardDeposit(
  { db, payments, siteOrigin }: { db: AppDb; payments: PaymentProvider; siteOrigin: string },
  { user, amount, ip }: { user: { id: number; email: string }; amount: string; ip: string | null },
): Promise<{ row: DepositRecord; url: string }> {
  if (new Money(amount).lessThan(fundingLimits.card.min)) fail(refusal.invalid(texts.cardMin, 'amount'));
  if (new Money(amount).greaterThan(fundingLimits.card.max)) fail(refusal.invalid(texts.cardMax, 'amount'));
  const opened = await db.transaction(async (tx) => {
    const account = await accountOfUser(tx, user.id);
    if (account.type !== 'live') fail(refusal.invalid(texts.noLiveAccount));
    // A currency without cents (JPY) takes whole amounts only: the provider could not charge the rest.
    if (new Money(amount).decimalPlaces() > minorUnitDecimals(account.currency)) fail(refusal.invalid(texts.amountNumber, 'amount'));
    const row = await insertDeposit(tx, {
      userId: user.id,
      accountId: account.id,
      method: 'card',
      provider: payments.name,
      reference: fundingReference('CARD'),
      currency: account.currency,
      amountExpected: amount,
    });
    await recordAudit(tx, { actorId: user.id, action: 'deposit.opened', subjectType: 'user', subjectId: user.id, details: { deposit_id: row.id, method: 'card', amount_expected: amount }, ip });
    return { row, accountNumber: account.number };
  });
  const back = (result: 'success' | 'cancelled') => `${siteOrigin}${paths.deposit}/card?deposit=${opened.row.id}&result=${result}`;
  try {
    const session = await payments.createCheckout({
      depositId: opened.row.id,
      amount,
      currency: opened.row.currency,
      customerEmail: user.email,
      description: `Deposit to account ${opened.accountNumber} (${opened.row.reference})`,
      successUrl: back('success'),
      cancelUrl: back('cancelled'),
    });
    const row = await updateDeposit(db, opened.row.id, { providerSessionId: session.sessionId });
    return { row, url: session.url };
  } catch (error) {
    await transition(db, 'deposit', opened.row.id, { from: ['pending'], set: { status: 'failed', reason: 'The payment page could not be opened.' }, decided: fundingTexts.decided });
    throw error instanceof ProviderError ? new DomainError(refusal.busy(texts.providerUnavailable)) : error;
  }
}

export type WebhookOutcome = { handled: 'credited' | 'held' | 'failed' | 'replayed' | 'ignored' | 'unchanged'; deposit?: DepositRecord; notice?: NotificationRow };

/**
 * Why a payment the provider took is not credited by itself but held for staff (docs/funding.md#money-from-outside):
 * another currency than the deposit's, another amount than the one the checkout asked for (exactly: minor units
 * converted without rounding on both sides, so equal decimals are equal minor units), or more than a card may
 * pay in. Undefined when it is exactly what was expected.
 */
function heldBecause(deposit: DepositRecord, paid: { amount: string; currency: string }): string | undefined {
  const expected = deposit.amountExpected === null ? 'expected no amount' : `expected ${moneyText(deposit.amountExpected, deposit.currency)}`;
  const amount = new Money(paid.amount);
  const why = [
    paid.currency !== deposit.currency ? 'another currency, for staff to settle with the provider' : undefined,
    amount.greaterThan(fundingLimits.card.max) ? `more than the card maximum of ${moneyText(fundingLimits.card.max, deposit.currency)}` : undefined,
    paid.currency === deposit.currency && (deposit.amountExpected === null || !amount.equals(deposit.amountExpected)) ? 'another amount' : undefined,
  ].filter(Boolean);
  return why.length ? `Paid ${moneyText(paid.amount, paid.currency)}, ${expected}: ${why.join('; ')}. Held for staff.` : undefined;
}

/**
 * One verified provider event, exactly once: the event id is claimed in the same transaction that moves the
 * money, so a replay (or two deliveries racing) finds it claimed and changes nothing. A deposit is credited
 * once whatever the events' order: only a deposit still waiting (pending, or failed before the money came)
 * is, only at exactly the amount expected, and a failure never undoes a credit. Any other amount is held for
 * staff. Ids not in the provider's shape are refused (422) before anything is stored.
 */
export async function handlePaymentEvent(db: AppDb, provider: PaymentProvider['name'], event: PaymentEvent, logger: Pick<Logger, 'warn'>): Promise<WebhookOutcome> {
  const misshapen = misshapenId(provider, event);
  if (misshapen) fail(misshapen);
  return db.transaction(async (tx) => {
    const depositId = event.kind === 'ignored' ? null : event.depositId;
    const before = depositId === null ? undefined : await lockDeposit(tx, depositId);
    // An event naming no deposit of ours (another integration on the same account) is recorded and ignored.
    const ours = before && before.method === 'card' && before.provider === provider ? before : undefined;
    if (!(await claimPaymentEvent(tx, { provider, eventId: event.eventId, kind: event.kind, depositId: ours?.id ?? null }))) return { handled: 'replayed' };
    if (event.kind === 'ignored' || !ours) return { handled: 'ignored' };
    if (ours.providerSessionId && ours.providerSessionId !== event.sessionId) {
      logger.warn({ depositId: ours.id, sessionId: event.sessionId }, 'payment event for another session of this deposit: ignored');
      return { handled: 'ignored' };
    }
    // Credited, held for staff, or decided by them: a later event changes nothing.
    if (ours.status !== 'pending' && ours.status !== 'failed') return { handled: 'unchanged', deposit: ours };
    if (event.kind === 'payment.failed') return ours.status === 'pending' ? failCardDeposit(tx, ours, event.reason) : { handled: 'unchanged', deposit: ours };
    return takeCardPayment(tx, { provider, deposit: ours, event, logger });
  });
}

/** The provider says a waiting payment did not go through: the deposit fails with its reason, and the customer is told nothing was charged. */
async function failCardDeposit(tx: Tx, deposit: DepositRecord, providerReason: string): Promise<WebhookOutcome> {
  const reason = readableReason(providerReason);
  const failed = await transition(tx, 'deposit', deposit.id, { from: ['pending'], set: { status: 'failed', reason }, decided: fundingTexts.decided });
  const notice = await addNotification(tx, {
    userId: deposit.userId,
    title: 'Card payment not completed',
    message: `Your card payment ${deposit.reference} did not go through: ${reason} Nothing was charged.`,
    color: 'danger',
  });
  return { handled: 'failed', deposit: failed, notice };
}

/**
 * The provider took a payment for a deposit still waiting: credited when it is exactly what was expected (also after
 * a failure event that came first), else held for staff (docs/funding.md#money-from-outside).
 */
async function takeCardPayment(
  tx: Tx,
  { provider, deposit, event, logger }: { provider: string; deposit: DepositRecord; event: Extract<PaymentEvent, { kind: 'payment.succeeded' }>; logger: Pick<Logger, 'warn'> },
): Promise<WebhookOutcome> {
  const set = { providerPaymentId: event.paymentId, providerSessionId: event.sessionId };
  const audit = { provider, event_id: event.eventId };
  const reason = heldBecause(deposit, event);
  if (reason) {
    logger.warn({ depositId: deposit.id, amount: event.amount, currency: event.currency, expected: deposit.amountExpected }, 'card payment other than expected: held for staff');
    const held = await holdDeposit(tx, deposit, { reported: { amount: event.amount, currency: event.currency }, reason, what: `Your card payment ${deposit.reference}`, audit, set });
    return { handled: 'held', deposit: held.row, notice: held.notice };
  }
  const credited = await creditDeposit(tx, deposit, {
    amount: new Money(event.amount).toFixed(2),
    memo: `Card payment ${deposit.reference}`,
    message: (shown) => `Your card payment of ${shown} has been credited (${deposit.reference}).`,
    actorId: null,
    audit,
    set,
  });
  return { handled: 'credited', deposit: credited.row, notice: credited.notice };
}
