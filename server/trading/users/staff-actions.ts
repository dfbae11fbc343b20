import type { SettingsUpdate, SiteSettings } from '../../../shared/api/settings.schema';
import type { Role, UserStatus } from '../../../shared/api/user.schema';
import { fail, refusal } from '../errors';
import { recordAudit } from '../db/audit.repo';
import type { AppDb } from '../db/database';
import { updateSettings } from '../db/settings.repo';
import { revokeTokensOfUser } from '../db/tokens.repo';
import { findUserById, setUserStatus, type UserRow } from '../db/users.repo';
import { addNotification, type NotificationColor, type NotificationRow } from '../db/notifications.repo';
import { issueOneTimeToken } from '../db/one-time-tokens.repo';
import { customerMails, type OutboxRow } from '../db/outbox.repo';

const userNotFound = 'User not found.';

interface Actor {
  id: number;
  role: Role;
  ip: string | null;
}

/**
 * Approves, re-activates or deactivates a user; deactivation revokes every token they hold. Audited.
 * Staff change customers; only an admin changes staff; nobody changes their own standing.
 */
export async function changeUserStatus(db: AppDb, actor: Actor, userId: number, status: UserStatus): Promise<{ user: UserRow; notice: NotificationRow | undefined }> {
  return db.transaction(async (tx) => {
    const before = await findUserById(tx, userId);
    if (!before) fail(refusal.notFound(userNotFound));
    if (before.id === actor.id) fail(refusal.forbidden('You cannot change the status of your own account.'));
    if (before.role !== 'customer' && actor.role !== 'admin') fail(refusal.forbidden('Only an admin can change the status of a staff account.'));
    const after = await setUserStatus(tx, userId, status);
    if (!after) fail(refusal.notFound(userNotFound));
    const revoked = status === 'deactivated' ? await revokeTokensOfUser(tx, userId) : 0;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'user.status_changed',
      subjectType: 'user',
      subjectId: userId,
      details: { from: before.status, to: status, tokens_revoked: revoked },
      ip: actor.ip,
    });
    // An approval is also a stored notification (docs/access.md#staff-actions).
    const approved = before.status === 'pending' && status === 'active';
    const notice = approved ? await addNotification(tx, { userId, title: 'Account approved', message: 'Your account has been approved. You can start trading now.', color: 'success' }) : undefined;
    return { user: after, notice };
  });
}

/** Staff write to a customer: a stored notification, audited. */
export async function notifyCustomer(db: AppDb, actor: Actor, userId: number, notice: { title: string; message: string; color: NotificationColor }): Promise<NotificationRow> {
  return db.transaction(async (tx) => {
    const customer = await findUserById(tx, userId);
    if (!customer || customer.role !== 'customer') fail(refusal.notFound(userNotFound));
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
    const customer = await findUserById(tx, userId);
    if (!customer || customer.role !== 'customer') fail(refusal.notFound(userNotFound));
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
