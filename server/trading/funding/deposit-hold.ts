import { customerFundingTexts } from '../../../shared/api/customer-funding.schema';
import { fundingTexts, type DepositDetails } from '../../../shared/api/funding.schema';
import { recordAudit } from '../db/audit.repo';
import type { Tx } from '../db/database';
import type { DepositRecord } from '../db/funding.repo';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { transition } from '../db/transition';

export interface Hold {
  /** What the provider or the chain reported, in `currency`: the account's currency, another one, or a coin. */
  reported: { amount: string; currency: string };
  /** Why it waits for staff: kept as the deposit's reason, shown in the deposits queue. */
  reason: string;
  /** How the customer's notice names it ("Your card payment CARD-…"). */
  what: string;
  /** What the audit entry keeps beside it (the provider's event, the chain's transaction). */
  audit: Record<string, unknown>;
  set?: { providerPaymentId?: string; providerSessionId?: string; details?: DepositDetails };
}

/**
 * Money from outside that differs from what was expected or passes the method's limits
 * (docs/funding.md#money-from-outside): the deposit is held for staff and never credited by itself. Inside
 * the caller's transaction, a compare-and-set from the status it read; the reported amount and the reason
 * stay on the row for the deposits queue, where staff confirm the amount received (credited once, by
 * `creditDeposit`) or reject it. Audited, and the customer is told it is being reviewed.
 */
export async function holdDeposit(tx: Tx, deposit: DepositRecord, hold: Hold): Promise<{ row: DepositRecord; notice: NotificationRow }> {
  const details: DepositDetails = { ...deposit.details, ...hold.set?.details, reported_amount: hold.reported.amount, reported_currency: hold.reported.currency };
  const row = await transition(tx, 'deposit', deposit.id, {
    from: [deposit.status],
    set: {
      status: 'held',
      reason: hold.reason,
      details,
      ...(hold.set?.providerPaymentId ? { providerPaymentId: hold.set.providerPaymentId } : {}),
      ...(hold.set?.providerSessionId ? { providerSessionId: hold.set.providerSessionId } : {}),
    },
    decided: fundingTexts.decided,
  });
  await recordAudit(tx, {
    actorId: null,
    action: 'deposit.held',
    subjectType: 'user',
    subjectId: deposit.userId,
    details: {
      deposit_id: deposit.id,
      reference: deposit.reference,
      method: deposit.method,
      from: deposit.status,
      to: 'held',
      amount_expected: deposit.amountExpected,
      reported_amount: hold.reported.amount,
      reported_currency: hold.reported.currency,
      reason: hold.reason,
      ...hold.audit,
    },
    ip: null,
  });
  const notice = await addNotification(tx, { userId: deposit.userId, title: customerFundingTexts.heldTitle, message: customerFundingTexts.held(hold.what), color: 'info' });
  return { row, notice };
}
