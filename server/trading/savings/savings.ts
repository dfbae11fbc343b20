import { savingsTexts as texts, type Saving } from '../../../shared/api/savings.schema';
import { Money, moneyText } from '../../../shared/money';
import { dailyInterest, dayNumberOf, payable, periodLabels, releaseOf, termDays, type SavingsPeriod } from '../../../shared/savings';
import { accountsOfUser, type AccountRow } from '../db/accounts.repo';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Tx } from '../db/database';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { currentTerm, findPlan, insertSaving, lockSaving, savingOfUser, type SavingListRow, type SavingRow } from '../db/savings.repo';
import { transition } from '../db/transition';
import { getSettings } from '../db/settings.repo';
import { lockAccount } from '../engine/accounts';
import { fail, refusal } from '../errors';
import { withdrawableOf } from '../funding/withdrawals';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import { accrueLocked, bookInterest, interestDue, matured, returnPrincipal } from './accrual';

/**
 * Customers' savings (docs/customer-area.md#savings): money moved from a Live account into a plan at
 * the plan's current rate and term, interest accrued daily (accrual.ts, the leader's job), claimed on a
 * flexible saving, paid back with the principal at maturity, or on closing as the plan's rule says.
 * Every movement is a ledger entry on the account, taken under the account's lock; the saving's own row
 * is locked first whenever both are, and each payment is a compare-and-set from the saving as read
 * (docs/back-office.md#decisions-happen-once): two claims, a claim and a close, a close and the job never pay twice.
 */

const dateText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export interface SavingStep {
  saving: SavingRow;
  notice: NotificationRow;
}

/** The Live accounts a plan in `currency` may be funded from: the main one first. */
export async function fundingAccounts(db: AppDb | Tx, userId: number, currency: string): Promise<AccountRow[]> {
  const accounts = (await accountsOfUser(db, userId)).filter((account) => account.type === 'live' && account.currency === currency);
  return accounts.sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.id - b.id);
}

/** Opens a saving: checks, then the principal leaves the account by a `savings` entry, in one transaction under the account's lock. */
export async function openSaving(
  db: AppDb,
  market: Market,
  { userId, planId, period, amount, accountId, ip, now }: { userId: number; planId: number; period: SavingsPeriod; amount: string; accountId?: number | undefined; ip: string | null; now: Date },
): Promise<SavingStep> {
  if (!(await getSettings(db)).savings_enabled) fail(refusal.forbidden(texts.notOffered));
  const plan = await findPlan(db, planId);
  if (!plan?.active) fail(refusal.invalid(texts.planRequired, 'plan_id'));
  const term = (await currentTerm(db, plan.id, period)) ?? fail(refusal.invalid(texts.periodRequired, 'period'));
  if (new Money(amount).lessThan(plan.minAmount)) fail(refusal.invalid(texts.belowMinimum(moneyText(plan.minAmount, plan.currency)), 'amount'));
  const candidates = await fundingAccounts(db, userId, plan.currency);
  const chosen = accountId === undefined ? candidates[0] : candidates.find((account) => account.id === accountId);
  if (!chosen) fail(accountId === undefined ? refusal.invalid(texts.noAccount(plan.currency), 'amount') : refusal.invalid(texts.accountNotFound, 'account_id'));
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, chosen.id);
    const { withdrawable } = await withdrawableOf(tx, market, account);
    if (new Money(amount).greaterThan(withdrawable)) fail(refusal.invalid(texts.overFree(moneyText(withdrawable, account.currency)), 'amount'));
    const days = termDays(period, now);
    const saving = await insertSaving(tx, {
      userId,
      accountId: account.id,
      planId: plan.id,
      termId: term.id,
      period,
      roi: term.roi,
      days,
      amount: new Money(amount).toFixed(2),
      startedAt: now,
      endsAt: releaseOf(period, now),
    });
    await postEntry(tx, { accountId: account.id, kind: 'savings', amount: new Money(amount).negated().toFixed(2), reference: `saving:${saving.id}`, memo: `Into savings: ${plan.title}` });
    await recordAudit(tx, {
      actorId: userId,
      action: 'savings.opened',
      subjectType: 'user',
      subjectId: userId,
      details: { saving_id: saving.id, plan_id: plan.id, term_id: term.id, period, roi: term.roi, amount: saving.amount, account_id: account.id },
      ip,
    });
    const release = saving.endsAt ? `, released on ${dateText(saving.endsAt)}` : ', flexible: claim or close it any time';
    const notice = await addNotification(tx, {
      userId,
      title: 'Savings opened',
      message: `${moneyText(saving.amount, account.currency)} moved from account ${account.number} into ${plan.title} at ${new Money(term.roi).toString()}% a year${release}.`,
      color: 'success',
    });
    return { saving, notice };
  });
}

