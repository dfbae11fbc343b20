import { adjustmentLabels, adjustmentTexts, type AdjustmentRequest } from '../../../shared/api/back-office.schema';
import { accountTitles } from '../../../shared/api/user.schema';
import { formatMoney, Money } from '../../../shared/money';
import { recordAudit } from '../db/audit.repo';
import { lockAccountRow } from '../db/accounts.repo';
import type { AppDb } from '../db/database';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import type { LedgerKind } from '../db/schema';
import { findLedgerEntryByReference } from '../db/ledger.repo';
import { getSettings } from '../db/settings.repo';
import { customerSubject } from './customer-subject';
import { exposureFromTotals, openTotalsOf } from '../engine/accounts';
import { fail, refusal } from '../errors';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import type { StaffActor as Actor } from './staff-actor';

const kindOf: Record<AdjustmentRequest['type'], LedgerKind> = { bonus: 'bonus_credit', correction: 'correction', fee_refund: 'fee_refund', chargeback: 'chargeback' };

export interface Adjustment {
  ledgerEntryId: number;
  accountId: number;
  bucket: 'balance' | 'credit';
  amount: string;
  balanceAfter: string;
  created: boolean;
  notice?: NotificationRow;
}

/**
 * An admin credits or debits a customer's account, and only a customer's (docs/back-office.md#balance-adjustments), in one
 * transaction with the account row locked: one ledger entry naming the admin and the reason, the audit
 * entry with the totals before and after, and a notification telling the customer. A bonus goes to
 * credit and only while the site allows bonuses; a debit never takes its bucket below zero nor free
 * margin below zero. The request id makes it happen once: the same id again answers the first booking.
 */
export async function adjustBalance(db: AppDb, market: Market, actor: Actor, customerId: number, input: AdjustmentRequest): Promise<Adjustment> {
  return db.transaction(async (tx) => {
    await customerSubject(tx, customerId);
    const account = await lockAccountRow(tx, input.account_id);
    if (!account || account.userId !== customerId) fail(refusal.invalid(adjustmentTexts.accountNotFound, 'account_id'));
    const reference = `admin:${input.request_id}`;
    const already = await findLedgerEntryByReference(tx, account.id, reference);
    if (already) return { ledgerEntryId: already.id, accountId: account.id, bucket: already.bucket, amount: already.amount, balanceAfter: already.balanceAfter, created: false };

    if (input.type === 'bonus' && !(await getSettings(tx)).bonuses_enabled) fail(refusal.invalid(adjustmentTexts.bonusesOff, 'type'));
    if ((input.type === 'fee_refund' && input.direction === 'debit') || (input.type === 'chargeback' && input.direction === 'credit')) {
      fail(refusal.invalid(adjustmentTexts.wrongDirection(input.type), 'direction'));
    }
    const bucket = input.type === 'bonus' ? 'credit' : 'balance';
    const amount = new Money(input.amount);
    const signed = input.direction === 'credit' ? amount : amount.negated();
    const before = { balance: account.balance, credit: account.credit };
    if (input.direction === 'debit') {
      const held = new Money(bucket === 'credit' ? account.credit : account.balance);
      if (amount.greaterThan(held)) fail(refusal.invalid(adjustmentTexts.overBucket(held.toFixed(2)), 'amount'));
      const { freeMargin } = exposureFromTotals(market, account, (await openTotalsOf(tx, [account.id])).get(account.id) ?? []);
      if (amount.greaterThan(freeMargin)) fail(refusal.invalid(adjustmentTexts.overFreeMargin(Money.max(freeMargin, 0).toFixed(2)), 'amount'));
    }

    const label = adjustmentLabels[input.type];
    const entry = await postEntry(tx, { accountId: account.id, kind: kindOf[input.type], bucket, amount: signed.toFixed(2), reference, memo: `${label}: ${input.reason}`, createdBy: actor.id });
    const after = bucket === 'credit' ? { balance: account.balance, credit: entry.balanceAfter } : { balance: entry.balanceAfter, credit: account.credit };
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'account.adjusted',
      subjectType: 'user',
      subjectId: customerId,
      details: { account_id: account.id, type: input.type, direction: input.direction, amount: amount.toFixed(2), bucket, before, after, reason: input.reason, ledger_entry_id: entry.id },
      ip: actor.ip,
    });
    const shown = formatMoney({ amount: signed.toFixed(2), currency: account.currency });
    const notice = await addNotification(tx, {
      userId: customerId,
      title: 'Account adjustment',
      message: `${input.direction === 'credit' ? '+' : ''}${shown} on your ${accountTitles[account.type]} #${account.number} (${label.toLowerCase()}): ${input.reason}`,
      color: input.direction === 'credit' ? 'success' : 'warning',
    });
    return { ledgerEntryId: entry.id, accountId: account.id, bucket, amount: signed.toFixed(2), balanceAfter: entry.balanceAfter, created: true, notice };
  });
}
