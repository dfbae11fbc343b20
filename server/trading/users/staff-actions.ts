import { lockAccountsOfUser } from '../db/plans.repo';
import type { SettingsUpdate, SiteSettings } from '../../../shared/api/settings.schema';
import type { UserStatus } from '../../../shared/api/user.schema';
import { fail, refusal } from '../errors';
import { recordAudit } from '../db/audit.repo';
import type { AppDb } from '../db/database';
import { updateSettings } from '../db/settings.repo';
import { revokeTokensOfUser } from '../db/tokens.repo';
import { backOfficeTexts } from '../../../shared/api/back-office.schema';
import { addNote } from '../db/back-office.repo';
import { findPlan, lockUserRow, setUserPlan, setUserStatus, type UserRow } from '../db/users.repo';
import { addNotification, type NotificationColor, type NotificationRow } from '../db/notifications.repo';
import { issueOneTimeToken } from '../db/one-time-tokens.repo';
import { customerMails, type OutboxRow } from '../db/outbox.repo';
import type { StaffActor as Actor } from './staff-actor';
import { customerSubject, lockCustomerSubject } from './customer-subject';

const userNotFound = 'User not found.';

/** What a change of standing tells the customer: a stored notification and, where it matters, a mail (docs/back-office.md#customer-actions). */
function standingNotice(from: UserStatus, to: UserStatus, reason: string | undefined) {
  const why = reason ? ` Reason: ${reason}` : '';
  if (from === 'pending' && to === 'active') return { title: 'Account approved', message: 'Your account has been approved. You can start trading now.', color: 'success' as const };
  if (to === 'active') return { title: 'Account reactivated', message: `Your account is active again.${why}`, color: 'success' as const };
  if (to === 'deactivated')
    return { title: 'Account deactivated', message: `Your account has been deactivated: you can sign in and close positions, but not open new ones.${why}`, color: 'danger' as const };
  return { title: 'Account under review', message: `Your account is awaiting approval again.${why}`, color: 'warning' as const };
}

/**
 * Approves, re-activates or deactivates a user; deactivation revokes every token they hold. Audited with
 * before and after. The row is locked, so two staff deciding at once decide once: the second finds the
 * status already set and changes nothing (`changed: false`). A reason is required to deactivate or to
 * reactivate (docs/back-office.md#customer-actions); the customer is told it. This changes customers only:
 * staff accounts change through changeStaffAccount; nobody changes their own standing.
 */
export async function changeUserStatus(
  db: AppDb,
  actor: Actor,
  userId: number,
  { status, reason }: { status: UserStatus; reason?: string | undefined },
): Promise<{ user: UserRow; notice: NotificationRow | undefined; changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockUserRow(tx, userId);
    if (!before) fail(refusal.notFound(userNotFound));
    if (before.id === actor.id) fail(refusal.forbidden('You cannot change the status of your own account.'));
    // Staff accounts have one way of changing, which keeps the last admin (docs/back-office.md#staff-accounts).
    if (before.role !== 'customer')
      fail(refusal.forbidden(actor.role === 'admin' ? 'Staff accounts are changed on the Staff page (PATCH /admin/staff/{id}).' : 'Only an admin can change the status of a staff account.'));
    if (before.status === status) return { user: before, notice: undefined, changed: false };
    const note = reason?.trim() || undefined;
    const needsReason = status === 'deactivated' || before.status === 'deactivated' || status === 'pending';
    if (needsReason && !note) fail(refusal.invalid(backOfficeTexts.reasonRequired, 'reason'));
    const after = (await setUserStatus(tx, userId, status, note ?? null))!;
    const revoked = status === 'deactivated' ? await revokeTokensOfUser(tx, userId) : 0;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.status_changed',
      subjectType: 'user',
      subjectId: userId,
      details: { from: before.status, to: status, reason: note ?? null, tokens_revoked: revoked },
      ip: actor.ip,
    });
    const notice = before.role === 'customer' ? await addNotification(tx, { userId, ...standingNotice(before.status, status, note) }) : undefined;
    return { user: after, notice, changed: true };
  });
}

