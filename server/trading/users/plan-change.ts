import { planTexts as texts, type PlanMove } from '../../../shared/api/plans.schema';
import { defaultCurrency } from '../../../shared/constants';
import { Money, moneyText } from '../../../shared/money';
import { isMainLiveRow, type AccountRow } from '../db/accounts.repo';
import { recordAudit } from '../db/audit.repo';
import type { AppDb, Tx } from '../db/database';
import { addNotification, type NotificationRow } from '../db/notifications.repo';
import { transition } from '../db/transition';
import { defaultPlan, findPlanById, insertPlanRequest, lockAccountsOfUser, findPlanRequest, pendingOrdersAbove, pendingRequestOf, type PlanRequestRecord, type PlanRow } from '../db/plans.repo';
import { lockUserRow, setUserPlan, type UserRow } from '../db/users.repo';
import { fail, refusal } from '../errors';
import { withdrawableOf } from '../funding/withdrawals';
import { postEntry } from '../ledger/ledger';
import type { Market } from '../market/market';
import type { StaffActor } from './staff-actor';

/**
 * Moving to another plan (docs/customer-area.md#plans). The catalogue says how: a plan with a price is
 * paid once from the customer's main Live balance, within what may leave it (`withdrawableOf`); a plan
 * without one is a request staff decide; a free plan moves at once, unless it would raise the customer's
 * leverage, which is never free (staff decide it instead).
 *
 * Every move locks all the customer's accounts first (in id order, as orders do), then their user row:
 * concurrent clicks run one after another, so a plan is paid for once and the second click finds the
 * customer already on it; and no order is decided against the old plan's leverage meanwhile. The engine
 * reads the plan's leverage afresh with each order (`lockCustomerAccounts`), so the next order uses it.
 *
 * A move is refused while it would leave something running above the new plan (the same checks when staff
 * approve): pending orders with more leverage than the plan allows (they fill at their own leverage), or
 * AutoTrader on when the plan does not include it. Open positions keep the leverage and margin they were
 * opened with (docs/trading.md#margin), so a lower plan never makes them under-margined.
 */

/** How a customer on `current` would move to `target` (null: it is their plan). */
export function moveTo(current: Pick<PlanRow, 'id' | 'leverage'> | undefined, target: Pick<PlanRow, 'id' | 'leverage' | 'price'>): PlanMove | null {
  if (current?.id === target.id) return null;
  if (target.price === null) return 'approval';
  if (new Money(target.price).gt(0)) return 'charge';
  // Free, but never a leverage upgrade for free.
  return current === undefined || target.leverage > current.leverage ? 'approval' : 'free';
}

/** The customer's plan: theirs, or the default one they are held to when they have none. */
export async function planOf(db: AppDb | Tx, user: Pick<UserRow, 'planId'>): Promise<PlanRow | undefined> {
  return user.planId === null ? defaultPlan(db) : findPlanById(db, user.planId);
}

/** A plan's price (in `defaultCurrency`) in the account's currency, to the cent. */
export function priceIn(market: Market, price: string, currency: string): Money {
  const rate = currency === defaultCurrency ? new Money(1) : market.conversion(defaultCurrency, currency);
  return new Money(price).times(rate).toDecimalPlaces(2);
}

/** Nothing of the customer's may keep running above the target plan. */
async function checkFits(tx: Tx, { user, accounts, target }: { user: UserRow; accounts: readonly AccountRow[]; target: PlanRow }) {
  const above = await pendingOrdersAbove(
    tx,
    accounts.map((a) => a.id),
    target.leverage,
  );
  if (above > 0) fail(refusal.invalid(texts.pendingOrdersAbove(target.title, target.leverage), 'plan_id'));
  if (user.autotrader && !target.autotraderAllowed) fail(refusal.invalid(texts.autotraderNotIncluded(target.title), 'plan_id'));
}

export type SubscribeResult = { kind: 'changed' | 'paid' | 'requested'; plan: PlanRow; message: string; notice: NotificationRow; accountId: number | undefined };

