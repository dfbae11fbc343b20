/**
 * Chart indicators (docs/trade-room.md#chart) from the closes of our own candles: simple and exponential
 * moving averages, Bollinger bands and RSI. Plain numbers: these are plotted, never booked.
 *
 * Each indicator has an `…At(closes, i, …, previous)` that works out the value at bar `i` from the closes up to it
 * and its own value at bar `i - 1`, so a tick that moves the last close costs one step, not a recomputation of the
 * whole series; the whole-series functions are that step folded over the bars. `null` where there are too few bars.
 */

export type Closes = readonly number[];

/** The mean of the `period` closes ending at bar `i`. */
export function smaAt(closes: Closes, i: number, period: number): number | null {
  if (i < period - 1 || i >= closes.length) return null;
  let sum = 0;
  for (let k = i - period + 1; k <= i; k += 1) sum += closes[k]!;
  return sum / period;
}

/** Exponential moving average with weight 2 / (period + 1), started from the simple average of the first `period` closes. */
export function emaAt(closes: Closes, i: number, period: number, previous: number | null): number | null {
  if (i < period - 1 || i >= closes.length) return null;
  if (previous === null) return smaAt(closes, i, period);
  return previous + (2 / (period + 1)) * (closes[i]! - previous);
}

export interface Band {
  middle: number;
  upper: number;
  lower: number;
}

/** Bollinger bands: the simple average of `period` closes and `width` population standard deviations either side. */
export function bollingerAt(closes: Closes, i: number, period: number, width: number): Band | null {
  const middle = smaAt(closes, i, period);
  if (middle === null) return null;
  let squares = 0;
  for (let k = i - period + 1; k <= i; k += 1) squares += (closes[k]! - middle) ** 2;
  const spread = width * Math.sqrt(squares / period);
  return { middle, upper: middle + spread, lower: middle - spread };
}

/** An RSI value with the average gain and loss it came from (what the next bar is worked out from). */
export interface RsiPoint {
  value: number;
  gain: number;
  loss: number;
}

/**
 * Wilder's relative strength index: the first average gain and loss are the means of the first `period` changes,
 * then each is smoothed as (previous × (period − 1) + this change) / period. 100 when nothing fell, 50 when nothing moved.
 */
export function rsiAt(closes: Closes, i: number, period: number, previous: RsiPoint | null): RsiPoint | null {
  if (i < period || i >= closes.length) return null;
  let gain: number;
  let loss: number;
  if (previous === null) {
    gain = 0;
    loss = 0;
    for (let k = i - period + 1; k <= i; k += 1) {
      const change = closes[k]! - closes[k - 1]!;
      if (change > 0) gain += change;
      else loss -= change;
    }
    gain /= period;
    loss /= period;
  } else {
    const change = closes[i]! - closes[i - 1]!;
    gain = (previous.gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (previous.loss * (period - 1) + Math.max(-change, 0)) / period;
  }
  const value = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  return { value, gain, loss };
}

/** A whole series from a step that takes the value at the bar before. */
export function seriesOf<T>(closes: Closes, step: (i: number, previous: T | null) => T | null): (T | null)[] {
  const out: (T | null)[] = [];
  for (let i = 0; i < closes.length; i += 1) out.push(step(i, out[i - 1] ?? null));
  return out;
}

export const sma = (closes: Closes, period: number) => seriesOf<number>(closes, (i) => smaAt(closes, i, period));
export const ema = (closes: Closes, period: number) => seriesOf<number>(closes, (i, previous) => emaAt(closes, i, period, previous));
export const bollinger = (closes: Closes, period: number, width: number) => seriesOf<Band>(closes, (i) => bollingerAt(closes, i, period, width));
export const rsi = (closes: Closes, period: number) => seriesOf<RsiPoint>(closes, (i, previous) => rsiAt(closes, i, period, previous));

/** What a chart shows: each indicator on or off with its periods (kept on the device per instrument). */
export interface IndicatorSettings {
  sma: { on: boolean; period: number };
  ema: { on: boolean; period: number };
  bollinger: { on: boolean; period: number; width: number };
  rsi: { on: boolean; period: number };
}

export const indicatorIds = ['sma', 'ema', 'bollinger', 'rsi'] as const;
export type IndicatorId = (typeof indicatorIds)[number];

/** Off until chosen, with the usual periods: SMA 20, EMA 50, Bollinger 20 and 2σ, RSI 14. */
export const defaultIndicators: IndicatorSettings = {
  sma: { on: false, period: 20 },
  ema: { on: false, period: 50 },
  bollinger: { on: false, period: 20, width: 2 },
  rsi: { on: false, period: 14 },
};

/** The periods a chart accepts: whole bars from 2 to 200 (a chart loads 400); the band width from 0.5 to 5σ in halves. */
export const indicatorLimits = { period: { min: 2, max: 200 }, width: { min: 0.5, max: 5, step: 0.5 } } as const;

const periodOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= indicatorLimits.period.min && value <= indicatorLimits.period.max ? value : fallback;
const widthOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && value >= indicatorLimits.width.min && value <= indicatorLimits.width.max && Number.isInteger(value / indicatorLimits.width.step) ? value : fallback;

/** Settings read back from the device, anything missing or out of range replaced by the default. */
export function indicatorSettingsOf(stored: unknown): IndicatorSettings {
  const raw = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<Record<IndicatorId, Record<string, unknown>>>;
  const on = (id: IndicatorId) => raw[id]?.on === true;
  const d = defaultIndicators;
  return {
    sma: { on: on('sma'), period: periodOr(raw.sma?.period, d.sma.period) },
    ema: { on: on('ema'), period: periodOr(raw.ema?.period, d.ema.period) },
    bollinger: { on: on('bollinger'), period: periodOr(raw.bollinger?.period, d.bollinger.period), width: widthOr(raw.bollinger?.width, d.bollinger.width) },
    rsi: { on: on('rsi'), period: periodOr(raw.rsi?.period, d.rsi.period) },
  };
}

/** The indicator menu's names and the legend's labels. */
export const indicatorTexts = {
  menu: 'Indicators',
  names: { sma: 'Moving average (SMA)', ema: 'Exponential average (EMA)', bollinger: 'Bollinger bands', rsi: 'RSI' } satisfies Record<IndicatorId, string>,
  period: 'Period',
  width: 'Width (σ)',
  label: {
    sma: (period: number) => `SMA ${period}`,
    ema: (period: number) => `EMA ${period}`,
    bollinger: (period: number, width: number) => `BB ${period}, ${width}σ`,
    rsi: (period: number) => `RSI ${period}`,
  },
} as const;
