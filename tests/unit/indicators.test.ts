import { describe, expect, it } from 'vitest';
import { bollinger, bollingerAt, defaultIndicators, ema, emaAt, indicatorSettingsOf, rsi, rsiAt, sma, smaAt, type Band, type RsiPoint } from '../../shared/trading/indicators';

// The closes of StockCharts' ChartSchool RSI example (Wilder's smoothing, 14 periods), the textbook data set.
const textbook = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18,
  44.22, 44.57, 43.42, 42.66, 43.13,
];
// Its RSI from the 15th close on (the values the exact closes give; ChartSchool's table prints 70.53 first from unrounded closes).
const textbookRsi = [70.46, 66.25, 66.48, 69.35, 66.29, 57.92, 62.88, 63.21, 56.01, 62.34, 54.67, 50.39, 40.02, 41.49, 41.9, 45.5, 37.32, 33.09, 37.79];

describe('indicators', () => {
  it('RSI follows the textbook example', () => {
    const values = rsi(textbook, 14);
    expect(values.slice(0, 14)).toEqual(Array(14).fill(null));
    values.slice(14).forEach((point, k) => expect(point!.value).toBeCloseTo(textbookRsi[k]!, 2));
    // The first averages are the plain means of the first 14 changes: rises of 3.34 and falls of 1.40 in all.
    expect(values[14]!.gain).toBeCloseTo(3.34 / 14, 12);
    expect(values[14]!.loss).toBeCloseTo(1.4 / 14, 12);
  });

  it('RSI is 100 when nothing fell and 50 when nothing moved', () => {
    expect(rsi([1, 2, 3, 4], 3)[3]!.value).toBe(100);
    expect(rsi([5, 5, 5, 5], 3)[3]!.value).toBe(50);
    expect(rsi([4, 3, 2, 1], 3)[3]!.value).toBe(0);
  });

  it('simple average of the last period closes, none before there are enough', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    // The first 20 closes add up to 908.18.
    expect(smaAt(textbook, 19, 20)).toBeCloseTo(908.18 / 20, 12);
    expect(smaAt(textbook, 18, 20)).toBeNull();
  });

  it('exponential average starts from the simple one and weighs each close 2 / (period + 1)', () => {
    // Period 3: weight 0.5. Seed (1 + 2 + 3) / 3 = 2; then 2 + 0.5 × (4 − 2) = 3; 3 + 0.5 × (8 − 3) = 5.5.
    expect(ema([1, 2, 3, 4, 8], 3)).toEqual([null, null, 2, 3, 5.5]);
    // Period 4: weight 0.4. Seed 2.5; 2.5 + 0.4 × (10 − 2.5) = 5.5.
    expect(ema([1, 2, 3, 4, 10], 4)[4]).toBeCloseTo(5.5, 12);
    expect(ema(Array(30).fill(1.2345), 10).at(-1)).toBeCloseTo(1.2345, 12);
  });

  it('Bollinger bands are the average ± width population standard deviations', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population standard deviation 2.
    const [band] = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2).slice(7);
    expect(band).toEqual({ middle: 5, upper: 9, lower: 1 });
    expect(bollingerAt([2, 4, 4, 4, 5, 5, 7, 9], 7, 8, 1)).toEqual({ middle: 5, upper: 7, lower: 3 });
    expect(bollinger([1, 2], 3, 2)).toEqual([null, null]);
  });

  it('a tick on the last bar recomputed from the bar before gives what the whole series gives', () => {
    const closes = textbook.slice();
    const rsiBefore = rsi(closes, 14);
    const emaBefore = ema(closes, 10);
    // The last close moves (a tick), then a new bar opens.
    for (const next of [43.5, 42.9]) {
      closes[closes.length - 1] = next;
      const i = closes.length - 1;
      expect(rsiAt(closes, i, 14, rsiBefore[i - 1] as RsiPoint)!.value).toBeCloseTo(rsi(closes, 14)[i]!.value, 12);
      expect(emaAt(closes, i, 10, emaBefore[i - 1]!)).toBeCloseTo(ema(closes, 10)[i]!, 12);
      expect(bollingerAt(closes, i, 20, 2)).toEqual(bollinger(closes, 20, 2)[i] as Band);
    }
    closes.push(44);
    const i = closes.length - 1;
    expect(rsiAt(closes, i, 14, rsi(closes, 14)[i - 1]!)!.value).toBeCloseTo(rsi(closes, 14)[i]!.value, 12);
  });

  it('settings from the device: anything missing or out of range is the default', () => {
    expect(indicatorSettingsOf(null)).toEqual(defaultIndicators);
    expect(indicatorSettingsOf({ sma: { on: true, period: 30 }, rsi: { on: 'yes', period: 1 }, bollinger: { on: true, width: 2.5, period: 20.5 } })).toEqual({
      ...defaultIndicators,
      sma: { on: true, period: 30 },
      bollinger: { on: true, period: 20, width: 2.5 },
    });
    expect(indicatorSettingsOf({ bollinger: { width: 2.3 }, ema: { period: 201 } })).toEqual(defaultIndicators);
  });
});
