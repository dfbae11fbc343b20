import { randomBytes } from 'node:crypto';
import { fundingTexts, type DepositDetails } from '../../../shared/api/funding.schema';
import { formatMoney, Money } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import type { Tx } from '../db/database';
import type { DepositRecord } from '../db/funding.repo';
import { transition } from '../db/transition';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { lockAccount } from '../engine/accounts';
import { fail, refusal } from '../errors';
import { postEntry } from '../ledger/ledger';

/** A reference customers and staff quote: a prefix and 8 letters and digits without look-alikes. */
export function fundingReference(prefix: 'DEP' | 'CARD' | 'CRY'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `${prefix}-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export interface Credit {
  /** In the account's currency, at most 2 decimals, more than zero. */
  amount: string;
  /** The ledger entry's memo and the customer's notice ("Your card payment of $500.00 has been credited."). */
  memo: string;
  message: (shown: string) => string;
  /** Who credited it: staff confirming a transfer, or null for the provider's webhook or the chain. */
  actorId: number | null;
  ip?: string | null;
  /** What the audit entry and the row keep beside the amount. */
  audit: Record<string, unknown>;
  set?: { providerPaymentId?: string; providerSessionId?: string; details?: DepositDetails };
}

/**
 * The one way a deposit is credited (docs/funding.md), inside the caller's transaction: a compare-and-set
 * from the status the caller read claims the row first (docs/back-office.md#decisions-happen-once), so a
 * racing credit or rejection is refused before any money moves; then the account locked, one `deposit`
 * entry (its reference `deposit:{id}` is unique, so never twice), the row confirmed with the amount
 * received, the audit entry and the customer's notice.
 */
export async function creditDeposit(tx: Tx, deposit: DepositRecord, credit: Credit): Promise<{ row: DepositRecord; notice: NotificationRow }> {
  // A card payment the provider took is credited even after its failure event (docs/funding.md#card-deposits): `failed` may move on.
  if (deposit.status === 'confirmed' || deposit.status === 'rejected') fail(refusal.conflict(fundingTexts.decided));
  const amount = new Money(credit.amount);
  if (!amount.isFinite() || amount.lte(0) || amount.decimalPlaces() > 2) fail(refusal.invalid('A deposit is credited with a positive amount of at most 2 decimals.'));
  const decided = { decidedBy: credit.actorId, decidedAt: new Date() };
  // The claim: the row is ours (locked) and still as read. `confirmed` needs the entry's id, so it is written after.
  const from = [deposit.status];
  await transition(tx, 'deposit', deposit.id, { from, set: decided, decided: fundingTexts.decided });
  await lockAccount(tx, deposit.accountId);
  const entry = await postEntry(tx, {
    accountId: deposit.accountId,
    kind: 'deposit',
    amount: amount.toFixed(2),
    reference: `deposit:${deposit.id}`,
    memo: credit.memo,
    createdBy: credit.actorId ?? undefined,
  });
  const row = await transition(tx, 'deposit', deposit.id, {
    from,
    set: { status: 'confirmed', amountReceived: amount.toFixed(2), ledgerEntryId: entry.id, reason: null, ...decided, ...credit.set },
    decided: fundingTexts.decided,
  });
  await recordAudit(tx, {
    actorId: credit.actorId,
    action: 'deposit.confirmed',
    subjectType: 'user',
    subjectId: deposit.userId,
    details: { deposit_id: deposit.id, reference: deposit.reference, method: deposit.method, from: deposit.status, to: 'confirmed', amount_received: row.amountReceived, ...credit.audit },
    ip: credit.ip ?? null,
  });
  const notice = await addNotification(tx, {
    userId: deposit.userId,
    title: 'Deposit received',
    message: credit.message(formatMoney({ amount: row.amountReceived!, currency: row.currency })),
    color: 'success',
  });
  return { row, notice };
}
