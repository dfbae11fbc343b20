import { randomBytes } from 'node:crypto';
import { inviteLinkHours, staffAccountTexts as texts, type StaffChangeRequest, type StaffInviteRequest } from '../../../shared/api/staff-accounts.schema';
import { linkOrigin, type LinkOriginDeps } from '../auth/link-origin';
import { hashPassword } from '../auth/passwords';
import { recordAudit } from '../db/audit.repo';
import type { AppDb } from '../db/database';
import { expireOneTimeTokens, issueOneTimeToken } from '../db/one-time-tokens.repo';
import { getSettings } from '../db/settings.repo';
import { lockActiveAdmins, setStaffRole, staffMembers } from '../db/staff-accounts.repo';
import { revokeTokensOfUser } from '../db/tokens.repo';
import { createUser, findUserByEmail, lockUserRow, setUserStatus, type UserRow } from '../db/users.repo';
import { fail, refusal } from '../errors';
import type { Mailer } from '../mail/mailer';
import type { StaffActor as Actor } from './staff-actor';

const inviteLinkTtlMs = inviteLinkHours * 60 * 60_000;
const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

/** The insert was refused by the unique e-mail (the driver's error, possibly wrapped by drizzle as its cause). */
function isEmailTaken(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return `${e.constraint ?? ''} ${e.message ?? ''}`.includes('users_email');
  }
  return false;
}

/** Every staff member and admin, admins first. */
export const listStaffMembers = (db: AppDb): Promise<UserRow[]> => staffMembers(db);

/**
 * Invites someone to the back office: a new user with the role, active, with a random password nobody
 * knows, and a mail with a single-use link to the set-password page (`/reset-password`, the recovery's
 * own link) that works for `inviteLinkHours`. An address already registered, customer or staff, is
 * refused on `email` (also when two invitations race). Audited as `staff.invited`.
 */
export async function inviteStaff(deps: { database: { db: AppDb }; mailer: Mailer } & LinkOriginDeps, actor: Actor, invite: StaffInviteRequest): Promise<{ user: UserRow; expiresAt: Date }> {
  const { db } = deps.database;
  // Before anyone is created: an invitation whose link cannot work is not half made.
  const origin = linkOrigin(deps);
  const emailTaken = () => fail(refusal.invalid(texts.emailTaken, 'email'));
  if (await findUserByEmail(db, invite.email)) emailTaken();
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  let invited: { user: UserRow; token: string; expiresAt: Date };
  try {
    invited = await db.transaction(async (tx) => {
      const user = await createUser(tx, { email: invite.email, passwordHash, firstName: invite.first_name, lastName: invite.last_name, role: invite.role, status: 'active' });
      const { token, expiresAt } = await issueOneTimeToken(tx, { userId: user.id, purpose: 'password_reset', ttlMs: inviteLinkTtlMs });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'staff.invited',
        subjectType: 'user',
        subjectId: user.id,
        details: { role: invite.role, email: user.email, link_expires_at: expiresAt.toISOString() },
        ip: actor.ip,
      });
      return { user, token, expiresAt };
    });
  } catch (error) {
    if (isEmailTaken(error)) emailTaken();
    throw error;
  }
  const { user, token, expiresAt } = invited;
  const { name } = await getSettings(db);
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: `You have been invited to the ${name} back office`,
    text:
      `Hello ${user.firstName},\n\n` +
      `You have been invited to the ${name} back office as ${invite.role === 'admin' ? 'an admin' : 'a member of staff'}. ` +
      `To choose your password, open this link within the next ${inviteLinkHours} hours:\n\n${link}\n\n` +
      `The link works once. Then sign in with this e-mail address and your new password. ` +
      `If the link has expired, use "Forgot password" on the sign-in page, or ask an admin.\n`,
  });
  return { user, expiresAt };
}

/**
 * Changes a staff member's role, or disables or enables them (one change at a time), audited with before
 * and after (`staff.role_changed`, `staff.status_changed`). Nobody changes their own account (403); a
 * customer's id is not found. The last active admin is neither demoted nor disabled (409): the active
 * admins' rows are locked first and counted, so two admins demoting each other at once leave one.
 * Disabling revokes every token the user holds and ends their unused set-password links. Setting what
 * the account has already changes nothing (`changed: false`).
 */
export async function changeStaffAccount(db: AppDb, actor: Actor, userId: number, change: StaffChangeRequest): Promise<{ user: UserRow; changed: boolean }> {
  return db.transaction(async (tx) => {
    if (userId === actor.id) fail(refusal.forbidden(change.role ? texts.ownRole : texts.ownStatus));
    const admins = await lockActiveAdmins(tx);
    const before = await lockUserRow(tx, userId);
    if (!before || before.role === 'customer') fail(refusal.notFound(texts.notFound));
    const name = fullName(before);
    const isActiveAdmin = before.role === 'admin' && before.status === 'active';
    const others = admins.filter((id) => id !== userId).length;
    if (isActiveAdmin && others === 0) {
      if (change.role === 'staff') fail(refusal.conflict(texts.lastAdminDemoted(name)));
      if (change.status === 'deactivated') fail(refusal.conflict(texts.lastAdminDisabled(name)));
    }
    // The caller was an admin when signed in; they must still be one now that the admins are locked.
    if (!admins.includes(actor.id)) fail(refusal.forbidden(texts.onlyAdmins));

    if (change.role) {
      if (before.role === change.role) return { user: before, changed: false };
      const after = (await setStaffRole(tx, userId, change.role))!;
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'staff.role_changed',
        subjectType: 'user',
        subjectId: userId,
        details: { from: before.role, to: change.role, email: before.email },
        ip: actor.ip,
      });
      return { user: after, changed: true };
    }

    const status = change.status!;
    if (before.status === status) return { user: before, changed: false };
    const reason = change.reason?.trim() || null;
    const after = (await setUserStatus(tx, userId, status, reason))!;
    let revoked = 0;
    if (status === 'deactivated') {
      revoked = await revokeTokensOfUser(tx, userId);
      await expireOneTimeTokens(tx, userId, 'password_reset');
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'staff.status_changed',
      subjectType: 'user',
      subjectId: userId,
      details: { from: before.status, to: status, reason, role: before.role, tokens_revoked: revoked },
      ip: actor.ip,
    });
    return { user: after, changed: true };
  });
}
