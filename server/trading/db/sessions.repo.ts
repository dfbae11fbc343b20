import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { apiTokens } from './schema';

export interface SessionRow {
  id: number;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
}

/** The user's live sign-ins (not revoked, not expired), the most recently used first (docs/customer-area.md#settings). */
export async function listLiveSessions(db: Executor, userId: number, limit = 100): Promise<SessionRow[]> {
  return db
    .select({ id: apiTokens.id, ip: apiTokens.ip, userAgent: apiTokens.userAgent, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)))
    .orderBy(desc(sql`coalesce(${apiTokens.lastUsedAt}, ${apiTokens.createdAt})`), desc(apiTokens.id))
    .limit(limit);
}

/** Revokes one live sign-in of this user; undefined when it is not theirs, already ended or unknown. */
export async function revokeOwnSession(db: Executor, userId: number, tokenId: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, sql`now()`)))
    .returning({ id: apiTokens.id, ip: apiTokens.ip, userAgent: apiTokens.userAgent, createdAt: apiTokens.createdAt, lastUsedAt: apiTokens.lastUsedAt, expiresAt: apiTokens.expiresAt });
  return row;
}
