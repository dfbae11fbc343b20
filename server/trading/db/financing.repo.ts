import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { AssetClass } from '../../../shared/constants';
import type { Executor, Tx } from './database';
import { assets, plans, benchmarkRates, ledgerEntries, planFinancing, rollovers, swapPoints, tradingAccounts, trades, users, type rolloverTriggers } from './schema';

/** Overnight financing's reads and writes (docs/trading.md#overnight-financing). */

export type RolloverRow = typeof rollovers.$inferSelect;
export type RolloverTrigger = (typeof rolloverTriggers)[number];

/** The rates in force at `at`, keyed as the rollover and `/assets` look them up. */
export async function ratesAt(db: Executor, at: Date) {
  const { benchmarks, points, markups } = await ratesInForceAt(db, at);
  const [fallback] = await db.select({ id: plans.id }).from(plans).where(eq(plans.isDefault, true));
  return {
    /** The plan of a customer with none (docs/customer-area.md#plans). */
    defaultPlanId: fallback?.id ?? null,
    points: new Map(points.map((p) => [p.assetId, p])),
    benchmarks: new Map(benchmarks.map((b) => [b.currency, b.ratePercent])),
    markups: new Map(markups.map((m) => [markupKey(m.planId, m.assetClass), m.markup])),
  };
}
export type RatesAt = Awaited<ReturnType<typeof ratesAt>>;
export const markupKey = (planId: number | null, assetClass: AssetClass) => `${planId ?? 0}:${assetClass}`;

/**
 * Positions open at `at` (opened before it, not closed by it), after `afterId` in id order: closed ones too, when a
 * missed night is run late. With what their charge needs: the account's currency and owner, the owner's plan.
 */
export async function positionsOpenAt(db: Executor, at: Date, { afterId, limit }: { afterId: number; limit: number }) {
  return db
    .select({
      id: trades.id,
      accountId: trades.accountId,
      assetId: trades.assetId,
      side: trades.side,
      units: trades.units,
      lots: trades.lots,
      currency: tradingAccounts.currency,
      userId: tradingAccounts.userId,
      planId: users.planId,
    })
    .from(trades)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, trades.accountId))
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .where(and(gt(trades.id, afterId), sql`${trades.openedAt} < ${at}`, or(isNull(trades.closedAt), sql`${trades.closedAt} > ${at}`)))
    .orderBy(asc(trades.id))
    .limit(limit);
}
export type OpenAtRow = Awaited<ReturnType<typeof positionsOpenAt>>[number];

/** Locks these accounts in id order (as every money path does, so none deadlocks another). */
export async function lockAccounts(tx: Tx, accountIds: readonly number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await tx
    .select({ id: tradingAccounts.id })
    .from(tradingAccounts)
    .where(inArray(tradingAccounts.id, [...accountIds]))
    .orderBy(asc(tradingAccounts.id))
    .for('no key update');
}

/**
 * Which of these swap references are booked already (under the accounts' locks: a concurrent run waits, then sees them),
 * by the ledger's (account, kind, reference) index.
 */
export async function bookedSwapReferences(tx: Tx, entries: readonly { accountId: number; reference: string }[]): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const rows = await tx
    .select({ reference: ledgerEntries.reference })
    .from(ledgerEntries)
    .where(
      and(
        sql`${ledgerEntries.accountId} = any(${sql.param([...new Set(entries.map((e) => e.accountId))])}::integer[])`,
        eq(ledgerEntries.kind, 'swap'),
        sql`${ledgerEntries.reference} = any(${sql.param(entries.map((e) => e.reference))}::text[])`,
      ),
    );
  return new Set(rows.map((r) => r.reference!));
}

/** Adds each amount to its position's running total of `column` (its swap or its dividends so far), in one statement over two arrays. */
export async function addToPositions(tx: Tx, column: 'swap' | 'dividends', amounts: readonly { tradeId: number; amount: string }[]): Promise<void> {
  if (amounts.length === 0) return;
  const ids = amounts.map((a) => a.tradeId);
  const values = amounts.map((a) => a.amount);
  const total = trades[column];
  await tx.execute(
    sql`update ${trades} set ${sql.identifier(total.name)} = ${total} + v.amount from unnest(${sql.param(ids)}::bigint[], ${sql.param(values)}::numeric[]) as v(id, amount) where ${trades.id} = v.id`,
  );
}

