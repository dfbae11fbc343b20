import { and, count, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { oneTimeTokens, recoveryCodes, users } from './schema';

/** Two-factor sign-in's queries (docs/access.md#two-factor-sign-in): the sealed TOTP state, recovery codes, login challenges. */

/** Keeps the sealed TOTP state; `enabledAt` undefined leaves the enabled time as it is. */
export async function setTotpState(db: Executor, userId: number, sealed: string | null, enabledAt?: Date | null): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: sealed, ...(enabledAt === undefined ? {} : { totpEnabledAt: enabledAt }), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Replaces the user's recovery codes with a new set (only their hashes are kept). */
export async function replaceRecoveryCodes(tx: Tx, userId: number, codeHashes: readonly string[]): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0) await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function deleteRecoveryCodes(tx: Tx, userId: number): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function unusedRecoveryCodeCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Uses a recovery code up, in one statement (two uses at once: one wins); whether it was there unused. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export interface ChallengeRow {
  id: number;
  userId: number;
  attempts: number;
  live: boolean;
}

/** A login challenge by its hash, locked until the transaction ends; `live` while unused and unexpired. */
export async function lockLoginChallenge(tx: Tx, tokenHash: string): Promise<ChallengeRow | undefined> {
  const [row] = await tx
    .select({
      id: oneTimeTokens.id,
      userId: oneTimeTokens.userId,
      attempts: oneTimeTokens.attempts,
      live: sql<boolean>`(${oneTimeTokens.usedAt} is null and ${oneTimeTokens.expiresAt} > now())`,
    })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, 'login_challenge')))
    .for('update');
  return row;
}

/** Counts a wrong code against the challenge; at `maxAttempts` it is used up. The attempts made so far. */
export async function countWrongCode(tx: Tx, id: number, maxAttempts: number): Promise<number> {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({
      attempts: sql`${oneTimeTokens.attempts} + 1`,
      usedAt: sql`case when ${oneTimeTokens.attempts} + 1 >= ${maxAttempts} then now() else ${oneTimeTokens.usedAt} end`,
    })
    .where(eq(oneTimeTokens.id, id))
    .returning({ attempts: oneTimeTokens.attempts });
  return row?.attempts ?? maxAttempts;
}

export async function useLoginChallenge(tx: Tx, id: number): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(eq(oneTimeTokens.id, id));
}

/** Wrong codes the user's login challenges took within `withinMs` (the per-account cooldown). */
export async function recentWrongCodes(db: Executor, userId: number, withinMs: number): Promise<number> {
  const [row] = await db
    .select({ n: sum(oneTimeTokens.attempts) })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'login_challenge'), gt(oneTimeTokens.createdAt, sql`now() - make_interval(secs => ${withinMs / 1000})`)));
  return Number(row?.n ?? 0);
}
