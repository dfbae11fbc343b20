import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Timeframe } from '../../../shared/trading/timeframes';
import type { Executor } from './database';
import { candles } from './schema';

export type CandleRow = typeof candles.$inferSelect;
export type NewCandle = typeof candles.$inferInsert;

/**
 * Candles go in as one JSON parameter per batch, unpacked by the database: far cheaper than building
 * a statement per row (a first start writes tens of thousands of them).
 */
function batches(rows: readonly NewCandle[]) {
  const out = [];
  for (let i = 0; i < rows.length; i += 2_000) {
    out.push(
      JSON.stringify(
        rows.slice(i, i + 2_000).map((r) => ({
          asset_id: r.assetId,
          timeframe: r.timeframe,
          open_time: r.openTime.toISOString(),
          open: r.open,
          high: r.high,
          low: r.low,
          close: r.close,
          ticks: r.ticks ?? 0,
          synthetic: r.synthetic ?? false,
        })),
      ),
    );
  }
  return out;
}

const fromJson = (json: string) => sql`
  select * from json_to_recordset(${json}::json) as x(
    asset_id int, timeframe text, open_time timestamptz, open numeric, high numeric, low numeric, close numeric, ticks int, synthetic boolean)`;

/** Writes candles; a period already stored keeps its open and widens its range, and takes the newer close. */
export async function upsertCandles(db: Executor, rows: readonly NewCandle[]): Promise<void> {
  for (const json of batches(rows)) {
    await db.execute(sql`
      insert into candles (asset_id, timeframe, open_time, open, high, low, close, ticks, synthetic)
      ${fromJson(json)}
      on conflict (asset_id, timeframe, open_time) do update set
        high = greatest(candles.high, excluded.high),
        low = least(candles.low, excluded.low),
        close = excluded.close,
        ticks = greatest(candles.ticks, excluded.ticks),
        synthetic = candles.synthetic and excluded.synthetic`);
  }
}

/** Synthetic history only fills gaps: it never overwrites a stored candle. */
export async function insertHistory(db: Executor, rows: readonly NewCandle[]): Promise<void> {
  for (const json of batches(rows)) {
    await db.execute(sql`
      insert into candles (asset_id, timeframe, open_time, open, high, low, close, ticks, synthetic)
      ${fromJson(json)}
      on conflict do nothing`);
  }
}

export async function candlesBetween(db: Executor, { assetId, timeframe, from, to, limit }: { assetId: number; timeframe: Timeframe; from: Date; to: Date; limit: number }): Promise<CandleRow[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.assetId, assetId), eq(candles.timeframe, timeframe), gte(candles.openTime, from), lte(candles.openTime, to)))
    .orderBy(desc(candles.openTime))
    .limit(limit);
  return rows.reverse();
}

export async function oldestCandle(db: Executor, assetId: number, timeframe: Timeframe): Promise<CandleRow | undefined> {
  const [row] = await db
    .select()
    .from(candles)
    .where(and(eq(candles.assetId, assetId), eq(candles.timeframe, timeframe)))
    .orderBy(asc(candles.openTime))
    .limit(1);
  return row;
}

/** The latest close per instrument (where the simulator resumes after a restart). */
export async function latestCloses(db: Executor): Promise<Map<number, string>> {
  const rows = await db
    .selectDistinctOn([candles.assetId], { assetId: candles.assetId, close: candles.close })
    .from(candles)
    .where(eq(candles.timeframe, 'M1'))
    .orderBy(candles.assetId, desc(candles.openTime));
  return new Map(rows.map((r) => [r.assetId, r.close]));
}

export async function pruneCandles(db: Executor, timeframe: Timeframe, before: Date): Promise<void> {
  await db.delete(candles).where(and(eq(candles.timeframe, timeframe), lt(candles.openTime, before)));
}

/** How many candles of `timeframe` each instrument has since `since`. */
export async function candleCountsSince(db: Executor, timeframe: Timeframe, since: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ assetId: candles.assetId, n: count() })
    .from(candles)
    .where(and(eq(candles.timeframe, timeframe), gte(candles.openTime, since)))
    .groupBy(candles.assetId);
  return new Map(rows.map((row) => [row.assetId, row.n]));
}

/** Each instrument's latest `perAsset` candles of `timeframe` since `since`, oldest first. */
export async function latestCandlesSince(db: Executor, { timeframe, since, perAsset }: { timeframe: Timeframe; since: Date; perAsset: number }) {
  const ranked = db
    .select({
      assetId: candles.assetId,
      openTime: candles.openTime,
      open: candles.open,
      high: candles.high,
      low: candles.low,
      ticks: candles.ticks,
      rank: sql<number>`row_number() over (partition by ${candles.assetId} order by ${candles.openTime} desc)`.as('rank'),
    })
    .from(candles)
    .where(and(eq(candles.timeframe, timeframe), gte(candles.openTime, since)))
    .as('ranked');
  return db.select().from(ranked).where(lte(ranked.rank, perAsset)).orderBy(asc(ranked.openTime));
}

/** The mid an instrument closed its minute (else its hour) at `at`, from stored candles, or undefined. */
export async function candleCloseAt(db: Executor, assetId: number, at: Date): Promise<string | undefined> {
  const dayBefore = new Date(at.getTime() - 86_400_000);
  const [row] = await db
    .select({ close: candles.close })
    .from(candles)
    .where(and(eq(candles.assetId, assetId), inArray(candles.timeframe, ['M1', 'H1']), lte(candles.openTime, at), gt(candles.openTime, dayBefore)))
    .orderBy(sql`${candles.timeframe} = 'M1' desc`, desc(candles.openTime))
    .limit(1);
  return row?.close;
}
