import { fundingTexts } from '../../../shared/api/funding.schema';
import { formatMoney } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Tx } from '../db/database';
import { findDeposit, findWithdrawal, insertDeposit, type DepositRecord, type WithdrawalRecord } from '../db/funding.repo';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { transition } from '../db/transition';
import { accountOfUser } from '../engine/accounts';
import { fail, refusal } from '../errors';
import type { StaffActor as Actor } from '../users/staff-actor';
import { releaseHold } from './withdrawals';
import { creditDeposit, fundingReference } from './deposit-credit';
import { settleHeldChainPayment } from './crypto-deposits';

/**
 * Money in and out that staff decide (docs/back-office.md#funding-queues). The customer's side opens rows
 * (a bank transfer to expect, a withdrawal whose funds are held from the request on); the staff's side
 * decides each once, by a compare-and-set from the state it read (docs/back-office.md#decisions-happen-once),
 * with the ledger moving in the same transaction after it.
 */

/** A bank transfer the customer says they will send: staff confirm it by its reference when it arrives. */
export async function openBankDeposit(
  db: AppDb,
  { userId, accountId, amountExpected, ip }: { userId: number; accountId?: number; amountExpected?: string; ip: string | null },
): Promise<DepositRecord> {
  return db.transaction(async (tx) => {
    const account = await accountOfUser(tx, userId, accountId);
    if (account.type !== 'live') fail(refusal.invalid('Deposits go to a Live account.', 'account_id'));
    const row = await insertDeposit(tx, {
      userId,
      accountId: account.id,
      method: 'bank_transfer',
      reference: fundingReference('DEP'),
      currency: account.currency,
      amountExpected: amountExpected ?? null,
    });
    await recordAudit(tx, {
      actorId: userId,
      action: 'deposit.opened',
      subjectType: 'user',
      subjectId: userId,
      details: { deposit_id: row.id, reference: row.reference, amount_expected: row.amountExpected },
      ip,
    });
    return row;
  });
}

async function tell(tx: Tx, userId: number, notice: { title: string; message: string; color: 'success' | 'danger' | 'info' }): Promise<NotificationRow> {
  return addNotification(tx, { userId, ...notice });
}

export type WithdrawalDecision = { action: 'pay'; payoutReference: string } | { action: 'reject'; reason: string };

/**
 * Staff pay a withdrawal out (with the bank's or the chain's reference) or reject it, which books the held
 * funds back. Once: `pending` → `paid` or `rejected` by compare-and-set before anything else is written.
 */
export async function decideWithdrawal(db: AppDb, actor: Actor, id: number, decision: WithdrawalDecision): Promise<{ row: WithdrawalRecord; notice: NotificationRow }> {
  return db.transaction(async (tx) => {
    const before = (await findWithdrawal(tx, id)) ?? fail(refusal.notFound(fundingTexts.withdrawalNotFound));
    if (before.status !== 'pending') fail(refusal.conflict(fundingTexts.decided));
    if (decision.action === 'pay' && before.method === 'card') fail(refusal.invalid('A card withdrawal is refunded through the provider: use Refund to card.'));
    const shown = formatMoney({ amount: before.amount, currency: before.currency });
    const decided = { decidedBy: actor.id, decidedAt: new Date() };
    const set = decision.action === 'pay' ? { status: 'paid' as const, payoutReference: decision.payoutReference, ...decided } : { status: 'rejected' as const, reason: decision.reason, ...decided };
    const row = await transition(tx, 'withdrawal', id, { from: ['pending'], set, decided: fundingTexts.decided });
    let notice: NotificationRow;
    if (decision.action === 'pay') {
      notice = await tell(tx, before.userId, { title: 'Withdrawal paid', message: `Your withdrawal of ${shown} has been paid out (reference ${decision.payoutReference}).`, color: 'success' });
    } else {
      await releaseHold(tx, before, `Withdrawal rejected: ${decision.reason}`, actor.id);
      notice = await tell(tx, before.userId, {
        title: 'Withdrawal rejected',
        message: `Your withdrawal of ${shown} was rejected and the amount is back in your balance: ${decision.reason}`,
        color: 'danger',
      });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: decision.action === 'pay' ? 'withdrawal.paid' : 'withdrawal.rejected',
      subjectType: 'user',
      subjectId: before.userId,
      details: { withdrawal_id: id, from: before.status, to: row.status, amount: before.amount, payout_reference: row.payoutReference, reason: row.reason },
      ip: actor.ip,
    });
    return { row, notice };
  });
}

export type DepositDecision = { action: 'confirm'; amountReceived: string } | { action: 'reject'; reason: string };

/**
 * The statuses staff decide a deposit from: a bank transfer while it waits (`pending`) or is held; a card or
 * crypto deposit only once held for them (money from outside that differed from what was expected,
 * docs/funding.md#money-from-outside): otherwise its provider or its chain decides it.
 */
const staffDecidesFrom = (method: DepositRecord['method']): DepositRecord['status'][] => (method === 'bank_transfer' ? ['pending', 'held'] : ['held']);

/**
 * Staff confirm a deposit with the amount that arrived (credited to the account, once, by `creditDeposit`)
 * or reject it with a reason. Once: a compare-and-set from the status read (docs/back-office.md#decisions-happen-once).
 */
export async function decideDeposit(db: AppDb, actor: Actor, id: number, decision: DepositDecision): Promise<{ row: DepositRecord; notice: NotificationRow }> {
  return db.transaction(async (tx) => {
    const before = (await findDeposit(tx, id)) ?? fail(refusal.notFound(fundingTexts.depositNotFound));
    // A card or crypto deposit is credited by its provider's verified webhook or its chain, never by hand (docs/funding.md).
    if (before.method !== 'bank_transfer' && before.status === 'pending') fail(refusal.invalid(fundingTexts.notStaffs));
    if (!staffDecidesFrom(before.method).includes(before.status)) fail(refusal.conflict(fundingTexts.decided));
    const what = before.method === 'bank_transfer' ? `bank transfer ${before.reference}` : before.method === 'card' ? `card payment ${before.reference}` : `crypto deposit ${before.reference}`;
    if (decision.action === 'confirm') {
      const credited = await creditDeposit(tx, before, {
        amount: decision.amountReceived,
        memo: before.method === 'bank_transfer' ? `Bank transfer ${before.reference}` : `Deposit ${before.reference} confirmed by staff`,
        message: (shown) => `Your ${what} of ${shown} has been credited.`,
        actorId: actor.id,
        ip: actor.ip,
        audit: {},
      });
      if (before.method === 'crypto') await settleHeldChainPayment(tx, id, 'credited');
      return credited;
    }
    const row = await transition(tx, 'deposit', id, {
      from: [before.status],
      set: { status: 'rejected', reason: decision.reason, decidedBy: actor.id, decidedAt: new Date() },
      decided: fundingTexts.decided,
    });
    if (before.method === 'crypto') await settleHeldChainPayment(tx, id, 'rejected');
    const notice = await tell(tx, before.userId, { title: 'Deposit not credited', message: `Your ${what} could not be credited: ${decision.reason}`, color: 'danger' });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'deposit.rejected',
      subjectType: 'user',
      subjectId: before.userId,
      details: { deposit_id: id, reference: before.reference, method: before.method, from: before.status, to: row.status, reason: row.reason },
      ip: actor.ip,
    });
    return { row, notice };
  });
}