/** Of these trades, the ones still open, as rows. */
export async function openTradesAmong(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(trades)
    .where(and(sql`${trades.id} = any(${sql.param([...ids])}::bigint[])`, eq(trades.status, 'open')));
}

/** Claims a day's rollover: the row as it now stands, and whether this call made it. */
export async function claimRollover(db: Executor, values: { day: string; at: Date; trigger: RolloverTrigger; actorId: number | null }): Promise<{ row: RolloverRow; created: boolean }> {
  const [created] = await db.insert(rollovers).values(values).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  const [row] = await db.select().from(rollovers).where(eq(rollovers.day, values.day));
  return { row: row!, created: false };
}

export async function completeRollover(db: Executor, day: string, positions: number): Promise<void> {
  await db
    .update(rollovers)
    .set({ completedAt: sql`now()`, positions: sql`${rollovers.positions} + ${positions}` })
    .where(eq(rollovers.day, day));
}

/** The latest rollover that completed, if any. */
export async function lastCompletedRollover(db: Executor): Promise<RolloverRow | undefined> {
  const [row] = await db.select().from(rollovers).where(isNotNull(rollovers.completedAt)).orderBy(desc(rollovers.at)).limit(1);
  return row;
}

export async function recentRollovers(db: Executor, limit: number): Promise<RolloverRow[]> {
  return db.select().from(rollovers).orderBy(desc(rollovers.day)).limit(limit);
}

export async function findRollover(db: Executor, day: string): Promise<RolloverRow | undefined> {
  const [row] = await db.select().from(rollovers).where(eq(rollovers.day, day));
  return row;
}

/** Each rate in force at `at` (each key's latest row that took effect by then), with when it took effect: what admins see. */
export async function ratesInForceAt(db: Executor, at: Date) {
  const benchmarks = await db
    .selectDistinctOn([benchmarkRates.currency], { currency: benchmarkRates.currency, ratePercent: benchmarkRates.ratePercent, effectiveFrom: benchmarkRates.effectiveFrom })
    .from(benchmarkRates)
    .where(lte(benchmarkRates.effectiveFrom, at))
    .orderBy(benchmarkRates.currency, desc(benchmarkRates.effectiveFrom));
  const points = await db
    .selectDistinctOn([swapPoints.assetId], {
      assetId: swapPoints.assetId,
      symbol: assets.symbol,
      sortOrder: assets.sortOrder,
      longPoints: swapPoints.longPoints,
      shortPoints: swapPoints.shortPoints,
      effectiveFrom: swapPoints.effectiveFrom,
    })
    .from(swapPoints)
    .innerJoin(assets, eq(assets.id, swapPoints.assetId))
    .where(lte(swapPoints.effectiveFrom, at))
    .orderBy(swapPoints.assetId, desc(swapPoints.effectiveFrom));
  const markups = await db
    .selectDistinctOn([planFinancing.planId, planFinancing.assetClass], {
      planId: planFinancing.planId,
      plan: plans.title,
      sortOrder: plans.sortOrder,
      assetClass: planFinancing.assetClass,
      markup: planFinancing.markup,
      effectiveFrom: planFinancing.effectiveFrom,
    })
    .from(planFinancing)
    .innerJoin(plans, eq(plans.id, planFinancing.planId))
    .where(lte(planFinancing.effectiveFrom, at))
    .orderBy(planFinancing.planId, planFinancing.assetClass, desc(planFinancing.effectiveFrom));
  return { benchmarks, points: points.sort((a, b) => a.sortOrder - b.sortOrder), markups: markups.sort((a, b) => a.sortOrder - b.sortOrder) };
}

/** A new rate in force from `at` (the same instant twice: the later wins). */
export async function setBenchmarkRate(db: Executor, values: { currency: string; ratePercent: string; effectiveFrom: Date; setBy: number }): Promise<void> {
  await db
    .insert(benchmarkRates)
    .values(values)
    .onConflictDoUpdate({ target: [benchmarkRates.currency, benchmarkRates.effectiveFrom], set: { ratePercent: values.ratePercent, setBy: values.setBy } });
}

export async function setInstrumentSwapPoints(db: Executor, values: { assetId: number; longPoints: string; shortPoints: string; effectiveFrom: Date; setBy: number }): Promise<void> {
  await db
    .insert(swapPoints)
    .values(values)
    .onConflictDoUpdate({ target: [swapPoints.assetId, swapPoints.effectiveFrom], set: { longPoints: values.longPoints, shortPoints: values.shortPoints, setBy: values.setBy } });
}

