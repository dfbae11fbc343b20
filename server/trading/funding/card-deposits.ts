import { customerFundingTexts as texts, fundingLimits } from '../../../shared/api/customer-funding.schema';
import { paths } from '../../../shared/routes';
import { Money } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import { claimPaymentEvent } from '../db/customer-funding.repo';
import type { AppDb } from '../db/database';
import { insertDeposit, lockDeposit, updateDeposit, type DepositRecord } from '../db/funding.repo';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { accountOfUser } from '../engine/accounts';
import { DomainError, fail, refusal } from '../errors';
import type { Logger } from '../../logger';
import { ProviderError, type PaymentEvent, type PaymentProvider } from './payments/provider';
import { creditDeposit, fundingReference } from './deposit-credit';
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
    await updateDeposit(db, opened.row.id, { status: 'failed', reason: 'The payment page could not be opened.' });
    throw error instanceof ProviderError ? new DomainError(refusal.busy(texts.providerUnavailable)) : error;
  }
}

export type WebhookOutcome = { handled: 'credited' | 'failed' | 'replayed' | 'ignored' | 'unchanged'; deposit?: DepositRecord; notice?: NotificationRow };

/**
 * One verified provider event, exactly once: the event id is claimed in the same transaction that moves the
 * money, so a replay (or two deliveries racing) finds it claimed and changes nothing. A deposit is credited
 * once whatever the events' order: only a deposit not yet credited is, and a failure never undoes a credit.
 */
export async function handlePaymentEvent(db: AppDb, provider: string, event: PaymentEvent, logger: Pick<Logger, 'warn'>): Promise<WebhookOutcome> {
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
    if (ours.status === 'confirmed') return { handled: 'unchanged', deposit: ours };
    if (event.kind === 'payment.failed') {
      if (ours.status !== 'pending') return { handled: 'unchanged', deposit: ours };
      const deposit = await updateDeposit(tx, ours.id, { status: 'failed', reason: event.reason });
      const notice = await addNotification(tx, {
        userId: ours.userId,
        title: 'Card payment not completed',
        message: `Your card payment ${ours.reference} did not go through: ${event.reason} Nothing was charged.`,
        color: 'danger',
      });
      return { handled: 'failed', deposit, notice };
    }
    if (event.currency !== ours.currency) {
      // Never credit a different currency as if it were ours: staff settle it with the provider.
      logger.warn({ depositId: ours.id, currency: event.currency }, 'payment in another currency than the account: not credited');
      await updateDeposit(tx, ours.id, { reason: `Paid in ${event.currency}, not ${ours.currency}: held for staff.` });
      return { handled: 'unchanged', deposit: ours };
    }
    // Money the provider took is credited even after a failure event (it came later, or out of order); never a cent more than it took.
    const amount = new Money(event.amount).toDecimalPlaces(2, Money.ROUND_DOWN);
    if (amount.lte(0)) {
      logger.warn({ depositId: ours.id, amount: event.amount }, 'payment event without a positive amount: not credited');
      return { handled: 'unchanged', deposit: ours };
    }
    const { row: deposit, notice } = await creditDeposit(tx, ours, {
      amount: amount.toFixed(2),
      memo: `Card payment ${ours.reference}`,
      message: (shown) => `Your card payment of ${shown} has been credited (${ours.reference}).`,
      actorId: null,
      audit: { provider, event_id: event.eventId },
      set: { providerPaymentId: event.paymentId, providerSessionId: event.sessionId },
    });
    return { handled: 'credited', deposit, notice };
  });
}
