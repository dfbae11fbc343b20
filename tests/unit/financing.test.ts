import { describe, expect, it } from 'vitest';
import { financingRowValues, bookedFinancing, defaultRolloverClock, minuteOfDay, nightlyFinancing, nightsAt, rolloverInstant, rolloversBetween } from '../../shared/trading/financing';

/** Overnight financing's sums, each worked out by hand (docs/trading.md#overnight-financing). */
describe('overnight financing', () => {
  const eurusd = { assetClass: 'forex' as const, units: '100000', lots: '1', contractSize: '100000', digits: 5, price: '1.08' };
  const forexRates = { longPoints: '-6.5', shortPoints: '1.2', benchmarkPercent: '0', markup: '0.5' };

  it('charges forex in swap points per lot less the plan’s markup: (−6.5 − 0.5) × 0.00001 × 100,000 = −7.00 long, (1.2 − 0.5) → +0.70 short', () => {
    expect(bookedFinancing(nightlyFinancing({ ...eurusd, side: 'buy' }, forexRates)).toFixed(2)).toBe('-7.00');
    expect(bookedFinancing(nightlyFinancing({ ...eurusd, side: 'sell' }, forexRates)).toFixed(2)).toBe('0.70');
    expect(bookedFinancing(nightlyFinancing({ ...eurusd, side: 'buy', lots: '0.25', units: '25000' }, forexRates)).toFixed(2)).toBe('-1.75');
  });

  it('charges the other classes on their notional at the benchmark ± the markup over 365 days, rounded toward the house', () => {
    const apple = { assetClass: 'stocks' as const, units: '10', lots: '0.1', contractSize: '100', digits: 2, price: '200.00' };
    const rates = { longPoints: '0', shortPoints: '0', benchmarkPercent: '4.33', markup: '2.5' };
    // 2,000 × 6.83 % / 365 = 0.3742…: a charge of 0.38; 2,000 × 1.83 % / 365 = 0.1002…: a credit of 0.10.
    expect(nightlyFinancing({ ...apple, side: 'buy' }, rates).toFixed(6)).toBe('-0.374247');
    expect(bookedFinancing(nightlyFinancing({ ...apple, side: 'buy' }, rates)).toFixed(2)).toBe('-0.38');
    expect(bookedFinancing(nightlyFinancing({ ...apple, side: 'sell' }, rates)).toFixed(2)).toBe('0.10');
    // A markup above the benchmark makes the short pay too.
    expect(bookedFinancing(nightlyFinancing({ ...apple, side: 'sell' }, { ...rates, benchmarkPercent: '1' })).toFixed(2)).toBe('-0.09');
  });

  it('charges three nights on the triple day, none at weekends, and crypto every night once', () => {
    // 25 November 2026 is a Wednesday.
    expect(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map((d) => nightsAt(d, 'forex'))).toEqual([1, 1, 3, 1, 1, 0, 0]);
    expect(['2026-11-25', '2026-11-27', '2026-11-28'].map((d) => nightsAt(d, 'metals'))).toEqual([3, 1, 0]);
    expect(['2026-11-25', '2026-11-27', '2026-11-28'].map((d) => nightsAt(d, 'indices'))).toEqual([1, 3, 0]);
    expect(['2026-11-25', '2026-11-27', '2026-11-28', '2026-11-29'].map((d) => nightsAt(d, 'crypto'))).toEqual([1, 1, 1, 1]);
  });

  it('rolls over at 17:00 New York by its own clock, summer and winter', () => {
    expect(rolloverInstant('2026-11-27', defaultRolloverClock).toISOString()).toBe('2026-11-27T22:00:00.000Z');
    expect(rolloverInstant('2026-07-01', defaultRolloverClock).toISOString()).toBe('2026-07-01T21:00:00.000Z');
    // The day the clocks go forward (8 March 2026) and the day after.
    expect(rolloverInstant('2026-03-08', defaultRolloverClock).toISOString()).toBe('2026-03-08T21:00:00.000Z');
    expect(rolloverInstant('2026-03-07', defaultRolloverClock).toISOString()).toBe('2026-03-07T22:00:00.000Z');
  });

  it('lists the rollovers between two instants, the first after the one and the last at or before the other', () => {
    const clock = defaultRolloverClock;
    expect(rolloversBetween(new Date('2026-11-27T21:00:00Z'), new Date('2026-11-30T23:00:00Z'), clock)).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30']);
    expect(rolloversBetween(new Date('2026-11-27T22:00:00Z'), new Date('2026-11-28T22:00:00Z'), clock)).toEqual(['2026-11-28']);
    expect(rolloversBetween(new Date('2026-11-27T22:00:01Z'), new Date('2026-11-28T21:59:59Z'), clock)).toEqual([]);
  });

  it('reads ROLLOVER_TIME as HH:MM', () => {
    expect(minuteOfDay('17:00')).toBe(1020);
    expect(minuteOfDay('00:05')).toBe(5);
    expect(minuteOfDay('24:00')).toBeNull();
    expect(minuteOfDay('5pm')).toBeNull();
  });

  it('makes the plan comparison’s financing rows from the markups, classes of one markup together', () => {
    expect(financingRowValues({ forex: '1.5', metals: '15.0000', stocks: '3', indices: '3', commodities: '3', crypto: '12' })).toEqual([
      'Forex 1.5 · metals 15',
      'Stocks, indices, commodities 3 · crypto 12',
    ]);
    expect(financingRowValues({ forex: '0.5', metals: '0.5' })).toEqual(['Forex, metals 0.5', 'Stocks, indices, commodities, crypto 0']);
  });
});
