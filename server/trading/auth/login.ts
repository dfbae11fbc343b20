import { authTexts } from '../../../shared/texts';
import { twoFactorTexts } from '../../../shared/api/two-factor.schema';
import { DomainError, fail, refusal } from '../errors';
import { insertToken, revokeToken } from '../db/tokens.repo';
import { findUserByEmail, findUserById, type UserRow } from '../db/users.repo';
import { consumeOneTimeToken } from '../db/one-time-tokens.repo';
import type { TradingDeps } from '../deps';
import { verifyPassword } from './passwords';
import { newToken } from '../db/opaque-tokens';
import { answerLoginChallenge, issueLoginChallenge, type LoginChallenge, type StaffTwoFactor } from './two-factor';

/** A new bearer token and whom it belongs to. */
export interface Session {
  token: string;
  user: UserRow;
}

type LoginDeps = Pick<TradingDeps, 'database' | 'tokenTtlHours' | 'realtime'> & { staffTwoFactor?: StaffTwoFactor | undefined };

/**
 * Checks the password and issues a bearer token. Pending and deactivated users get a token too: the
 * gate shows them their screen, and every call beyond their user and the settings answers 403.
 * A user with two-factor sign-in gets a challenge instead (docs/access.md#two-factor-sign-in), unless
 * the call already carries the code (`otp`, the original client's second step), which answers it at once.
 */
export async function login(deps: LoginDeps, input: { email: string; password: string; otp?: string | undefined; ip: string | null; userAgent: string | null }): Promise<Session | LoginChallenge> {
  const user = await findUserByEmail(deps.database.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) return fail(refusal.invalid(authTexts.invalidCredentials, 'email'));
  if (user.totpEnabledAt === null) return startSession(deps, user, input);
  const challenge = await issueLoginChallenge(deps, user, input.ip);
  if (input.otp === undefined) return challenge;
  try {
    return await verifyLogin(deps, { challenge: challenge.challenge, code: input.otp, ip: input.ip, userAgent: input.userAgent });
  } catch (error) {
    // This call's code field is `otp`, and each such call makes a challenge of its own, so "attempts
    // left" would mislead: a wrong code reads as the original's "Invalid security code".
    if (error instanceof DomainError) fail(refusal.invalid(error.refusal.message === twoFactorTexts.cooldown ? twoFactorTexts.cooldown : twoFactorTexts.invalidCode, 'otp'));
    throw error;
  }
}

/** Step 2 of a two-factor login: the challenge and a code; a token once the code is right. */
export async function verifyLogin(deps: LoginDeps, input: { challenge: string; code: string; ip: string | null; userAgent: string | null }): Promise<Session> {
  const user = await answerLoginChallenge(deps, input);
  return startSession(deps, user, input);
}

/** A bearer token for a user whose identity was proven (password, or a single-use login link). */
export async function startSession(
  { database, tokenTtlHours }: Pick<TradingDeps, 'database' | 'tokenTtlHours'>,
  user: UserRow,
  { ip, userAgent }: { ip: string | null; userAgent: string | null },
): Promise<Session> {
  const { token, tokenHash } = newToken();
  await insertToken(database.db, {
    userId: user.id,
    tokenHash,
    expiresAt: new Date(Date.now() + tokenTtlHours * 3_600_000),
    ip,
    userAgent: userAgent?.slice(0, 512) ?? null,
  });
  return { token, user };
}

/** Signs in with a single-use login link (made by staff for a customer); 422 when it is used, expired or unknown. */
export async function loginWithLink(deps: Pick<TradingDeps, 'database' | 'tokenTtlHours'>, input: { token: string; ip: string | null; userAgent: string | null }): Promise<Session> {
  const userId = await consumeOneTimeToken(deps.database.db, input.token, 'auto_login');
  const user = userId === undefined ? undefined : await findUserById(deps.database.db, userId);
  if (!user) return fail(refusal.invalid(authTexts.loginLinkInvalid, 'token'));
  return startSession(deps, user, input);
}

export async function logout({ database, bus }: Pick<TradingDeps, 'database' | 'bus'>, { tokenId, userId }: { tokenId: number; userId: number }): Promise<void> {
  await revokeToken(database.db, tokenId);
  bus.publish('access.changed', { userId });
}
