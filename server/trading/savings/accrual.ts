import type Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { dailyInterest, dayNumberOf, dayNumberOfText, dayText, payable } from '../../../shared/savings';
import type { Tx } from '../db/database';
import { addAccrued, insertAccruals, lastAccrualDay, type SavingRow } from '../db/savings.repo';
import { postEntry } from '../ledger/ledger';

/**
 * Daily interest (docs/customer-area.md#savings): one `savings_accruals` row per saving and UTC day,
 * its primary key making each day accrue once whoever writes it (the leader's job, a claim, a close,
 * two leaders racing after a change of lead). Days missed while nothing ran are caught up; a fixed
 * term never accrues past its last day; a closed saving accrues nothing more.
 */

/** The days a saving is owed interest for, up to `now`: each whole UTC day after the opening day, up to the term's last. */
export function dueDays(saving: Pick<SavingRow, 'startedAt' | 'days' | 'status'>, lastDay: string | null, now: Date): string[] {
  if (saving.status !== 'active') return [];
  const start = dayNumberOf(saving.startedAt);
  let last = dayNumberOf(now) - 1; // the last day that has ended
  if (saving.days > 0) last = Math.min(last, start + saving.days);
  const first = Math.max(start + 1, lastDay === null ? -Infinity : dayNumberOfText(lastDay) + 1);
  const days: string[] = [];
  for (let day = first; day <= last; day += 1) days.push(dayText(day));
  return days;
}

/** Accrues what is due on a saving the caller has locked; answers it as it stands now, and how many days were written. */
export async function accrueLocked(tx: Tx, saving: SavingRow, now: Date): Promise<{ saving: SavingRow; days: number }> {
  const days = dueDays(saving, await lastAccrualDay(tx, saving.id), now);
  if (days.length === 0) return { saving, days: 0 };
  const daily = dailyInterest(saving.amount, saving.roi);
  const written = await insertAccruals(tx, saving.id, days, daily.toFixed(10));
  if (written.length === 0) return { saving, days: 0 };
  return { saving: await addAccrued(tx, saving.id, daily.times(written.length).toFixed(10)), days: written.length };
}

/** Whether a fixed term has run its course: its release time has come (every interest day is then due). */
export const matured = (saving: Pick<SavingRow, 'endsAt' | 'status'>, now: Date): boolean => saving.status === 'active' && saving.endsAt !== null && now >= saving.endsAt;

/** The ledger reference of an interest payment: unique per saving, as the amount paid so far after it only grows. */
const interestReference = (savingId: number, paidAfter: Decimal) => `saving:${savingId}:interest:${paidAfter.toFixed(2)}`;

/**
 * The interest a payment takes from a saving: the accrued interest in cents (rounded down; the remainder
 * below a cent stays in `accrued`, exact), and the columns that record it. `paid` is 0 when less than a
 * cent had accrued (and `set` is then empty).
 */
export function interestDue(saving: SavingRow): { paid: Decimal; set: { accrued?: string; paid?: string } } {
  const paid = payable(saving.accrued);
  if (paid.lessThanOrEqualTo(0)) return { paid: new Money(0), set: {} };
  return { paid, set: { accrued: new Money(saving.accrued).minus(paid).toFixed(10), paid: new Money(saving.paid).plus(paid).toFixed(2) } };
}

/** Books an interest payment written by `interestDue`'s columns: a `savings_interest` entry whose reference is unique per payment. */
export async function bookInterest(tx: Tx, saving: Pick<SavingRow, 'id' | 'accountId' | 'paid'>, paid: Decimal, memo: string): Promise<void> {
  if (paid.lessThanOrEqualTo(0)) return;
  // `saving` as written: its `paid` already counts this payment.
  await postEntry(tx, { accountId: saving.accountId, kind: 'savings_interest', amount: paid.toFixed(2), reference: interestReference(saving.id, new Money(saving.paid)), memo });
}

/** Books the principal back into the account by a `savings` entry (once: its reference is the saving's). */
export async function returnPrincipal(tx: Tx, saving: SavingRow, memo: string): Promise<void> {
  await postEntry(tx, { accountId: saving.accountId, kind: 'savings', amount: new Money(saving.amount).toFixed(2), reference: `saving:${saving.id}:return`, memo });
}
