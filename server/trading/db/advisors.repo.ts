import { and, asc, count, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { advisorRatings, expertAdvisors, ownedExpertAdvisors, planExpertAdvisors, users } from './schema';

/**
 * The expert-advisor catalogue and who has what of it: plan inclusion, ownership and a monthly
 * advisor's paid periods, install counts, and the renewals that are due.
 */

export type AdvisorRow = typeof expertAdvisors.$inferSelect;
export type OwnershipRow = typeof ownedExpertAdvisors.$inferSelect;

const catalogueOrder = [asc(expertAdvisors.sortOrder), asc(expertAdvisors.id)];

export async function findAdvisor(db: Executor, id: number): Promise<AdvisorRow | undefined> {
  const [row] = await db.select().from(expertAdvisors).where(eq(expertAdvisors.id, id));
  return row;
}

/** Every advisor, in the catalogue's order. */
export async function advisorRows(db: Executor): Promise<AdvisorRow[]> {
  return db
    .select()
    .from(expertAdvisors)
    .orderBy(...catalogueOrder);
}

/** Every advisor in the catalogue's order, with its real install count (owners, whether paid up or not). */
export async function advisorsWithInstalls(db: Executor): Promise<{ advisor: AdvisorRow; downloads: number }[]> {
  const installs = db
    .select({ id: ownedExpertAdvisors.expertAdvisorId, n: count().as('n') })
    .from(ownedExpertAdvisors)
    .groupBy(ownedExpertAdvisors.expertAdvisorId)
    .as('installs');
  const rows = await db
    .select({ advisor: expertAdvisors, downloads: installs.n })
    .from(expertAdvisors)
    .leftJoin(installs, eq(installs.id, expertAdvisors.id))
    .orderBy(...catalogueOrder);
  return rows.map(({ advisor, downloads }) => ({ advisor, downloads: Number(downloads ?? 0) }));
}

/** An ownership that counts now: bought for good, or a monthly one inside its paid month. */
const paidUp = or(isNull(ownedExpertAdvisors.paidUntil), gt(ownedExpertAdvisors.paidUntil, sql`now()`));

/** The advisors the customer owns and may use now (bought for good, or paid up). */
export async function paidUpAdvisorIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: ownedExpertAdvisors.expertAdvisorId })
    .from(ownedExpertAdvisors)
    .where(and(eq(ownedExpertAdvisors.userId, userId), paidUp));
  return rows.map((r) => r.id);
}

/** The advisors the customer's plan includes. */
export async function planAdvisorIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.select({ id: planExpertAdvisors.expertAdvisorId }).from(planExpertAdvisors).innerJoin(users, eq(users.planId, planExpertAdvisors.planId)).where(eq(users.id, userId));
  return rows.map((r) => r.id);
}

/** When each advisor the customer owns is paid until (null: owned for good), lapsed ones included. */
export async function paidPeriodsOf(db: Executor, userId: number): Promise<Map<number, Date | null>> {
  const rows = await db.select({ id: ownedExpertAdvisors.expertAdvisorId, paidUntil: ownedExpertAdvisors.paidUntil }).from(ownedExpertAdvisors).where(eq(ownedExpertAdvisors.userId, userId));
  return new Map(rows.map((r) => [r.id, r.paidUntil]));
}

/** Records the customer's ownership of the advisor, replacing an earlier (lapsed) one: a new period, not lapsed. */
export async function saveOwnership(
  db: Executor,
  { userId, advisorId, ledgerEntryId, paidUntil, acquiredAt }: { userId: number; advisorId: number; ledgerEntryId: number | null; paidUntil: Date | null; acquiredAt: Date },
): Promise<void> {
  const ownership = { ledgerEntryId, paidUntil, lapsedAt: null, acquiredAt };
  await db
    .insert(ownedExpertAdvisors)
    .values({ userId, expertAdvisorId: advisorId, ...ownership })
    .onConflictDoUpdate({ target: [ownedExpertAdvisors.userId, ownedExpertAdvisors.expertAdvisorId], set: ownership });
}