/** The customer's saving, locked and brought up to date (accrued to `now`); not found for anyone else's. */
async function ownSavingLocked(tx: Tx, userId: number, id: number, now: Date): Promise<SavingRow> {
  const row = await lockSaving(tx, id);
  if (!row || row.userId !== userId) fail(refusal.notFound(texts.savingNotFound));
  if (row.status !== 'active') fail(refusal.conflict(texts.closed));
  return (await accrueLocked(tx, row, now)).saving;
}

/** Pays a flexible saving's accrued interest (cents, rounded down) into its account; once however many claims race. */
export async function claimSaving(db: AppDb, { userId, id, ip, now }: { userId: number; id: number; ip: string | null; now: Date }): Promise<SavingStep & { paid: Money; currency: string }> {
  return db.transaction(async (tx) => {
    const saving = await ownSavingLocked(tx, userId, id, now);
    const account = await lockAccount(tx, saving.accountId);
    if (saving.days > 0) fail(refusal.conflict(texts.fixedClaim));
    const { paid, set } = interestDue(saving);
    if (paid.lessThanOrEqualTo(0)) fail(refusal.conflict(texts.nothingToClaim(account.currency)));
    // Once: from the saving as read (still active, nothing paid since), before the money moves.
    const after = await transition(tx, 'saving', id, { from: ['active'], match: { paid: saving.paid }, set, decided: texts.nothingToClaim(account.currency) });
    await bookInterest(tx, after, paid, 'Savings interest claimed');
    await recordAudit(tx, { actorId: userId, action: 'savings.claimed', subjectType: 'user', subjectId: userId, details: { saving_id: id, paid: paid.toFixed(2), left: after.accrued }, ip });
    const notice = await addNotification(tx, {
      userId,
      title: 'Savings interest paid',
      message: `${moneyText(paid, account.currency)} of interest from your saving #${id} was paid into account ${account.number}.`,
      color: 'success',
    });
    return { saving: after, notice, paid, currency: account.currency };
  });
}

/**
 * Ends a saving at the customer's request: a flexible one pays its principal and interest back; a fixed
 * one before maturity as its plan says (forfeit_interest: the principal back, the interest forfeited;
 * locked: refused); a fixed one that has matured is paid out in full (as the job would).
 */
export async function closeSaving(db: AppDb, { userId, id, ip, now }: { userId: number; id: number; ip: string | null; now: Date }): Promise<SavingStep & { message: string }> {
  return db.transaction(async (tx) => {
    const saving = await ownSavingLocked(tx, userId, id, now);
    const plan = (await findPlan(tx, saving.planId))!;
    const early = saving.days > 0 && !matured(saving, now);
    if (early && plan.earlyWithdrawal === 'locked') fail(refusal.conflict(texts.locked(dateText(saving.endsAt!))));
    const { saving: after, message, notice } = await settle(tx, saving, { now, early, actorId: userId, ip, by: 'customer' });
    return { saving: after, message, notice };
  });
}

/**
 * Pays a saving out and closes it (the saving and nothing else locked yet; the account is locked here):
 * the principal back, and the interest unless it is forfeited by an early end.
 */
