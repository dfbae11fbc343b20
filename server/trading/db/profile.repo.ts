import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { hashToken, newToken } from './opaque-tokens';
import type { Executor, Tx } from './database';
import { oneTimeTokens, users } from './schema';
import type { UserRow } from './users.repo';

/** Personal information (docs/customer-area.md#personal-information): the fields a customer changes, the photo, the e-mail change. */

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  address?: string;
  country?: string;
  birthDate?: string;
  phone?: string;
}

export async function updateProfileFields(tx: Tx, userId: number, changes: ProfileChanges): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** Sets the photo's address (null: none) and answers the one it replaces. */
export async function replaceAvatar(tx: Tx, userId: number, avatar: string | null): Promise<string | null> {
  const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('no key update');
  await tx.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, userId));
  return before?.avatar ?? null;
}

/** Whether another person already has this address. */
export async function emailTakenByOther(db: Executor, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function setEmail(tx: Tx, userId: number, email: string): Promise<void> {
  await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
}

const live = () => and(eq(oneTimeTokens.purpose, 'email_change'), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`));

/** Ends the user's open e-mail change links (a newer request, a cancel, or the change done). */
export async function expireEmailChanges(db: Executor, userId: number): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'email_change'), isNull(oneTimeTokens.usedAt)));
}

/** A new single-use link for moving the user to `email` (kept in the token's payload); only its hash is stored, and older links end. */
export async function issueEmailChange(tx: Tx, { userId, email, ttlMs }: { userId: number; email: string; ttlMs: number }): Promise<{ token: string; expiresAt: Date }> {
  await expireEmailChanges(tx, userId);
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await tx.insert(oneTimeTokens).values({ userId, purpose: 'email_change', tokenHash, expiresAt, payload: { email } });
  return { token, expiresAt };
}

/** The address the user asked to move to, while its link still works. */
export async function pendingEmailChange(db: Executor, userId: number): Promise<{ email: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ payload: oneTimeTokens.payload, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), live()))
    .orderBy(desc(oneTimeTokens.id))
    .limit(1);
  const email = row?.payload?.email;
  return row && email ? { email, expiresAt: row.expiresAt } : undefined;
}

/** Uses the link up, in one statement (two uses at once: one wins): whose it was and the address it names. */
export async function consumeEmailChange(tx: Tx, token: string): Promise<{ userId: number; email: string } | undefined> {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), live()))
    .returning({ userId: oneTimeTokens.userId, payload: oneTimeTokens.payload });
  const email = row?.payload?.email;
  return row && email ? { userId: row.userId, email } : undefined;
}
