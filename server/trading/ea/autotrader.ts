import {
  type ActiveAutotrader,
  autotraderOpenLimit,
  autotraderTexts,
  type AutotraderLevel,
  type AutotraderRequestView,
  type AutotraderStatus,
  type StaffAutotraderRequest,
} from '../../../shared/api/autotrader.schema';
import { accountName, accountTitles, type Notification } from '../../../shared/api/user.schema';
import { fail, refusal } from '../errors';
import { recordAudit } from '../db/audit.repo';
import {
  activeAutotraderRows,
  addAutotraderRequest,
  autotraderOpenCount,
  autotraderRequestRows,
  latestAutotraderRequest,
  lockAutotraderFlag,
  planAllowsAutotrader,
  findAutotraderRequest,
  lockAutotraderUser,
  switchAutotraderOff,
  switchAutotraderOn,
  type AutotraderRequestRow as RequestRow,
} from '../db/automation.repo';
import type { AppDb, Executor } from '../db/database';
import { transition } from '../db/transition';
import { addNotification, presentNotification } from '../db/notifications.repo';
import { findUserById } from '../db/users.repo';
import { accountOfUser, lockAccount } from '../engine/accounts';

export interface StaffActor {
  id: number;
  ip: string | null;
}

const accountTitle = (type: keyof typeof accountTitles, number: string) => accountName({ title: accountTitles[type], number });

