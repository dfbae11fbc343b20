import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { loadInstruments } from './instruments';
import { createMarket, type Market } from './market';
import type { PriceSource } from './price-source';
import { PriceSimulator } from './simulator';

/**
 * Loads the catalogue and builds the market on `source` (the simulator unless one is given). The
 * caller starts and stops it. Prices start from the catalogue's seed prices.
 */
export async function openMarket({
  db,
  bus,
  source,
  now,
}: {
  db: AppDb;
  bus: Bus;
  source?: (instruments: Awaited<ReturnType<typeof loadInstruments>>, startPrices: ReadonlyMap<number, string>) => PriceSource;
  now?: () => Date;
}): Promise<Market> {
  const instruments = await loadInstruments(db);
  const startPrices = new Map<number, string>();
  const priceSource = source ? source(instruments, startPrices) : new PriceSimulator({ instruments, startPrices });
  return createMarket({ instruments, source: priceSource, bus, startPrices, ...(now ? { now } : {}) });
}
