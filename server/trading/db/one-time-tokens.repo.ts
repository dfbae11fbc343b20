import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashToken, newToken } from './opaque-tokens';
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

/** Whether the token could be used now (without using it up). */
export async function oneTimeTokenIsValid(db: Executor, token: string, purpose: OneTimePurpose): Promise<boolean> {
  const [row] = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)));
  return row !== undefined;
}

/** Ends every unused token of this kind the user still has (after a reset, older links must not work). */
export async function expireOneTimeTokens(db: Executor, userId: number, purpose: OneTimePurpose): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

/** Tokens of this kind issued to the user within `withinMs` (to cap how many mails one account gets). */
export async function recentTokenCount(db: Executor, userId: number, purpose: OneTimePurpose, withinMs: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), gt(oneTimeTokens.createdAt, new Date(Date.now() - withinMs))));
  return row?.n ?? 0;
}