function presentRequest(row: RequestRow, account: { type: keyof typeof accountTitles; number: string }): AutotraderRequestView {
  return {
    id: row.id,
    level: row.level,
    account_id: row.accountId,
    account_title: accountTitle(account.type, account.number),
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** AutoTrader's open positions on an account. */
export async function openAutotraderTrades(db: Executor, accountId: number): Promise<number> {
  return autotraderOpenCount(db, accountId);
}

/** GET /autotrader: on or off, at which level on which account, and the customer's latest request. */
export async function autotraderStatus(db: Executor, userId: number): Promise<AutotraderStatus> {
  const user = await findUserById(db, userId);
  const latest = await latestAutotraderRequest(db, userId);
  const active = user?.autotrader ?? false;
  const level = active ? user!.autotraderLevel : null;
  const accountId = active ? user!.autotraderAccountId : null;
  return {
    active,
    level,
    account_id: accountId,
    open_limit: level ? autotraderOpenLimit[level] : null,
    open_positions: accountId === null ? 0 : await openAutotraderTrades(db, accountId),
    latest_request: latest ? presentRequest(latest.request, latest) : null,
  };
}

/** POST /update/autotrader: a pending request for staff (one at a time, enforced by the database). */
export async function requestAutotrader(
  db: AppDb,
  { userId, level, accountId, ip }: { userId: number; level: AutotraderLevel; accountId?: number | undefined; ip: string | null },
): Promise<AutotraderRequestView> {
  return db.transaction(async (tx) => {
    if (await lockAutotraderFlag(tx, userId)) fail(refusal.conflict(autotraderTexts.alreadyActive));
    if (!(await planAllowsAutotrader(tx, userId))) fail(refusal.forbidden(autotraderTexts.notInPlan));
    const account = await accountOfUser(tx, userId, accountId);
    const row = await addAutotraderRequest(tx, { userId, level, accountId: account.id });
    if (!row) return fail(refusal.conflict(autotraderTexts.pending));
    await recordAudit(tx, { actorId: userId, action: 'autotrader.requested', subjectType: 'autotrader_request', subjectId: row.id, details: { level, account_id: account.id }, ip });
    return presentRequest(row, account);
  });
}

/**
 * Switches AutoTrader off for a customer: by themselves, by staff (revoke, with a reason they are told),
 * or by the server when the customer can no longer trade (`actorId` null). Takes the account lock, so none
 * of its orders or closes follows. Returns the notification to send, if any; 409 when it was not on.
 * The user row is locked `no key update` (as the engine's account-first transactions need it to be free
 * for the key-share lock their notifications take), then the account.
 */
export async function turnOffAutotrader(db: AppDb, { userId, actorId, ip, reason }: { userId: number; actorId: number | null; ip: string | null; reason?: string }): Promise<Notification | null> {
  return db.transaction(async (tx) => {
    const user = await lockAutotraderUser(tx, userId);
    if (!user?.autotrader) return fail(refusal.conflict(autotraderTexts.notActive));
    if (user.autotraderAccountId !== null) await lockAccount(tx, user.autotraderAccountId);
    // A compare-and-set as well as the lock: only a switch still on is turned off, once.
    if (!(await switchAutotraderOff(tx, userId))) fail(refusal.conflict(autotraderTexts.notActive));
    const by = actorId === userId ? 'customer' : actorId === null ? 'server' : 'staff';
    const action = { customer: 'autotrader.turned_off', staff: 'autotrader.revoked', server: 'autotrader.stopped' }[by];
    await recordAudit(tx, { actorId, action, subjectType: 'user', subjectId: userId, details: reason ? { reason } : {}, ip });
    if (by === 'customer') return null;
    const message = by === 'staff' ? autotraderTexts.revokedMessage(reason ?? '') : autotraderTexts.stoppedMessage;
    return presentNotification(await addNotification(tx, { userId, title: autotraderTexts.revokedTitle, message, color: 'warning' }));
  });
}

/**
 * Staff approve (AutoTrader starts trading at the level asked) or refuse (with a reason the customer reads).
 * Once: `pending` → `approved` or `refused` by compare-and-set from the state read
 * (docs/back-office.md#decisions-happen-once), before the switch is turned on.
 */
export async function decideAutotraderRequest(
  db: AppDb,
  actor: StaffActor,
  { id, approve, reason }: { id: number; approve: boolean; reason: string | null },
): Promise<{ userId: number; notification: Notification }> {
  return db.transaction(async (tx) => {
    const before = (await findAutotraderRequest(tx, id)) ?? fail(refusal.notFound(autotraderTexts.requestNotFound));
    if (before.status !== 'pending') fail(refusal.conflict(autotraderTexts.alreadyDecided));
    // The plan may have changed since the request: approval follows the plan the customer is on now.
    if (approve && !(await planAllowsAutotrader(tx, before.userId))) fail(refusal.conflict(autotraderTexts.planNoLonger));
    const row = await transition(tx, 'autotraderRequest', id, {
      from: ['pending'],
      set: { status: approve ? 'approved' : 'refused', reason, decidedBy: actor.id, decidedAt: new Date() },
      decided: autotraderTexts.alreadyDecided,
    });
    if (approve) await switchAutotraderOn(tx, { userId: row.userId, level: row.level, accountId: row.accountId });
    await recordAudit(tx, {
      actorId: actor.id,
      action: approve ? 'autotrader.approved' : 'autotrader.refused',
      subjectType: 'user',
      subjectId: row.userId,
      details: { request_id: id, level: row.level, account_id: row.accountId, ...(reason ? { reason } : {}) },
      ip: actor.ip,
    });
    const notice = await addNotification(tx, {
      userId: row.userId,
      title: approve ? autotraderTexts.approvedTitle : autotraderTexts.refusedTitle,
      message: approve ? autotraderTexts.approvedMessage(row.level, reason) : autotraderTexts.refusedMessage(reason ?? ''),
      color: approve ? 'success' : 'danger',
    });
    return { userId: row.userId, notification: presentNotification(notice) };
  });
}

/** The back office's list: requests with their customers, newest first. */
export async function staffAutotraderRequests(db: Executor, { status, id }: { status?: RequestRow['status'] | undefined; id?: number }): Promise<StaffAutotraderRequest[]> {
  const rows = await autotraderRequestRows(db, { status, id });
  return rows.map((r) => ({
    ...presentRequest(r.request, r),
    user: { id: r.user.id, name: `${r.user.firstName} ${r.user.lastName}`, email: r.user.email, autotrader: r.user.autotrader },
    decided_by: r.deciderFirst === null ? null : `${r.deciderFirst} ${r.deciderLast ?? ''}`.trim(),
  }));
}

/** Customers AutoTrader trades for now, with its open positions. */
export async function activeAutotraders(db: Executor): Promise<ActiveAutotrader[]> {
  const rows = await activeAutotraderRows(db);
  return rows.map((r) => ({
    user: { id: r.user.id, name: `${r.user.firstName} ${r.user.lastName}`, email: r.user.email },
    level: r.user.autotraderLevel!,
    account_id: r.user.autotraderAccountId!,
    account_title: accountTitle(r.type, r.number),
    open_positions: r.open,
  }));
}