/** Moves a customer to another plan (its leverage applies to new orders; open trades keep theirs). Audited; idempotent. */
export async function changeCustomerPlan(db: AppDb, actor: Actor, userId: number, { planId, reason }: { planId: number; reason?: string | undefined }) {
  return db.transaction(async (tx) => {
    // Accounts before the user, as every plan change locks them: the change copies the plan onto the accounts.
    await lockAccountsOfUser(tx, userId);
    const before = await lockCustomerSubject(tx, userId);
    const plan = await findPlan(tx, planId);
    if (!plan) fail(refusal.invalid(backOfficeTexts.planNotFound, 'plan_id'));
    if (before.planId === planId) return { changed: false, plan };
    await setUserPlan(tx, userId, planId);
    const note = reason?.trim() || null;
    await recordAudit(tx, { actorId: actor.id, action: 'user.plan_changed', subjectType: 'user', subjectId: userId, details: { from: before.planId, to: planId, reason: note }, ip: actor.ip });
    const notice = await addNotification(tx, {
      userId,
      title: 'Plan changed',
      message: `Your account is now on the ${plan.title} plan (leverage up to 1:${plan.leverage} where the rules allow).`,
      color: 'info',
    });
    return { changed: true, plan, notice };
  });
}

/** A staff note on a customer (never shown to them). Audited without its text, which stays in the note. */
export async function addCustomerNote(db: AppDb, actor: Actor, customerId: number, body: string) {
  return db.transaction(async (tx) => {
    await customerSubject(tx, customerId);
    const note = await addNote(tx, { customerId, authorId: actor.id, body });
    await recordAudit(tx, { actorId: actor.id, action: 'user.note_added', subjectType: 'user', subjectId: customerId, details: { note_id: note.id }, ip: actor.ip });
    return note;
  });
}

/** Staff write to a customer: a stored notification, audited. */
export async function notifyCustomer(db: AppDb, actor: Actor, userId: number, notice: { title: string; message: string; color: NotificationColor }): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    await customerSubject(tx, userId);
    const row = await addNotification(tx, { userId, ...notice });
    await recordAudit(tx, { actorId: actor.id, action: 'notification.sent', subjectType: 'user', subjectId: userId, details: { notification_id: row.id, title: notice.title }, ip: actor.ip });
    return row;
  });
}

export async function changeSettings(db: AppDb, actor: Actor, patch: SettingsUpdate): Promise<SiteSettings> {
  return db.transaction(async (tx) => {
    const settings = await updateSettings(tx, patch);
    await recordAudit(tx, { actorId: actor.id, action: 'settings.updated', subjectType: 'site_settings', subjectId: 1, details: patch, ip: actor.ip });
    return settings;
  });
}

/** A single-use sign-in link for a customer (staff "log in as customer"), valid five minutes. Audited. */
export async function customerLoginLink(db: AppDb, actor: Actor, userId: number, siteOrigin: string): Promise<{ url: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    await customerSubject(tx, userId);
    const { token, expiresAt } = await issueOneTimeToken(tx, { userId, purpose: 'auto_login', ttlMs: 5 * 60_000 });
    await recordAudit(tx, { actorId: actor.id, action: 'user.login_link_created', subjectType: 'user', subjectId: userId, details: { expires_at: expiresAt.toISOString() }, ip: actor.ip });
    return { url: `${siteOrigin}/auto-login?token=${encodeURIComponent(token)}`, expiresAt };
  });
}

/** The mail sent to customers (staff and tests read the outbox), newest first; every read is audited. */
export async function readOutbox(db: AppDb, actor: Actor, to: string | undefined): Promise<OutboxRow[]> {
  const rows = await customerMails(db, to);
  await recordAudit(db, { actorId: actor.id, action: 'outbox.read', subjectType: 'outbox', subjectId: 0, details: { to: to ?? null, mails: rows.map((r) => r.id) }, ip: actor.ip });
  return rows;
}
