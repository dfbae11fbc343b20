import { widenedPoints } from '../../../shared/trading/conditions';
import { formatPoints, pointSpread, pointsOf, quotePoints, type PointSpread } from '../../../shared/trading/points';
import type { Instrument } from './instruments';

/** One price change from a source: the instrument's new mid (a decimal string at its precision). */
export interface Tick {
  assetId: number;
  mid: string;
  /** Epoch milliseconds. */
  time: number;
}

/** The latest price of an instrument with the figures the market watch shows. */
export interface LiveQuote {
  assetId: number;
  mid: string;
  bid: string;
  ask: string;
  /** bid and ask in integer points (price × 10^digits), as computed: the engine compares these. */
  bidPoints: number;
  askPoints: number;
  time: number;
  /** Rises by one per price change of this instrument, so a client can see a gap. */
  seq: number;
  low24h: string;
  high24h: string;
  /** The first price of the last 24 hours (for the change figures). */
  open24h: string;
  /** Ticks in the last 24 hours. */
  volume24h: number;
}

/** A client group's quote: `raw` widened by `markup` points (docs/trading.md#trading-conditions). */
export function widenQuote(raw: LiveQuote, markup: number, digits: number): LiveQuote {
  if (markup === 0) return raw;
  const { bid, ask } = widenedPoints({ bid: raw.bidPoints, ask: raw.askPoints }, markup);
  return { ...raw, bid: formatPoints(bid, digits), ask: formatPoints(ask, digits), bidPoints: bid, askPoints: ask };
}

const bucketMs = 5 * 60_000;
const bucketsPerDay = (24 * 60 * 60_000) / bucketMs;

interface Bucket {
  start: number;
  open: number;
  low: number;
  high: number;
  ticks: number;
}

/** Rolling 24-hour low/high/open/volume in five-minute buckets; the completed part is summarised once per bucket. */
class DayWindow {
  private readonly buckets: Bucket[] = [];

  /** Starts from stored five-minute candles (oldest first), so the 24-hour figures are right after a restart. */
  static from(history: readonly Bucket[]): DayWindow {
    const window = new DayWindow();
    window.buckets.push(...history.map((b) => ({ ...b })));
    if (window.buckets.length > 0) window.summarise();
    return window;
  }
  private summary = { low: Infinity, high: -Infinity, ticks: 0 };

  add(price: number, time: number): void {
    const start = time - (time % bucketMs);
    const last = this.buckets.at(-1);
    if (!last || last.start !== start) {
      this.buckets.push({ start, open: price, low: price, high: price, ticks: 1 });
      while (this.buckets.length > 0 && this.buckets[0]!.start <= start - bucketsPerDay * bucketMs) this.buckets.shift();
      this.summarise();
      return;
    }
    last.low = Math.min(last.low, price);
    last.high = Math.max(last.high, price);
    last.ticks += 1;
  }

  /** Summary over the completed buckets (all but the current one). */
  private summarise(): void {
    let low = Infinity;
    let high = -Infinity;
    let ticks = 0;
    for (let i = 0; i < this.buckets.length - 1; i += 1) {
      const b = this.buckets[i]!;
      low = Math.min(low, b.low);
      high = Math.max(high, b.high);
      ticks += b.ticks;
    }
    this.summary = { low, high, ticks };
  }

  stats(): { low: number; high: number; open: number; ticks: number } {
    const current = this.buckets.at(-1)!;
    return {
      low: Math.min(this.summary.low, current.low),
      high: Math.max(this.summary.high, current.high),
      open: this.buckets[0]!.open,
      ticks: this.summary.ticks + current.ticks,
    };
  }
}

/**
 * The latest quote of every instrument, made from the source's mids with the instrument's spreads
 * (docs/trading.md#prices-and-spreads). Every process that fills orders keeps one; the engine reads it on every tick.
 */
export class QuoteBook {
  private readonly quotes = new Map<number, LiveQuote>();
  private readonly windows = new Map<number, DayWindow>();
  private readonly instruments: Map<number, Instrument>;
  private readonly spreads: Map<number, PointSpread>;
  /** Client groups' quotes made from the current one, by instrument and markup: dropped when its price changes. */
  private readonly widenedQuotes = new Map<number, Map<number, LiveQuote>>();

