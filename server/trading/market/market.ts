import { conversionRate } from '../../../shared/trading/conversion';
import type Decimal from 'decimal.js';
import { Money } from '../../../shared/money';
import { isMarketOpen } from '../../../shared/trading/hours';
import type { Bus } from '../bus';
import type { Instrument } from './instruments';
import type { PriceSource } from './price-source';
import { CandleBook } from './candles';
import { QuoteBook, widenQuote, type LiveQuote } from './quote-book';
import { TradingConditions, type Group } from './conditions';

export interface Market {
  readonly instruments: readonly Instrument[];
  instrument(id: number): Instrument | undefined;
  /** The raw quotes (the instruments' own spreads); what a customer sees and trades at is their group's (`quoteFor`). */
  readonly quotes: QuoteBook;
  /** The plans' trading conditions as client groups (docs/trading.md#trading-conditions). */
  readonly conditions: TradingConditions;
  /** The client group of an account or customer on this plan (null: the default plan's). */
  groupOf(planId: number | null): Group;
  /** An instrument's quote as a client group sees and trades it: the raw one widened by the group's markup. */
  quoteFor(assetId: number, group: Group): LiveQuote | undefined;
  /** The quote an account (or customer) trades at: its plan's group's. */
  quoteOf(assetId: number, holder: { planId: number | null }): LiveQuote | undefined;
  /** A raw quote (one tick's, kept by a job that runs later) as a client group sees it. */
  widen(raw: LiveQuote, group: Group): LiveQuote;
  /** The conditions an admin changed, read again: quotes and commissions use them from the next request and tick. */
  replaceConditions(conditions: TradingConditions): void;
  /** The candles being built from this process's quotes (the recorder writes them). */
  readonly candles: CandleBook;
  now(): Date;
  isOpen(instrument: Instrument, at?: Date): boolean;
  /** Units of `to` per one unit of `from`, from live FX mids (directly or through USD). */
  conversion(from: string, to: string): Decimal;
  start(): void;
  stop(): Promise<void>;
  /** An instrument changed by an admin (enabled, spreads, hours): the engine, the quotes and the catalogue use it from now on. */
  replaceInstrument(instrument: Instrument): void;
}

/** The live market of one trading process: instruments, their quotes, and the source that moves them. */
export function createMarket({
  instruments,
  source,
  bus,
  startPrices,
  conditions: initialConditions = TradingConditions.raw(),
  now = () => new Date(),
}: {
  instruments: readonly Instrument[];
  source: PriceSource;
  bus: Bus;
  startPrices: ReadonlyMap<number, string>;
  conditions?: TradingConditions;
  now?: () => Date;
}): Market {
  let conditions = initialConditions;
  const byId = new Map(instruments.map((i) => [i.id, i]));
  const list = [...instruments];
  const quotes = new QuoteBook(instruments);
  const candles = new CandleBook(instruments);
  const pairs = new Map<string, Instrument>();
  for (const i of instruments) if (i.assetClass === 'forex' && i.baseCurrency) pairs.set(`${i.baseCurrency}${i.quoteCurrency}`, i);

  const openByMinute = new Map<Instrument['schedule'], { minute: number; open: boolean }>();

  const startedAt = now().getTime();
  for (const i of instruments) quotes.apply({ assetId: i.id, mid: new Money(startPrices.get(i.id) ?? i.seedPrice).toFixed(i.digits), time: startedAt });

  const forexMid = (pair: string) => {
    const instrument = pairs.get(pair);
    return instrument ? quotes.get(instrument.id)!.mid : undefined;
  };

  const quoteFor = (assetId: number, group: Group) => {
    const instrument = byId.get(assetId);
    return instrument ? quotes.widened(assetId, conditions.of(group, instrument).spreadMarkup) : undefined;
  };

  return {
    get instruments() {
      return list;
    },
    instrument: (id) => byId.get(id),
    quotes,
    get conditions() {
      return conditions;
    },
    groupOf: (planId) => conditions.group(planId),
    quoteFor,
    quoteOf: (assetId, holder) => quoteFor(assetId, conditions.group(holder.planId)),
    widen(raw, group) {
      const instrument = byId.get(raw.assetId)!;
      return widenQuote(raw, conditions.of(group, instrument).spreadMarkup, instrument.digits);
    },
    replaceConditions(next) {
      conditions = next;
    },
    candles,
    now,
    isOpen(instrument, at = now()) {
      // Sessions start and end on whole minutes, so an answer holds for the rest of its minute.
      const minute = Math.floor(at.getTime() / 60_000);
      const known = openByMinute.get(instrument.schedule);
      if (known?.minute === minute) return known.open;
      const open = isMarketOpen(instrument.schedule, at);
      openByMinute.set(instrument.schedule, { minute, open });
      return open;
    },
    conversion(from, to) {
      const rate = conversionRate(from, to, forexMid);
      if (!rate) throw new Error(`no price converts ${from} to ${to}`);
      return rate;
    },
    start() {
      source.start((ticks) => {
        const changed: LiveQuote[] = [];
        for (const tick of ticks) {
          const quote = quotes.apply(tick);
          if (quote) changed.push(quote);
        }
        if (changed.length === 0) return;
        candles.apply(changed);
        bus.publish('market.quotes', changed);
      });
    },
    stop: () => source.stop(),
    replaceInstrument(instrument) {
      const at = list.findIndex((i) => i.id === instrument.id);
      if (at < 0) return;
      list[at] = instrument;
      byId.set(instrument.id, instrument);
      quotes.replaceInstrument(instrument);
    },
  };
}