export async function setPlanMarkup(db: Executor, values: { planId: number; assetClass: AssetClass; markup: string; effectiveFrom: Date; setBy: number }): Promise<void> {
  await db
    .insert(planFinancing)
    .values(values)
    .onConflictDoUpdate({ target: [planFinancing.planId, planFinancing.assetClass, planFinancing.effectiveFrom], set: { markup: values.markup, setBy: values.setBy } });
}

/** A swap entry's night and trade, from its reference (`swap:{trade}:{day}`). */
const entryDay = sql<string>`split_part(${ledgerEntries.reference}, ':', 3)`;
const entryTrade = sql`split_part(${ledgerEntries.reference}, ':', 2)::bigint`;
const charged = sql<string>`-sum(least(${ledgerEntries.amount}, 0))`;
const credited = sql<string>`sum(greatest(${ledgerEntries.amount}, 0))`;
const positionsBooked = sql<number>`count(*)::int`;

/** What the rollovers booked per night and account currency, for the nights from `since` (a day, 'YYYY-MM-DD'). */
export async function financingByNight(db: Executor, since: string) {
  return db
    .select({ day: entryDay, currency: tradingAccounts.currency, charged, credited, positions: positionsBooked })
    .from(ledgerEntries)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEntries.kind, 'swap'), sql`${entryDay} >= ${since}`))
    .groupBy(entryDay, tradingAccounts.currency)
    .orderBy(desc(entryDay), tradingAccounts.currency);
}

/** One night's bookings per instrument, the customer's plan now (none: the default plan) and account currency. */
export async function financingByInstrument(db: Executor, day: string) {
  const plan = sql<string>`coalesce(${plans.title}, (select title from plans where is_default))`;
  return db
    .select({ symbol: assets.symbol, plan, currency: tradingAccounts.currency, charged, credited, positions: positionsBooked })
    .from(ledgerEntries)
    .innerJoin(trades, sql`${trades.id} = ${entryTrade}`)
    .innerJoin(assets, eq(assets.id, trades.assetId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.accountId))
    .innerJoin(users, eq(users.id, tradingAccounts.userId))
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(and(eq(ledgerEntries.kind, 'swap'), sql`${entryDay} = ${day}`))
    .groupBy(assets.symbol, plan, tradingAccounts.currency)
    .orderBy(assets.symbol, plan, tradingAccounts.currency);
}

/** A commission entry's UTC day and trade, from its reference (`open:{trade}` or `close:{trade}`). */
const commissionDay = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const commissionTrade = sql`split_part(${ledgerEntries.reference}, ':', 2)::bigint`;
const sides = sql<number>`count(*)::int`;

/** The commissions booked per UTC day and account currency, from `since` (a day, 'YYYY-MM-DD'). */
export async function commissionsByDay(db: Executor, since: string) {
  return db
    .select({ day: commissionDay, currency: tradingAccounts.currency, charged, sides })
    .from(ledgerEntries)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerEntries.kind, 'commission'), sql`${ledgerEntries.createdAt} >= ${since}::date`))
    .groupBy(commissionDay, tradingAccounts.currency)
    .orderBy(desc(commissionDay), tradingAccounts.currency);
}

/** One UTC day's commissions per instrument, the account's plan (none: the default plan) and account currency. */
export async function commissionsByInstrument(db: Executor, day: string) {
  const plan = sql<string>`coalesce(${plans.title}, (select title from plans where is_default))`;
  return db
    .select({ symbol: assets.symbol, plan, currency: tradingAccounts.currency, charged, sides })
    .from(ledgerEntries)
    .innerJoin(trades, sql`${trades.id} = ${commissionTrade}`)
    .innerJoin(assets, eq(assets.id, trades.assetId))
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.accountId))
    .leftJoin(plans, eq(plans.id, tradingAccounts.planId))
    .where(and(eq(ledgerEntries.kind, 'commission'), sql`${commissionDay} = ${day}`))
    .groupBy(assets.symbol, plan, tradingAccounts.currency)
    .orderBy(assets.symbol, plan, tradingAccounts.currency);
}

/** The latest night a swap was booked for, if any. */
export async function latestBookedNight(db: Executor): Promise<string | undefined> {
  const [row] = await db
    .select({ day: sql<string | null>`max(${entryDay})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.kind, 'swap'));
  return row?.day ?? undefined;
}
