import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { apiTokens, users } from './schema';
import type { UserRow } from './users.repo';

export async function insertToken(db: Executor, values: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null; userAgent: string | null }): Promise<number> {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  if (!row) throw new Error('token insert returned no row');
  return row.id;
}

/** The token's user when the token exists, is not revoked and has not expired. Notes its use at most once a minute. */
export async function findUserByTokenHash(db: Executor, tokenHash: string): Promise<{ tokenId: number; expiresAt: Date; user: UserRow } | undefined> {
  const [row] = await db
    .select({ tokenId: apiTokens.id, expiresAt: apiTokens.expiresAt, lastUsedAt: apiTokens.lastUsedAt, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)));
  if (!row) return undefined;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiTokens.id, row.tokenId));
  }
  return { tokenId: row.tokenId, expiresAt: row.expiresAt, user: row.user };
}

export async function revokeToken(db: Executor, tokenId: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)));
}

/** Signs the user out everywhere, or everywhere but the session `except` (a password change keeps the one that made it). */
export async function revokeTokensOfUser(db: Executor, userId: number, { except }: { except?: number } = {}): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), except === undefined ? undefined : ne(apiTokens.id, except)))
    .returning({ id: apiTokens.id });
  return rows.length;
}
