import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../auth/tokens';
import type { Executor } from './database';
import { oneTimeTokens, type oneTimePurposes } from './schema';

export type OneTimePurpose = (typeof oneTimePurposes)[number];

/** A new single-use token for the user; only its hash is kept. */
export async function issueOneTimeToken(db: Executor, { userId, purpose, ttlMs }: { userId: number; purpose: OneTimePurpose; ttlMs: number }): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(oneTimeTokens).values({ userId, purpose, tokenHash, expiresAt });
  return { token, expiresAt };
}

/** Uses the token up, in one statement (two uses at once: one wins); the user it was for, or undefined. */
export async function consumeOneTimeToken(db: Executor, token: string, purpose: OneTimePurpose): Promise<number | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}
