import { periodMs } from '../../../shared/trading/timeframes';
import type { Logger } from '../../logger';
import type { Bus } from '../bus';
import { candleCountsSince, latestCandlesSince, latestCloses } from '../db/candles.repo';
import type { AppDb } from '../db/database';
import { ensureHistory } from './history';
import { loadInstrument, loadInstruments, type Instrument } from './instruments';
import { TradingConditions } from './conditions';
import { createMarket, type Market } from './market';
import type { PriceSource } from './price-source';
import { PriceSimulator } from './simulator';

const dayMs = 86_400_000;

/**
 * Loads the catalogue and builds the market on `source` (the simulator unless one is given), resuming
 * each instrument at its last stored close and with its 24-hour figures from stored five-minute
 * candles (made up, and marked synthetic, on an empty database). The caller starts and stops it.
 */
export async function openMarket({
  db,
  bus,
  source,
  now = () => new Date(),
  dayFigures = true,
  logger,
}: {
  db: AppDb;
  bus: Bus;
  source?: (instruments: readonly Instrument[], startPrices: ReadonlyMap<number, string>) => PriceSource;
  now?: () => Date;
  /** Load (or make) the 24-hour history; tests that do not look at it skip the work. */
  dayFigures?: boolean;
  /** Where a failed reload of what an admin changed is told (the market keeps what it had). */
  logger?: Pick<Logger, 'error'>;
}): Promise<Market> {
  const reloadFailed = (what: string) => (error: unknown) => logger?.error({ err: error }, `market: reading the changed ${what} failed; the previous stay in use`);
  const instruments = await loadInstruments(db);
  const startPrices = await latestCloses(db);
  const priceSource = source ? source(instruments, startPrices) : new PriceSimulator({ instruments, startPrices });
  const market = createMarket({ instruments, source: priceSource, bus, startPrices, now, conditions: await TradingConditions.load(db) });
  bus.subscribe('instrument.changed', ({ assetId }) => {
    void loadInstrument(db, assetId).then((next) => next && market.replaceInstrument(next), reloadFailed('instrument'));
  });
  // Readings may finish out of order: only the latest one asked for is put in place.
  let reading = 0;
  bus.subscribe('conditions.changed', () => {
    const mine = ++reading;
    void TradingConditions.load(db).then((next) => mine === reading && market.replaceConditions(next), reloadFailed('trading conditions'));
  });
  if (dayFigures) await seedDayFigures(db, market);
  return market;
}

/**
 * The 24-hour figures start from the last day of trading in stored five-minute candles, so a market
 * that is closed now (a weekend) still shows its last session's range and change.
 */
async function seedDayFigures(db: AppDb, market: Market): Promise<void> {
  const at = market.now().getTime();
  const perDay = dayMs / periodMs.M5;
  const since = new Date(at - 7 * dayMs);
  const have = await candleCountsSince(db, 'M5', since);
  for (const instrument of market.instruments) {
    const missing = perDay - (have.get(instrument.id) ?? 0);
    if (missing <= 0) continue;
    await ensureHistory(db, { instrument, timeframe: 'M5', from: since.getTime(), count: missing, now: at, currentMid: market.quotes.get(instrument.id)!.mid });
  }
  const rows = await latestCandlesSince(db, { timeframe: 'M5', since, perAsset: perDay });
  const byAsset = new Map<number, { start: number; open: number; high: number; low: number; ticks: number }[]>();
  for (const row of rows) {
    let list = byAsset.get(row.assetId);
    if (!list) byAsset.set(row.assetId, (list = []));
    list.push({ start: row.openTime.getTime(), open: Number(row.open), high: Number(row.high), low: Number(row.low), ticks: row.ticks });
  }
  for (const [assetId, history] of byAsset) market.quotes.seedDay(assetId, history);
}
