import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from './database';
import { assets, dividends, trades, tradingAccounts } from './schema';

/** Dividends staff enter and the adjustments booked for them (docs/trading.md#dividends). */

export type DividendRow = typeof dividends.$inferSelect;

export async function insertDividend(tx: Tx, values: { assetId: number; exDate: string; amount: string; longPercent: string; createdBy: number }): Promise<DividendRow | undefined> {
  const [row] = await tx.insert(dividends).values(values).onConflictDoNothing().returning();
  return row;
}

/** The newest dividends first (by ex-date), with their instruments' symbols. */
export async function recentDividends(db: Executor, limit: number) {
  return db.select({ dividend: dividends, symbol: assets.symbol }).from(dividends).innerJoin(assets, eq(assets.id, dividends.assetId)).orderBy(desc(dividends.exDate), asc(assets.symbol)).limit(limit);
}

/** Dividends not booked yet whose ex-date has come (by UTC date; the job checks each one's open). */
export async function unbookedDividendsUpTo(db: Executor, day: string): Promise<DividendRow[]> {
  return db
    .select()
    .from(dividends)
    .where(and(isNull(dividends.bookedAt), sql`${dividends.exDate} <= ${day}`))
    .orderBy(asc(dividends.exDate), asc(dividends.id));
}

/** The dividend, locked for booking: a second booking waits, then finds it booked. */
export async function lockDividend(tx: Tx, id: number): Promise<DividendRow | undefined> {
  const [row] = await tx.select().from(dividends).where(eq(dividends.id, id)).for('update');
  return row;
}

export async function markDividendBooked(tx: Tx, id: number, positions: number): Promise<void> {
  await tx
    .update(dividends)
    .set({ bookedAt: sql`now()`, positions })
    .where(eq(dividends.id, id));
}

/** The positions in an instrument held at `at` (opened before it, not closed by then), with their accounts' currency and owner. */
export async function positionsHeldAt(db: Executor, assetId: number, at: Date) {
  return db
    .select({ id: trades.id, accountId: trades.accountId, side: trades.side, units: trades.units, currency: tradingAccounts.currency, userId: tradingAccounts.userId })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
    .where(and(eq(trades.assetId, assetId), sql`${trades.openedAt} < ${at}`, sql`(${trades.closedAt} is null or ${trades.closedAt} > ${at})`))
    .orderBy(asc(trades.accountId), asc(trades.id));
}