export async function settle(
  tx: Tx,
  saving: SavingRow,
  { now, early, actorId, ip, by }: { now: Date; early: boolean; actorId: number | null; ip: string | null; by: 'customer' | 'maturity' },
): Promise<{ saving: SavingRow; message: string; notice: NotificationRow }> {
  const { paid, set } = early ? { paid: new Money(0), set: {} } : interestDue(saving);
  // Once: `active` → `closed` from the saving as read (nothing paid since), before the money moves (docs/back-office.md#decisions-happen-once).
  const after = await transition(tx, 'saving', saving.id, { from: ['active'], match: { paid: saving.paid }, set: { status: 'closed', closedAt: now, ...set }, decided: texts.closed });
  const account = await lockAccount(tx, saving.accountId);
  await returnPrincipal(tx, saving, by === 'maturity' ? 'Savings matured: principal back' : 'Savings closed: principal back');
  await bookInterest(tx, after, paid, by === 'maturity' ? 'Savings matured: interest' : 'Savings closed: interest');
  const forfeited = early ? payable(saving.accrued) : new Money(0);
  await recordAudit(tx, {
    actorId,
    action: by === 'maturity' ? 'savings.matured' : early ? 'savings.ended_early' : 'savings.closed',
    subjectType: 'user',
    subjectId: saving.userId,
    details: { saving_id: saving.id, principal: saving.amount, interest_paid: paid.toFixed(2), interest_forfeited: forfeited.toFixed(2), total_paid: after.paid },
    ip,
  });
  const principal = moneyText(saving.amount, account.currency);
  const message = early
    ? `Your saving is closed: ${principal} is back in account ${account.number}${forfeited.greaterThan(0) ? `; the ${moneyText(forfeited, account.currency)} of interest accrued was forfeited` : ''}.`
    : `Your saving ${by === 'maturity' ? 'has matured' : 'is closed'}: ${principal}${paid.greaterThan(0) ? ` and ${moneyText(paid, account.currency)} of interest are` : ' is'} back in account ${account.number}.`;
  const notice = await addNotification(tx, { userId: saving.userId, title: by === 'maturity' ? 'Savings matured' : 'Savings closed', message, color: 'success' });
  return { saving: after, message, notice };
}

/** The saving as the customer's pages and our API show it. */
export function presentSaving(row: SavingListRow, now: Date): Saving {
  const earned = payable(new Money(row.paid).plus(row.accrued));
  const active = row.status === 'active';
  const early = row.days > 0 && !matured(row, now);
  const endsText = row.endsAt ? dateText(row.endsAt) : '';
  const closeNote = !active
    ? ''
    : row.days === 0
      ? 'Close it any time: the principal and the interest earned come back to your account.'
      : !early
        ? 'Matured: the principal and the interest are being paid back.'
        : row.earlyWithdrawal === 'locked'
          ? `Locked until ${endsText}: this plan’s fixed terms cannot be ended early.`
          : `Ending it before ${endsText} returns the principal only: the interest accrued is forfeited.`;
  return {
    id: row.id,
    plan_id: row.planId,
    plan_title: row.planTitle,
    account_id: row.accountId,
    account_number: row.accountNumber,
    currency: row.currency,
    period: row.period,
    period_label: row.days === 0 ? periodLabels.flexible : `Locked ${row.days} days`,
    roi: new Money(row.roi).toString(),
    days: row.days,
    is_flexible: row.days === 0,
    amount: new Money(row.amount).toFixed(2),
    earned: earned.toFixed(2),
    claimable: (active ? payable(row.accrued) : new Money(0)).toFixed(2),
    paid: new Money(row.paid).toFixed(2),
    forfeited: (!active && row.days > 0 && row.closedAt && row.endsAt && row.closedAt < row.endsAt ? payable(row.accrued) : new Money(0)).toFixed(2),
    daily: dailyInterest(row.amount, row.roi).toFixed(10),
    status: row.status,
    started_at: row.startedAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
    days_elapsed: Math.max(0, dayNumberOf(row.closedAt ?? now) - dayNumberOf(row.startedAt)),
    days_accrued: row.daysAccrued,
    release_in_days: active && row.endsAt ? Math.max(0, Math.ceil((row.endsAt.getTime() - now.getTime()) / 86_400_000)) : null,
    early_withdrawal: row.earlyWithdrawal,
    can_close: active && !(early && row.earlyWithdrawal === 'locked'),
    close_note: closeNote,
  };
}

/** One saving of the customer as presented, read afresh. */
export async function savingView(db: AppDb, userId: number, id: number, now: Date): Promise<Saving> {
  const row = (await savingOfUser(db, userId, id)) ?? fail(refusal.notFound(texts.savingNotFound));
  return presentSaving(row, now);
}
