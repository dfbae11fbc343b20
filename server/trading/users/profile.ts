import type { FieldErrors } from '../../../shared/api/common.schema';
import { countryValueOf, identityFieldLabels, identityFields, passwordTexts, profileTexts, type ChangePassword, type Profile, type ProfileUpdate } from '../../../shared/api/profile.schema';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Bus } from '../bus';
import { recordAudit } from '../db/audit.repo';
import type { AppDb } from '../db/database';
import { expireOneTimeTokens, recentTokenCount } from '../db/one-time-tokens.repo';
import { consumeEmailChange, emailTakenByOther, expireEmailChanges, issueEmailChange, pendingEmailChange, replaceAvatar, setEmail, updateProfileFields, type ProfileChanges } from '../db/profile.repo';
import { getSettings } from '../db/settings.repo';
import { revokeTokensOfUser } from '../db/tokens.repo';
import { findUserById, lockUserRow, setPasswordHash, type UserRow } from '../db/users.repo';
import { identityApproved } from '../db/verification.repo';
import { fail, refusal } from '../errors';
import { sizeOf, type FileBytes } from '../files/file-bytes';
import type { FileStore } from '../files/file-store';
import { linkOrigin, type LinkOriginDeps } from '../auth/link-origin';
import type { Mailer } from '../mail/mailer';
import { bytesOfDataUrl, deletePhoto, preparePhoto, storePhoto } from './avatar';

/**
 * Personal information (docs/customer-area.md#personal-information): what a customer changes alone, what
 * a verified identity locks, the confirmed e-mail change, the photo and the password change.
 */
export interface ProfileDeps extends LinkOriginDeps {
  database: { db: AppDb } & LinkOriginDeps['database'];
  bus: Bus;
  mailer: Mailer;
  files: FileStore;
}

/** Photos are kept and removed with their records (docs/files.md#purposes). */
const storedFilesOf = (deps: ProfileDeps) => ({ db: deps.database.db, files: deps.files });

const emailLinkTtlMs = 24 * 60 * 60_000;
const maxEmailChangesPerHour = 3;

/** Where the link in the confirmation mail leads (the web tier's page, server/web/profile.routes.tsx). */
export const emailConfirmPath = '/confirm-email';

/** The signed-in customer's profile, read afresh. */
export async function profileOf(db: AppDb, userId: number): Promise<Profile> {
  const user = await findUserById(db, userId);
  if (!user) return fail(refusal.notFound('Not Found.'));
  const [locked, pending] = await Promise.all([identityApproved(db, userId), pendingEmailChange(db, userId)]);
  return {
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    country: user.country,
    address: user.address,
    birth_date: user.birthDate,
    avatar: user.avatar,
    identity_locked: locked,
    pending_email: pending?.email ?? null,
    pending_email_expires_at: pending?.expiresAt.toISOString() ?? null,
  };
}

/** What the request would change of a stored identity field, comparing as the form shows it. */
function differs(user: UserRow, field: (typeof identityFields)[number], value: string): boolean {
  switch (field) {
    case 'first_name':
      return value !== user.firstName.trim();
    case 'last_name':
      return value !== user.lastName.trim();
    case 'birth_date':
      return value !== user.birthDate;
    case 'country':
      return value !== user.country && value !== countryValueOf(user.country);
  }
}

const siteName = async (db: AppDb) => (await getSettings(db)).name;

/**
 * Saves the fields sent (those left out stay). A verified identity's fields are refused if they would
 * change; a new e-mail address is only asked for (a link to it, a notice to the old one) and changes
 * when the link is followed; an avatar `data:` URL goes through the photo's checks.
 */