  constructor(instruments: readonly Instrument[]) {
    this.instruments = new Map(instruments.map((i) => [i.id, i]));
    this.spreads = new Map(instruments.map((i) => [i.id, pointSpread({ buySpread: i.spread.buySpread.toString(), sellSpread: i.spread.sellSpread.toString(), digits: i.digits })]));
  }

  /** The raw quote: the instrument's own spread, before any client group's markup. */
  get(assetId: number): LiveQuote | undefined {
    return this.quotes.get(assetId);
  }

  /**
   * The quote of a client group whose markup is `markup` points (docs/trading.md#trading-conditions): the raw one
   * widened, made once per price change and markup however many customers, sockets or checks ask for it.
   */
  widened(assetId: number, markup: number): LiveQuote | undefined {
    const raw = this.get(assetId);
    if (!raw || markup === 0) return raw;
    let byMarkup = this.widenedQuotes.get(assetId);
    if (!byMarkup) this.widenedQuotes.set(assetId, (byMarkup = new Map()));
    const known = byMarkup.get(markup);
    if (known) return known;
    const quote = widenQuote(raw, markup, this.instruments.get(assetId)!.digits);
    byMarkup.set(markup, quote);
    return quote;
  }

  /** An instrument changed by an admin: its next quotes use the new spreads (the current one stands until the next tick). */
  replaceInstrument(instrument: Instrument): void {
    this.instruments.set(instrument.id, instrument);
    this.spreads.set(instrument.id, pointSpread({ buySpread: instrument.spread.buySpread.toString(), sellSpread: instrument.spread.sellSpread.toString(), digits: instrument.digits }));
  }

  all(): LiveQuote[] {
    return [...this.quotes.values()];
  }

  /**
   * Replaces an instrument's 24-hour window with stored five-minute candles (oldest first) and the
   * current price, and refreshes its quote's figures.
   */
  seedDay(assetId: number, history: readonly { start: number; open: number; high: number; low: number; ticks: number }[]): void {
    const quote = this.quotes.get(assetId);
    const instrument = this.instruments.get(assetId);
    if (!quote || !instrument) return;
    // The last day of trading as stored (its last candle closes at the current price); older buckets
    // roll out as soon as live ticks arrive.
    const window = DayWindow.from(history.slice(-bucketsPerDay));
    if (history.length === 0) window.add(Number(quote.mid), quote.time);
    this.windows.set(assetId, window);
    const stats = window.stats();
    const fixed = (n: number) => n.toFixed(instrument.digits);
    const mid = Number(quote.mid);
    this.widenedQuotes.delete(assetId);
    this.quotes.set(assetId, { ...quote, low24h: fixed(Math.min(stats.low, mid)), high24h: fixed(Math.max(stats.high, mid)), open24h: fixed(stats.open), volume24h: stats.ticks });
  }

  /** Applies a tick and returns the new quote; unknown instruments and unchanged prices return undefined. */
  apply(tick: Tick): LiveQuote | undefined {
    const instrument = this.instruments.get(tick.assetId);
    // A price must be a positive number: a broken source never reaches a fill, a conversion or a chart.
    if (!instrument || !(Number(tick.mid) > 0)) return undefined;
    const previous = this.quotes.get(tick.assetId);
    if (previous && previous.mid === tick.mid) return undefined;
    const points = quotePoints(pointsOf(tick.mid, instrument.digits), this.spreads.get(tick.assetId)!);
    const bid = formatPoints(points.bid, instrument.digits);
    const ask = formatPoints(points.ask, instrument.digits);
    let window = this.windows.get(tick.assetId);
    if (!window) {
      window = new DayWindow();
      this.windows.set(tick.assetId, window);
    }
    window.add(Number(tick.mid), tick.time);
    const stats = window.stats();
    const fixed = (n: number) => n.toFixed(instrument.digits);
    const quote: LiveQuote = {
      assetId: tick.assetId,
      mid: tick.mid,
      bid,
      ask,
      bidPoints: points.bid,
      askPoints: points.ask,
      time: tick.time,
      seq: (previous?.seq ?? 0) + 1,
      low24h: fixed(stats.low),
      high24h: fixed(stats.high),
      open24h: fixed(stats.open),
      volume24h: stats.ticks,
    };
    this.quotes.set(tick.assetId, quote);
    this.widenedQuotes.delete(tick.assetId);
    return quote;
  }
}
