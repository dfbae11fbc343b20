import type { Config } from '../config';
import type { Logger } from '../logger';
import type { Bus } from '../trading/bus';
import type { AppDb } from '../trading/db/database';
import type { Instrument } from '../trading/market/instruments';
import { createMarket, type Market } from '../trading/market/market';
import { RelayedPriceSource, relayedTo, SwitchingPriceSource, type PriceSource } from '../trading/market/price-source';
import { openMarket } from '../trading/market/start';
import { openPriceSource, type Drivers } from './drivers';
import type { LeaderJob } from './leadership';

export interface MarketOptions {
  /** Where the leader's prices come from instead of the configured driver (tests set them by hand). */
  priceSource?: PriceSource;
  /** The catalogue the market runs on instead of the database's (benchmarks scale it up). */
  instruments?: readonly Instrument[];
  /** The market's clock. */
  now?: () => Date;
  /** Load (or make) the 24-hour figures at start (default true; tests that do not look at them skip the work). */
  dayFigures?: boolean;
}

/**
 * The market of one trading process, started on the leader's relayed prices, and the leader job that
 * switches it to the real source (relaying what it applies to the others) and back. A process that heard
 * the last leader's prices carries on from them when it takes over; otherwise from the stored closes.
 */
export async function followLeaderPrices({
  config,
  drivers,
  db,
  bus,
  logger,
  options,
}: {
  config: Config;
  drivers: Pick<Drivers, 'prices'>;
  db: AppDb;
  bus: Bus;
  logger: Logger;
  options: MarketOptions;
}): Promise<{ market: Market; job: LeaderJob<'prices'>; close(): Promise<void> }> {
  const source = new SwitchingPriceSource();
  let storedCloses: ReadonlyMap<number, string> = new Map();
  const market = options.instruments
    ? createMarket({ instruments: options.instruments, source, bus, startPrices: storedCloses, now: options.now })
    : await openMarket({
        db,
        bus,
        now: options.now,
        dayFigures: options.dayFigures,
        logger,
        source: (_instruments, closes) => {
          storedCloses = closes;
          return source;
        },
      });
  await source.use(new RelayedPriceSource(bus));
  market.start();

  let hasRelayedPrices = false;
  const heard = bus.subscribe('market.ticks', () => (hasRelayedPrices = true));
  const current = () => (hasRelayedPrices ? new Map(market.instruments.map((i) => [i.id, market.quotes.get(i.id)!.mid])) : new Map<number, string>());
  const leaderSource = (from: ReadonlyMap<number, string>) =>
    options.priceSource ?? openPriceSource(drivers.prices, { config, instruments: market.instruments, startPrices: from.size > 0 ? from : storedCloses, logger });
  return {
    market,
    job: {
      name: 'prices',
      start: () => source.use(relayedTo(bus, leaderSource(current()))),
      stop: () => source.use(new RelayedPriceSource(bus)),
    },
    async close() {
      heard();
      await market.stop();
    },
  };
}