export async function updateProfile(deps: ProfileDeps, { userId, body, ip }: { userId: number; body: ProfileUpdate; ip: string | null }): Promise<{ profile: Profile; message: string }> {
  const { db } = deps.database;
  const user = (await findUserById(db, userId)) ?? fail(refusal.notFound('Not Found.'));

  if (await identityApproved(db, userId)) {
    const errors: FieldErrors = {};
    for (const field of identityFields) {
      const value = body[field];
      if (value !== undefined && differs(user, field, value)) errors[field] = [profileTexts.locked(identityFieldLabels[field])];
    }
    if (Object.keys(errors).length > 0) fail(refusal.fields(errors));
  }

  const newEmail = body.email !== undefined && body.email !== user.email ? body.email : null;
  if (newEmail) {
    if (!body.current_password) fail(refusal.invalid(profileTexts.emailNeedsPassword, 'current_password'));
    if (!(await verifyPassword(body.current_password, user.passwordHash))) fail(refusal.invalid(passwordTexts.currentWrong, 'current_password'));
    if (await emailTakenByOther(db, newEmail, userId)) fail(refusal.invalid(profileTexts.emailTaken, 'email'));
    const pending = await pendingEmailChange(db, userId);
    if (pending?.email !== newEmail && (await recentTokenCount(db, userId, 'email_change', 60 * 60_000)) >= maxEmailChangesPerHour) {
      fail(refusal.invalid(profileTexts.emailChangeTooMany, 'email'));
    }
  }
  // Before anything is saved: a change whose confirmation link could not work is refused whole.
  const origin = newEmail ? linkOrigin(deps) : undefined;

  // The original sends the photo it shows back (or nothing); only a data URL is a new one.
  const avatar = body.avatar?.trim() ?? '';
  const newPhoto = avatar && avatar !== user.avatar ? await preparePhoto(bytesOfDataUrl(avatar), 'avatar') : null;

  const changes: ProfileChanges = {};
  if (body.first_name !== undefined && body.first_name !== user.firstName) changes.firstName = body.first_name;
  if (body.last_name !== undefined && body.last_name !== user.lastName) changes.lastName = body.last_name;
  if (body.address !== undefined && body.address !== user.address) changes.address = body.address;
  if (body.country !== undefined && body.country !== user.country && body.country !== countryValueOf(user.country)) changes.country = body.country;
  if (body.birth_date !== undefined && body.birth_date !== user.birthDate) changes.birthDate = body.birth_date;
  if (body.phone !== undefined && body.phone !== user.phone) changes.phone = body.phone;

  const photoUrl = newPhoto ? await storePhoto(storedFilesOf(deps), userId, newPhoto) : null;
  let link: string | null = null;
  let oldPhoto: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await lockUserRow(tx, userId);
      if (Object.keys(changes).length > 0) await updateProfileFields(tx, userId, changes);
      if (photoUrl) oldPhoto = await replaceAvatar(tx, userId, photoUrl);
      if (newEmail && (await pendingEmailChange(tx, userId))?.email !== newEmail) {
        const { token } = await issueEmailChange(tx, { userId, email: newEmail, ttlMs: emailLinkTtlMs });
        link = `${origin}${emailConfirmPath}?token=${encodeURIComponent(token)}`;
      }
      const fields = Object.keys(changes);
      if (fields.length > 0 || photoUrl || link) {
        await recordAudit(tx, {
          actorId: userId,
          action: 'profile.updated',
          subjectType: 'user',
          subjectId: userId,
          details: { fields, ...(photoUrl ? { photo: true } : {}), ...(link ? { email_change_to: newEmail } : {}) },
          ip,
        });
      }
    });
  } catch (error) {
    await deletePhoto(storedFilesOf(deps), photoUrl);
    throw error;
  }
  if (oldPhoto) await deletePhoto(storedFilesOf(deps), oldPhoto);
  if (link && newEmail) await mailEmailChange(deps, user, newEmail, link);
  announce(deps.bus, userId);
  const emailNote = newEmail ? (link ? profileTexts.emailChangeSent(newEmail) : profileTexts.emailChangePending(newEmail)) : null;
  return { profile: await profileOf(db, userId), message: emailNote ? `${profileTexts.updated}. ${emailNote}` : profileTexts.updated };
}

