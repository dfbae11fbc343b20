import Decimal from 'decimal.js';
import type { WatchDigits } from '../api/preferences.schema';
import { Money } from '../money';
import { priceDecimals } from './terminal';

/**
 * The market watch (docs/trade-room.md#market-watch): its decimals are the original's 3 by default (`fixed`),
 * or each instrument's own digits (`instrument`: 5 for EUR/USD), which makes the spread visible.
 */
export const watchTexts = {
  fixed: '3 digits',
  instrument: 'Full digits',
  /** The toggle's accessible name. */
  toggle: 'Price digits',
  setting: 'Market watch prices',
  fixedHint: 'Every price to 3 decimals, as the original terminal shows them.',
  instrumentHint: 'Each instrument at its own digits (5 for EUR/USD, 3 for USD/JPY), so the spread shows; in points too where there is room.',
  failed: 'The market watch setting could not be saved. Try again.',
  spread: 'Spread',
  /** The small mark of a closed instrument's row (the stale mark stays for open markets). */
  closed: 'Closed',
} as const;

export function watchDecimals(mode: WatchDigits, digits: number): number {
  return mode === 'instrument' ? digits : priceDecimals.table;
}

/** The spread in points (one point is the last digit: 0.00001 on EUR/USD), or null without both prices. */
export function spreadPoints(bid: string | null | undefined, ask: string | null | undefined, digits: number): string | null {
  if (!bid || !ask) return null;
  try {
    return new Money(ask).minus(bid).times(new Money(10).pow(digits)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0);
  } catch {
    return null;
  }
}

/** One pip of an instrument quoted to `digits` decimals: 10 points at 3 or 5 decimals (the fractional pip), else one point. */
export const pipSizeOf = (digits: number): string => new Money(10).pow(-(digits === 3 || digits === 5 ? digits - 1 : digits)).toFixed();

/**
 * The spread in pips to 1 decimal (the light terminal's SPREAD, docs/trade-room.md#light-terminal): a pip is 10 points on
 * instruments quoted to 3 or 5 decimals (the fractional pip), else one point. Null without both prices or when the
 * spread is not positive.
 */
export function spreadPips(bid: string | null | undefined, ask: string | null | undefined, digits: number): string | null {
  if (!bid || !ask) return null;
  try {
    const points = new Money(ask).minus(bid).times(new Money(10).pow(digits));
    const pips = digits === 3 || digits === 5 ? points.dividedBy(10) : points;
    const shown = pips.toDecimalPlaces(1, Decimal.ROUND_HALF_UP);
    return shown.greaterThan(0) ? shown.toFixed(1) : null;
  } catch {
    return null;
  }
}
