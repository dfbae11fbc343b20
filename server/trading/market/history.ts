import { isMarketOpen } from '../../../shared/trading/hours';
import { periodMs, periodStart, timeframeIds, type Timeframe } from '../../../shared/trading/timeframes';
import type { Candle } from '../../../shared/api/candles.schema';
import { Money } from '../../../shared/money';
import { candlesBetween, insertHistory, oldestCandle, type NewCandle } from '../db/candles.repo';
import type { Executor } from '../db/database';
import { retentionMs } from './candles';
import type { Instrument } from './instruments';
import type { Market } from './market';
import { seededRandom } from './simulator';

const yearMs = 365 * 86_400_000;
const maxPerCall = 2_000;

function gaussian(random: () => number): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Was the market trading in this period? Days count when the schedule has a session that weekday. */
function tradedIn(instrument: Instrument, start: number, timeframe: Timeframe): boolean {
  if (timeframe !== 'D1') return isMarketOpen(instrument.schedule, new Date(start));
  const day = new Date(start).getUTCDay();
  return instrument.schedule.sessions.some((s) => s.day === day);
}

/**
 * Synthetic candles for the past an empty database does not have, walked backwards from the oldest
 * stored candle (or the current price) so they join the real ones without a jump: back to `from`, at
 * most `count` of them. Deterministic per
 * instrument, timeframe and anchor; periods when the market was closed are left out; marked synthetic.
 */
export async function ensureHistory(
  db: Executor,
  { instrument, timeframe, from, now, currentMid, count = maxPerCall }: { instrument: Instrument; timeframe: Timeframe; from: number; now: number; currentMid: string; count?: number },
): Promise<void> {
  const period = periodMs[timeframe];
  const earliest = Math.max(from, now - retentionMs[timeframe]);
  const oldest = await oldestCandle(db, instrument.id, timeframe);
  const anchorTime = oldest ? oldest.openTime.getTime() : periodStart(now, timeframe) + period;
  if (earliest >= anchorTime - period) return;
  let close = Number(oldest ? oldest.open : currentMid);
  const random = seededRandom((instrument.id * 7919 + timeframeIds.indexOf(timeframe) * 104_729 + Math.floor(anchorTime / period)) >>> 0);
  const sigma = instrument.volatility * Math.sqrt(period / yearMs);
  const minimum = 1 / 10 ** instrument.digits;
  const rows: NewCandle[] = [];
  const limit = Math.min(count, maxPerCall);
  for (let start = anchorTime - period; start >= earliest && rows.length < limit; start -= period) {
    if (!tradedIn(instrument, start, timeframe)) continue;
    const open = Math.max(minimum, close * Math.exp(sigma * gaussian(random)));
    const high = Math.max(open, close) * (1 + Math.abs(gaussian(random)) * sigma * 0.5);
    const low = Math.max(minimum, Math.min(open, close) * (1 - Math.abs(gaussian(random)) * sigma * 0.5));
    const fixed = (n: number) => n.toFixed(instrument.digits);
    rows.push({
      assetId: instrument.id,
      timeframe,
      openTime: new Date(start),
      open: fixed(open),
      high: fixed(high),
      low: fixed(low),
      close: fixed(close),
      ticks: 20 + Math.floor(random() * 200),
      synthetic: true,
    });
    close = open;
  }
  await insertHistory(db, rows);
}

/**
 * A chart's candles from `from` to `to` (at most `limit`, the latest): stored ones (made up where an
 * empty database has no past, see `ensureHistory`), with the candle being built now replacing or
 * following them. Prices at the instrument's digits.
 */
export async function chartCandles(
  db: Executor,
  market: Market,
  { instrument, timeframe, from, to, limit }: { instrument: Instrument; timeframe: Timeframe; from: number; to: number; limit: number },
): Promise<Candle[]> {
  const now = market.now().getTime();
  await ensureHistory(db, { instrument, timeframe, from, now, currentMid: market.quotes.get(instrument.id)!.mid });
  const rows = await candlesBetween(db, { assetId: instrument.id, timeframe, from: new Date(from), to: new Date(to), limit });
  const live = market.candles.live(instrument.id, timeframe);
  const all = live && live.openTime.getTime() >= from && live.openTime.getTime() <= to ? [...rows.filter((r) => r.openTime.getTime() !== live.openTime.getTime()), live] : rows;
  const fixed = (v: string) => new Money(v).toFixed(instrument.digits);
  return all.slice(-limit).map((c) => ({
    time: Math.floor(c.openTime.getTime() / 1000),
    open: fixed(c.open),
    high: fixed(c.high),
    low: fixed(c.low),
    close: fixed(c.close),
    volume: c.ticks ?? 0,
    synthetic: c.synthetic === true,
  }));
}
