import { Router } from 'express';
import { eq } from 'drizzle-orm';
import { forgotPasswordRequest, resetPasswordRequest } from '../../../shared/api/registration.schema';
import { recoveryTexts } from '../../../shared/texts';
import { hashPassword } from '../auth/passwords';
import type { ApiDeps } from '../deps';
import { consumeOneTimeToken, expireOneTimeTokens, issueOneTimeToken, oneTimeTokenIsValid, recentTokenCount } from '../db/one-time-tokens.repo';
import { users } from '../db/schema';
import { getSettings } from '../db/settings.repo';
import { revokeTokensOfUser } from '../db/tokens.repo';
import { findUserByEmail } from '../db/users.repo';
import { validationFailed } from './errors';
import { ipRateLimit } from './rate-limits';
import { parseInput } from './validate';

const resetLinkTtlMs = 60 * 60_000;
const maxResetMailsPerHour = 3;

/** Forgotten passwords (server-spec §2): a single-use link by mail, and the reset that revokes every session. */
export function recoveryRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;

  // Per IP only: a limit per address would let anyone keep a chosen customer out of recovery. Mails per
  // account are capped quietly in `mailResetLink` instead.
  router.post('/auth/forgot-password', ipRateLimit({ name: 'forgot-password', limit: deps.loginRateLimit * 3, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), (req, res) => {
    const { email } = parseInput(forgotPasswordRequest, req.body);
    // The same answer, at the same moment, whether or not the address is registered: the lookup and the
    // mail happen after it, so neither the words nor the timing tell who has an account.
    res.json({ message: recoveryTexts.linkSent });
    void mailResetLink(email).catch((error: unknown) => deps.logger.error({ err: error }, 'password reset mail failed'));
  });

  async function mailResetLink(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user || user.status === 'deactivated') return;
    if ((await recentTokenCount(db, user.id, 'password_reset', resetLinkTtlMs)) >= maxResetMailsPerHour) return;
    const { name } = await getSettings(db);
    const { token } = await issueOneTimeToken(db, { userId: user.id, purpose: 'password_reset', ttlMs: resetLinkTtlMs });
    const link = `${deps.siteOrigin()}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to: user.email,
      subject: recoveryTexts.mailSubject(name),
      text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your ${name} account. To choose a new one, open this link within the next hour:\n\n${link}\n\nThe link works once. If it was not you, ignore this mail: your password stays as it is.\n`,
    });
  }

  router.post('/auth/reset-password', ipRateLimit({ name: 'reset-password', limit: deps.loginRateLimit * 3, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), async (req, res) => {
    const form = parseInput(resetPasswordRequest, req.body);
    // The (memory-hard) hash is only worked out for a link that is valid now; using it up stays atomic below.
    if (!(await oneTimeTokenIsValid(db, form.token, 'password_reset'))) throw validationFailed({ token: [recoveryTexts.linkInvalid] });
    const passwordHash = await hashPassword(form.password);
    const userId = await db.transaction(async (tx) => {
      const owner = await consumeOneTimeToken(tx, form.token, 'password_reset');
      if (owner === undefined) return undefined;
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, owner));
      await revokeTokensOfUser(tx, owner);
      await expireOneTimeTokens(tx, owner, 'password_reset');
      return owner;
    });
    if (userId === undefined) throw validationFailed({ token: [recoveryTexts.linkInvalid] });
    deps.bus.publish('access.changed', { userId });
    res.json({ message: recoveryTexts.passwordReset });
  });

  return router;
}
