import type { AssetClass } from '../../../shared/constants';
import { schedules, type Schedule, type ScheduleId } from '../../../shared/trading/hours';
import type { SpreadSpec } from '../../../shared/trading/prices';
import { Money } from '../../../shared/money';
import type { Executor } from '../db/database';
import { allAssets, assetById, type AssetRow } from '../db/instruments.repo';

/** An instrument as the engine uses it: catalogue facts, parsed once. */
export interface Instrument {
  id: number;
  symbol: string;
  name: string;
  shortKey: string;
  assetClass: AssetClass;
  category: string;
  baseCurrency: string | null;
  quoteCurrency: string;
  digits: number;
  contractSize: string;
  spread: SpreadSpec;
  maxDeviation: string;
  regulatoryCap: number;
  schedule: Schedule;
  tvSymbol: string;
  image: string;
  seedPrice: string;
  volatility: number;
  /** Listed and open for new orders. */
  enabled: boolean;
}

export async function loadInstruments(db: Executor): Promise<Instrument[]> {
  // Disabled instruments stay loaded: open trades on them must still price and close; they take no new orders.
  return (await allAssets(db)).map(instrumentOf);
}

/** One instrument as it is stored now (after an admin changed it: docs/back-office.md#instruments). */
export async function loadInstrument(db: Executor, id: number): Promise<Instrument | undefined> {
  const row = await assetById(db, id);
  return row ? instrumentOf(row) : undefined;
}

function instrumentOf(row: AssetRow): Instrument {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    shortKey: row.shortKey,
    assetClass: row.assetClass as AssetClass,
    category: row.category,
    baseCurrency: row.baseCurrency,
    quoteCurrency: row.quoteCurrency,
    digits: row.digits,
    contractSize: row.contractSize,
    spread: { buySpread: row.buySpread, sellSpread: row.sellSpread, digits: row.digits },
    maxDeviation: row.maxDeviation,
    regulatoryCap: row.regulatoryLeverageCap,
    schedule: schedules[row.schedule as ScheduleId] ?? schedules.default,
    tvSymbol: row.tvSymbol,
    image: row.image,
    seedPrice: new Money(row.seedPrice).toFixed(row.digits),
    volatility: Number(row.volatility),
    enabled: row.enabled,
  };
}