/** Ownerships whose paid period ends by `horizon` and that have not lapsed, with their advisors (at most 500 at a time). */
export async function renewalsDue(db: Executor, horizon: Date): Promise<{ userId: number; advisor: AdvisorRow }[]> {
  return db
    .select({ userId: ownedExpertAdvisors.userId, advisor: expertAdvisors })
    .from(ownedExpertAdvisors)
    .innerJoin(expertAdvisors, eq(expertAdvisors.id, ownedExpertAdvisors.expertAdvisorId))
    .where(and(lte(ownedExpertAdvisors.paidUntil, horizon), isNull(ownedExpertAdvisors.lapsedAt)))
    .limit(500);
}

const ownershipOf = (userId: number, advisorId: number) => and(eq(ownedExpertAdvisors.userId, userId), eq(ownedExpertAdvisors.expertAdvisorId, advisorId));

/** The customer's ownership of the advisor, locked `for update` for the rest of the transaction. */
export async function lockOwnership(tx: Tx, userId: number, advisorId: number): Promise<OwnershipRow | undefined> {
  const [row] = await tx.select().from(ownedExpertAdvisors).where(ownershipOf(userId, advisorId)).for('update');
  return row;
}

/** Marks the ownership lapsed (a renewal found too little balance). */
export async function markOwnershipLapsed(db: Executor, { userId, advisorId, at }: { userId: number; advisorId: number; at: Date }): Promise<void> {
  await db.update(ownedExpertAdvisors).set({ lapsedAt: at }).where(ownershipOf(userId, advisorId));
}

/** Moves the ownership's paid period on to `paidUntil`, paid by `ledgerEntryId`. */
export async function extendOwnership(
  db: Executor,
  { userId, advisorId, paidUntil, ledgerEntryId }: { userId: number; advisorId: number; paidUntil: Date; ledgerEntryId: number | null },
): Promise<void> {
  await db.update(ownedExpertAdvisors).set({ paidUntil, ledgerEntryId }).where(ownershipOf(userId, advisorId));
}

/**
 * Saves a customer's stars for an advisor (rating again replaces them) and sets the advisor's average and count from
 * every rating. The advisor's row is locked first, so ratings given at once each count in the average.
 */
export async function saveRating(tx: Tx, { userId, advisorId, stars }: { userId: number; advisorId: number; stars: number }): Promise<{ rating: string; ratingsCount: number }> {
  await tx.select({ id: expertAdvisors.id }).from(expertAdvisors).where(eq(expertAdvisors.id, advisorId)).for('update');
  await tx
    .insert(advisorRatings)
    .values({ userId, expertAdvisorId: advisorId, stars })
    .onConflictDoUpdate({ target: [advisorRatings.userId, advisorRatings.expertAdvisorId], set: { stars, ratedAt: new Date() } });
  const ofAdvisor = sql`from ${advisorRatings} where ${advisorRatings.expertAdvisorId} = ${advisorId}`;
  const [row] = await tx
    .update(expertAdvisors)
    .set({ rating: sql`(select coalesce(round(avg(${advisorRatings.stars}), 1), 0) ${ofAdvisor})`, ratingsCount: sql`(select count(*) ${ofAdvisor})` })
    .where(eq(expertAdvisors.id, advisorId))
    .returning({ rating: expertAdvisors.rating, ratingsCount: expertAdvisors.ratingsCount });
  return row!;
}

/** The stars this customer gave, by advisor. */
export async function ratingsBy(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db.select({ advisorId: advisorRatings.expertAdvisorId, stars: advisorRatings.stars }).from(advisorRatings).where(eq(advisorRatings.userId, userId));
  return new Map(rows.map((row) => [row.advisorId, row.stars]));
}