async function mailEmailChange(deps: ProfileDeps, user: UserRow, newEmail: string, link: string): Promise<void> {
  const name = await siteName(deps.database.db);
  await deps.mailer.send({
    to: newEmail,
    subject: `Confirm your new ${name} e-mail address`,
    text: `Hello ${user.firstName},\n\nYou asked to use this address for your ${name} account. To confirm it, open this link within the next 24 hours:\n\n${link}\n\nUntil then your account keeps its current address. If it was not you, ignore this mail.\n`,
  });
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${name} e-mail address is about to change`,
    text: `Hello ${user.firstName},\n\nSomeone signed in to your ${name} account asked to change its e-mail address to ${newEmail}. Nothing changes until the link sent to that address is followed.\n\nIf it was not you, sign in, cancel the change on the Personal Information page, change your password and contact support.\n`,
  });
}

/** The other tabs re-read the user; the sign-in cache drops the old row (its names and address). */
function announce(bus: Bus, userId: number): void {
  bus.publish('access.changed', { userId });
  bus.publish('user.updated', { userId });
}

/** A new photo from an upload: checked, re-encoded, stored; the old one removed. */
export async function changePhoto(deps: ProfileDeps, { userId, bytes, ip }: { userId: number; bytes: FileBytes; ip: string | null }): Promise<Profile> {
  const prepared = await preparePhoto(bytes, 'file');
  const url = await storePhoto(storedFilesOf(deps), userId, prepared);
  let old: string | null = null;
  try {
    await deps.database.db.transaction(async (tx) => {
      old = await replaceAvatar(tx, userId, url);
      await recordAudit(tx, { actorId: userId, action: 'profile.photo_changed', subjectType: 'user', subjectId: userId, details: { bytes: sizeOf(bytes) }, ip });
    });
  } catch (error) {
    await deletePhoto(storedFilesOf(deps), url);
    throw error;
  }
  await deletePhoto(storedFilesOf(deps), old);
  announce(deps.bus, userId);
  return profileOf(deps.database.db, userId);
}

export async function removePhoto(deps: ProfileDeps, { userId, ip }: { userId: number; ip: string | null }): Promise<Profile> {
  let old: string | null = null;
  await deps.database.db.transaction(async (tx) => {
    old = await replaceAvatar(tx, userId, null);
    if (old) await recordAudit(tx, { actorId: userId, action: 'profile.photo_removed', subjectType: 'user', subjectId: userId, ip });
  });
  await deletePhoto(storedFilesOf(deps), old);
  announce(deps.bus, userId);
  return profileOf(deps.database.db, userId);
}

export async function cancelEmailChange(deps: ProfileDeps, userId: number): Promise<Profile> {
  await expireEmailChanges(deps.database.db, userId);
  return profileOf(deps.database.db, userId);
}

/** True when a unique constraint on users.email refused the write (also wrapped by drizzle as its cause). */
function isEmailTaken(error: unknown): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return `${e.constraint ?? ''} ${e.message ?? ''}`.includes('users_email');
  }
  return false;
}

/** Follows the confirmation link: the address changes once; the old address is told. */
export async function confirmEmailChange(deps: ProfileDeps, { token, ip }: { token: string; ip: string | null }): Promise<string> {
  const { db } = deps.database;
  const invalid = () => fail(refusal.invalid(profileTexts.emailLinkInvalid, 'token'));
  let done: { user: UserRow; email: string } | undefined;
  try {
    done = await db.transaction(async (tx) => {
      const change = await consumeEmailChange(tx, token);
      if (!change) return undefined;
      const user = await lockUserRow(tx, change.userId);
      if (!user || user.status === 'deactivated') return undefined;
      if (await emailTakenByOther(tx, change.email, user.id)) fail(refusal.invalid(profileTexts.emailTaken, 'token'));
      await setEmail(tx, user.id, change.email);
      await expireEmailChanges(tx, user.id);
      // A reset link mailed to the old address must not outlive the change.
      await expireOneTimeTokens(tx, user.id, 'password_reset');
      await recordAudit(tx, { actorId: user.id, action: 'profile.email_changed', subjectType: 'user', subjectId: user.id, details: { from: user.email, to: change.email }, ip });
      return { user, email: change.email };
    });
  } catch (error) {
    if (isEmailTaken(error)) fail(refusal.invalid(profileTexts.emailTaken, 'token'));
    throw error;
  }
  if (!done) return invalid();
  const name = await siteName(db);
  await deps.mailer.send({
    to: done.user.email,
    subject: `Your ${name} e-mail address was changed`,
    text: `Hello ${done.user.firstName},\n\nThe e-mail address of your ${name} account is now ${done.email}. Mail about your account goes there from now on.\n\nIf it was not you, contact support at once.\n`,
  });
  announce(deps.bus, done.user.id);
  return profileTexts.emailChanged(done.email);
}

/**
 * Changes the password after checking the current one: every other session ends (the one that asked
 * stays), unused reset links end, and a mail tells the owner. Passwords are never logged or audited.
 */
export async function changePassword(deps: ProfileDeps, { userId, tokenId, body, ip }: { userId: number; tokenId: number; body: ChangePassword; ip: string | null }): Promise<void> {
  const { db } = deps.database;
  const user = (await findUserById(db, userId)) ?? fail(refusal.notFound('Not Found.'));
  if (!(await verifyPassword(body.current_password, user.passwordHash))) fail(refusal.invalid(passwordTexts.currentWrong, 'current_password'));
  if (body.new_password === body.current_password) fail(refusal.invalid(passwordTexts.sameAsCurrent, 'new_password'));
  const passwordHash = await hashPassword(body.new_password);
  let revoked = 0;
  await db.transaction(async (tx) => {
    await lockUserRow(tx, userId);
    await setPasswordHash(tx, userId, passwordHash);
    revoked = await revokeTokensOfUser(tx, userId, { except: tokenId });
    await expireOneTimeTokens(tx, userId, 'password_reset');
    await recordAudit(tx, { actorId: userId, action: 'password.changed', subjectType: 'user', subjectId: userId, details: { sessions_ended: revoked }, ip });
  });
  deps.bus.publish('access.changed', { userId });
  const name = await siteName(db);
  await deps.mailer.send({
    to: user.email,
    subject: `Your ${name} password was changed`,
    text: `Hello ${user.firstName},\n\nThe password of your ${name} account was just changed${revoked > 0 ? `, and ${revoked} other ${revoked === 1 ? 'session was' : 'sessions were'} signed out` : ''}.\n\nIf it was not you, reset your password from the sign-in page at once and contact support.\n`,
  });
}
