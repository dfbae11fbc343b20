import { recoveryTexts } from '../../../shared/texts';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { consumeOneTimeToken, expireOneTimeTokens, issueOneTimeToken, oneTimeTokenIsValid, recentTokenCount } from '../db/one-time-tokens.repo';
import { getSettings } from '../db/settings.repo';
import { revokeTokensOfUser } from '../db/tokens.repo';
import { findUserByEmail, setPasswordHash } from '../db/users.repo';
import { fail, refusal } from '../errors';
import type { Mailer } from '../mail/mailer';
import { linkOrigin, type LinkOriginDeps } from './link-origin';
import { hashPassword } from './passwords';

const resetLinkTtlMs = 60 * 60_000;
const maxResetMailsPerHour = 3;

/**
 * Mails a single-use reset link valid for an hour, when the address belongs to a user who may sign in;
 * at most three an hour per account, quietly (the caller answers the same whatever happens here).
 * An origin no link may carry is refused first (logged for the operator), before any token is made.
 */
export async function mailResetLink(deps: { database: { db: AppDb }; mailer: Mailer } & LinkOriginDeps, email: string): Promise<void> {
  const origin = linkOrigin(deps);
  const { db } = deps.database;
  const user = await findUserByEmail(db, email);
  if (!user || user.status === 'deactivated') return;
  if ((await recentTokenCount(db, user.id, 'password_reset', resetLinkTtlMs)) >= maxResetMailsPerHour) return;
  const { name } = await getSettings(db);
  const { token } = await issueOneTimeToken(db, { userId: user.id, purpose: 'password_reset', ttlMs: resetLinkTtlMs });
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: recoveryTexts.mailSubject(name),
    text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your ${name} account. To choose a new one, open this link within the next hour:\n\n${link}\n\nThe link works once. If it was not you, ignore this mail: your password stays as it is.\n`,
  });
}

/** Sets a new password with a valid reset link, which it uses up; every session of the user ends. */
export async function resetPassword({ database: { db }, bus }: { database: { db: AppDb }; bus: Bus }, { token, password }: { token: string; password: string }): Promise<void> {
  const linkInvalid = () => fail(refusal.invalid(recoveryTexts.linkInvalid, 'token'));
  // The (memory-hard) hash is only worked out for a link that is valid now; using it up stays atomic below.
  if (!(await oneTimeTokenIsValid(db, token, 'password_reset'))) linkInvalid();
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const owner = await consumeOneTimeToken(tx, token, 'password_reset');
    if (owner === undefined) return undefined;
    await setPasswordHash(tx, owner, passwordHash);
    await revokeTokensOfUser(tx, owner);
    await expireOneTimeTokens(tx, owner, 'password_reset');
    return owner;
  });
  if (userId === undefined) return linkInvalid();
  bus.publish('access.changed', { userId });
}
