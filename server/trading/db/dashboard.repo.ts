import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql, sum } from 'drizzle-orm';
import type { AssetClass } from '../../../shared/constants';
import { builtOnce } from './built-once';
import type { Executor } from './database';
import { assetClasses, assets, candles, ledgerEntries, openExposure, tradingAccounts } from './schema';

/**
 * The dashboard's reads (docs/customer-area.md#dashboard). Each series is one statement, bounded by one
 * account (or the customer's few) and a start date; days are whole days in UTC.
 */

/** The range's first moment, bound as a timestamp (each statement below is built once: docs/operations.md#prepared-statements). */
const rangeFrom = sql`${sql.placeholder('since')}::timestamptz`;

const dailyRealizedPnlQuery = builtOnce('daily_realized_pnl', (db) => {
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({ day, amount: sql<string>`sum(${ledgerEntries.amount})::numeric(20,2)::text`, closes: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, sql.placeholder('accountId')), eq(ledgerEntries.kind, 'realized_pnl'), gte(ledgerEntries.createdAt, rangeFrom)))
    .groupBy(day)
    .orderBy(day);
});

/** An account's realised P/L per UTC day since `from`: the sum of its `realized_pnl` entries and how many closes booked them (days with a close only). */
export async function dailyRealizedPnl(db: Executor, { accountId, from }: { accountId: number; from: Date }) {
  return dailyRealizedPnlQuery(db).execute({ accountId, since: from.toISOString() });
}

const dailyBalancesQuery = builtOnce('daily_balances', (db) => {
  const day = sql<string>`to_char(greatest(${ledgerEntries.createdAt}, ${rangeFrom}) at time zone 'UTC', 'YYYY-MM-DD')`;
  const lastBefore = sql`(select max(e.id) from ${ledgerEntries} e where e.account_id = ${sql.placeholder('accountId')} and e.bucket = 'balance' and e.created_at < ${rangeFrom})`;
  const entries = db
    .select({ day: day.as('day'), balance: ledgerEntries.balanceAfter, id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.accountId, sql.placeholder('accountId')), eq(ledgerEntries.bucket, 'balance'), or(gte(ledgerEntries.createdAt, rangeFrom), eq(ledgerEntries.id, lastBefore))))
    .as('entries');
  // DISTINCT ON over the subquery's column: the day's expression carries a parameter, which cannot be repeated in ORDER BY.
  return db.selectDistinctOn([entries.day], { day: entries.day, balance: entries.balance }).from(entries).orderBy(entries.day, desc(entries.id));
});

/**
 * An account's balance (the `balance` bucket's running total, `balance_after`) at the end of each UTC day
 * since `from` on which it changed. The last entry before `from` counts as the first day's opening, so the
 * first day has its figure even when nothing happened on it; days without entries are not listed (the
 * balance did not change).
 */
export async function dailyBalances(db: Executor, { accountId, from }: { accountId: number; from: Date }) {
  return dailyBalancesQuery(db).execute({ accountId, since: from.toISOString() });
}

/** The customer's (`userId`) Live accounts: real money only, demo play money is never summed with it nor listed. */
const customersLive = () => and(eq(tradingAccounts.userId, sql.placeholder('userId')), eq(tradingAccounts.type, 'live'));

const openMarginByClassQuery = builtOnce('open_margin_by_class', (db) =>
  db
    .select({
      accountId: openExposure.accountId,
      assetClass: sql<AssetClass>`${assets.assetClass}`,
      label: assetClasses.label,
      margin: sql<string>`${sum(openExposure.margin)}::text`,
      positions: sql<number>`sum(${openExposure.positions})::int`,
    })
    .from(openExposure)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, openExposure.accountId))
    .innerJoin(assets, eq(assets.id, openExposure.assetId))
    .innerJoin(assetClasses, eq(assetClasses.id, assets.assetClass))
    .where(and(customersLive(), gt(openExposure.positions, 0)))
    .groupBy(openExposure.accountId, assets.assetClass, assetClasses.label, assetClasses.sortOrder)
    .orderBy(asc(assetClasses.sortOrder)),
);

/** Margin held by open positions per Live account of the customer and asset class (from the open totals the triggers keep). */
export async function openMarginByClass(db: Executor, userId: number) {
  return openMarginByClassQuery(db).execute({ userId });
}

const latestMovementsQuery = builtOnce('latest_movements', (db) =>
  db
    .select({
      id: ledgerEntries.id,
      accountNumber: tradingAccounts.number,
      currency: tradingAccounts.currency,
      kind: ledgerEntries.kind,
      bucket: ledgerEntries.bucket,
      amount: ledgerEntries.amount,
      memo: ledgerEntries.memo,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(tradingAccounts, eq(tradingAccounts.id, ledgerEntries.accountId))
    .where(customersLive())
    .orderBy(desc(ledgerEntries.id))
    .limit(sql.placeholder('limit')),
);

/** The latest ledger entries of the customer's Live accounts, newest first. */
export async function latestMovements(db: Executor, { userId, limit }: { userId: number; limit: number }) {
  return latestMovementsQuery(db).execute({ userId, limit });
}

/** Each instrument's first recorded (not synthetic) price at or after `since` (a UTC midnight): the open of its earliest minute candle, and when. */
export async function firstRecordedPrices(db: Executor, { assetIds, since }: { assetIds: readonly number[]; since: Date }): Promise<Map<number, { price: string; at: Date }>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([candles.assetId], { assetId: candles.assetId, open: candles.open, openTime: candles.openTime })
    .from(candles)
    .where(and(inArray(candles.assetId, [...assetIds]), eq(candles.timeframe, 'M1'), gte(candles.openTime, since), eq(candles.synthetic, false)))
    .orderBy(candles.assetId, asc(candles.openTime));
  return new Map(rows.map((row) => [row.assetId, { price: row.open, at: row.openTime }]));
}

/** Each instrument's last recorded daily close before `before` (a UTC midnight); synthetic history is no close anyone saw, so it is skipped. */
export async function previousDailyCloses(db: Executor, { assetIds, before }: { assetIds: readonly number[]; before: Date }): Promise<Map<number, string>> {
  if (assetIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([candles.assetId], { assetId: candles.assetId, close: candles.close })
    .from(candles)
    .where(and(inArray(candles.assetId, [...assetIds]), eq(candles.timeframe, 'D1'), lt(candles.openTime, before), eq(candles.synthetic, false)))
    .orderBy(candles.assetId, desc(candles.openTime));
  return new Map(rows.map((row) => [row.assetId, row.close]));
}
