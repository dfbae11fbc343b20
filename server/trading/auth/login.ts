import { authTexts } from '../../../shared/texts';
import { fail, refusal } from '../errors';
import { insertToken, revokeToken } from '../db/tokens.repo';
import { findUserByEmail, findUserById, type UserRow } from '../db/users.repo';
import { consumeOneTimeToken } from '../db/one-time-tokens.repo';
import type { TradingDeps } from '../deps';
import { verifyPassword } from './passwords';
import { newToken } from './tokens';

/** A new bearer token and whom it belongs to. */
export interface Session {
  token: string;
  user: UserRow;
}

/**
 * Checks the password and issues a bearer token. Pending and deactivated users get a token too: the
 * gate shows them their screen, and every call beyond their user and the settings answers 403.
 */
export async function login(
  { database, tokenTtlHours }: Pick<TradingDeps, 'database' | 'tokenTtlHours'>,
  input: { email: string; password: string; ip: string | null; userAgent: string | null },
): Promise<Session> {
  const user = await findUserByEmail(database.db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !ok) return fail(refusal.invalid(authTexts.invalidCredentials, 'email'));
  return startSession({ database, tokenTtlHours }, user, input);
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
