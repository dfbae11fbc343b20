import { periodStart, timeframeIds, type Timeframe } from '../../../shared/trading/timeframes';
import type { NewCandle } from '../db/candles.repo';
import type { Instrument } from './instruments';
import type { LiveQuote } from './quote-book';

/** How long each timeframe is kept (docs/trading.md#candles). */
export const retentionMs: Readonly<Record<Timeframe, number>> = {
  M1: 3 * 86_400_000,
  M5: 14 * 86_400_000,
  M15: 45 * 86_400_000,
  H1: 365 * 86_400_000,
  D1: 10 * 365 * 86_400_000,
};

interface Building {
  assetId: number;
  timeframe: Timeframe;
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  ticks: number;
}

/**
 * The candles being built from live mids: one current candle per instrument and timeframe. Changed
 * candles wait in `dirty` until the next flush writes them in one batch.
 */
export class CandleBook {
  /** Per instrument, the current candle of each timeframe (in `timeframeIds` order). */
  private readonly current = new Map<number, (Building | undefined)[]>();
  /** Candles changed since the last drain; a finished candle stays until written. */
  private dirty = new Set<Building>();
  private readonly digits: Map<number, number>;

  constructor(instruments: readonly Instrument[]) {
    this.digits = new Map(instruments.map((i) => [i.id, i.digits]));
  }

  apply(quotes: readonly LiveQuote[]): void {
    for (const quote of quotes) {
      const price = Number(quote.mid);
      let slots = this.current.get(quote.assetId);
      if (!slots) this.current.set(quote.assetId, (slots = []));
      for (let t = 0; t < timeframeIds.length; t += 1) {
        const timeframe = timeframeIds[t]!;
        const openTime = periodStart(quote.time, timeframe);
        let candle = slots[t];
        if (!candle || candle.openTime !== openTime) {
          candle = { assetId: quote.assetId, timeframe, openTime, open: price, high: price, low: price, close: price, ticks: 0 };
          slots[t] = candle;
        }
        if (price > candle.high) candle.high = price;
        if (price < candle.low) candle.low = price;
        candle.close = price;
        candle.ticks += 1;
        this.dirty.add(candle);
      }
    }
  }

  /** The candle being built now, if any, for a chart to show beside the stored ones. */
  live(assetId: number, timeframe: Timeframe): NewCandle | undefined {
    const candle = this.current.get(assetId)?.[timeframeIds.indexOf(timeframe)];
    return candle ? this.row(candle) : undefined;
  }

  /** Takes the changed candles for writing. */
  drain(): NewCandle[] {
    const rows = [...this.dirty].map((c) => this.row(c));
    this.dirty = new Set();
    return rows;
  }

  private row(c: Building): NewCandle {
    const digits = this.digits.get(c.assetId) ?? 5;
    return {
      assetId: c.assetId,
      timeframe: c.timeframe,
      openTime: new Date(c.openTime),
      open: c.open.toFixed(digits),
      high: c.high.toFixed(digits),
      low: c.low.toFixed(digits),
      close: c.close.toFixed(digits),
      ticks: c.ticks,
    };
  }
}