/** `POST /plans/subscribe`: the customer moves to `planId` as the catalogue allows. */
export async function subscribeToPlan(db: AppDb, market: Market, { userId, planId, ip }: { userId: number; planId: number; ip: string | null }): Promise<SubscribeResult> {
  return db.transaction(async (tx) => {
    const accounts = await lockAccountsOfUser(tx, userId);
    const user = (await lockUserRow(tx, userId)) ?? fail(refusal.notFound(texts.planNotFound));
    const target = (await findPlanById(tx, planId)) ?? fail(refusal.invalid(texts.planNotFound, 'plan_id'));
    const current = await planOf(tx, user);
    const move = moveTo(current, target);
    if (move === null) fail(refusal.conflict(texts.samePlan(target.title)));
    const waiting = await pendingRequestOf(tx, userId);
    if (waiting) fail(refusal.conflict(texts.pendingExists((await findPlanById(tx, waiting.planId))?.title ?? target.title)));
    await checkFits(tx, { user, accounts, target });
    const base = { userId, fromPlanId: current?.id ?? null, planId: target.id };

    if (move === 'approval') {
      const request = await insertPlanRequest(tx, { ...base, status: 'pending' });
      await recordAudit(tx, { actorId: userId, action: 'plan.requested', subjectType: 'user', subjectId: userId, details: { request_id: request.id, from: base.fromPlanId, to: target.id }, ip });
      const notice = await addNotification(tx, { userId, title: 'Plan request received', message: texts.requested(target.title), color: 'info' });
      return { kind: 'requested', plan: target, message: texts.requested(target.title), notice, accountId: undefined };
    }

    if (move === 'free') {
      const request = await insertPlanRequest(tx, { ...base, status: 'approved', decidedAt: new Date() });
      await setUserPlan(tx, userId, target.id);
      await recordAudit(tx, { actorId: userId, action: 'plan.changed', subjectType: 'user', subjectId: userId, details: { request_id: request.id, from: base.fromPlanId, to: target.id }, ip });
      const notice = await addNotification(tx, { userId, title: 'Plan changed', message: texts.changed(target.title), color: 'success' });
      return { kind: 'changed', plan: target, message: texts.changed(target.title), notice, accountId: undefined };
    }

    const live = accounts.find(isMainLiveRow) ?? fail(refusal.invalid(texts.noLiveAccount, 'plan_id'));
    const amount = priceIn(market, target.price!, live.currency);
    const { withdrawable } = await withdrawableOf(tx, market, live);
    if (amount.gt(withdrawable)) fail(refusal.invalid(texts.insufficient(target.title, moneyText(amount, live.currency), moneyText(withdrawable, live.currency)), 'plan_id'));
    const request = await insertPlanRequest(tx, { ...base, status: 'paid', price: amount.toFixed(2), decidedAt: new Date() });
    await postPlanFee(tx, { account: live, request, amount, title: target.title, userId });
    await setUserPlan(tx, userId, target.id);
    await recordAudit(tx, {
      actorId: userId,
      action: 'plan.paid',
      subjectType: 'user',
      subjectId: userId,
      details: { request_id: request.id, from: base.fromPlanId, to: target.id, amount: amount.toFixed(2), currency: live.currency, account_id: live.id },
      ip,
    });
    const message = texts.paid(target.title, moneyText(amount, live.currency));
    const notice = await addNotification(tx, { userId, title: 'Plan changed', message, color: 'success' });
    return { kind: 'paid', plan: target, message, notice, accountId: live.id };
  });
}

/** The one `plan_fee` entry of a paid move, referenced by its request (the ledger refuses a second). */
async function postPlanFee(tx: Tx, { account, request, amount, title, userId }: { account: AccountRow; request: PlanRequestRecord; amount: Money; title: string; userId: number }) {
  await postEntry(tx, { accountId: account.id, kind: 'plan_fee', amount: amount.negated().toFixed(2), reference: `plan:${request.id}`, memo: `${title} plan`, createdBy: userId });
}

/** A pending request declined with the reason the customer reads, once (compare-and-set from `pending`), audited. */
async function rejectPlanRequest(
  tx: Tx,
  actor: StaffActor,
  { id, plan, reason, decided }: { id: number; plan: PlanRow; reason: string; decided: { decidedBy: number; decidedAt: Date } },
): Promise<{ row: PlanRequestRecord; notice: NotificationRow }> {
  const row = await transition(tx, 'planRequest', id, { from: ['pending'], set: { status: 'rejected', reason, ...decided }, decided: texts.alreadyDecided });
  await recordAudit(tx, { actorId: actor.id, action: 'plan.request_rejected', subjectType: 'user', subjectId: row.userId, details: { request_id: id, to: plan.id, reason }, ip: actor.ip });
  const notice = await addNotification(tx, {
    userId: row.userId,
    title: 'Plan request declined',
    message: `Your request for the ${plan.title} plan was declined. Reason: ${reason}`,
    color: 'warning',
  });
  return { row, notice };
}

/**
 * Staff decide a pending request: approve (the plan changes, no charge) or reject with a reason the
 * customer reads. Once: `pending` → `approved` or `rejected` by compare-and-set from the state read
 * (docs/back-office.md#decisions-happen-once), so of two staff deciding at once the second is told it is
 * already decided. Approval runs the customer's checks again under their accounts' lock first.
 */
export async function decidePlanRequest(
  db: AppDb,
  actor: StaffActor,
  id: number,
  decision: { action: 'approve' } | { action: 'reject'; reason: string },
): Promise<{ row: PlanRequestRecord; plan: PlanRow; notice: NotificationRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    const first = (await findPlanRequest(tx, id)) ?? fail(refusal.notFound(texts.requestNotFound));
    if (first.status !== 'pending') fail(refusal.conflict(texts.alreadyDecided));
    const plan = (await findPlanById(tx, first.planId))!;
    const decided = { decidedBy: actor.id, decidedAt: new Date() };
    if (decision.action === 'reject') return { ...(await rejectPlanRequest(tx, actor, { id, plan, reason: decision.reason.trim(), decided })), plan, changed: false };
    // A plan priced since the request is paid for, never given by approval (never a free leverage upgrade).
    if (plan.price !== null && new Money(plan.price).greaterThan(0)) fail(refusal.conflict(texts.nowPriced(plan.title)));
    // Accounts first, as every move does, then the request's compare-and-set.
    const accounts = await lockAccountsOfUser(tx, first.userId);
    const user = (await lockUserRow(tx, first.userId))!;
    await checkFits(tx, { user, accounts, target: plan });
    const current = await planOf(tx, user);
    const row = await transition(tx, 'planRequest', id, {
      from: ['pending'],
      set: { status: 'approved', ...decided, fromPlanId: current?.id ?? first.fromPlanId },
      decided: texts.alreadyDecided,
    });
    if (current?.id !== plan.id) await setUserPlan(tx, first.userId, plan.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'plan.request_approved',
      subjectType: 'user',
      subjectId: row.userId,
      details: { request_id: id, from: current?.id ?? null, to: plan.id },
      ip: actor.ip,
    });
    const notice = await addNotification(tx, {
      userId: row.userId,
      title: 'Plan request approved',
      message: `Your request for the ${plan.title} plan was approved: leverage up to 1:${plan.leverage} now applies to new orders, within each instrument’s regulatory cap.`,
      color: 'success',
    });
    return { row, plan, notice, changed: current?.id !== plan.id };
  });
}
