import Decimal from 'decimal.js';
import { Money } from '../money';

export type Side = 'buy' | 'sell';

export interface SpreadSpec {
  /** Fraction added to the mid for the buy (ask) price, e.g. 0.00005. */
  buySpread: Decimal.Value;
  /** Fraction taken off the mid for the sell (bid) price. */
  sellSpread: Decimal.Value;
  /** Price precision of the instrument. */
  digits: number;
}

export interface Quote {
  /** The buy (ask) price: mid × (1 + buy_spread), rounded up to the instrument's digits. */
  ask: string;
  /** The sell (bid) price: mid × (1 − sell_spread), rounded down to the instrument's digits. */
  bid: string;
}

/**
 * Buy price = price × (1 + buy_spread), sell price = price × (1 − sell_spread) (docs/trading.md#prices-and-spreads).
 * Rounded away from the mid to the instrument's digits, so ask ≥ mid ≥ bid always holds.
 */
export function quoteFromMid({ mid, spec }: { mid: Decimal.Value; spec: SpreadSpec }): Quote {
  const m = new Money(mid);
  return {
    ask: m.times(new Money(1).plus(spec.buySpread)).toDecimalPlaces(spec.digits, Decimal.ROUND_UP).toFixed(spec.digits),
    bid: m.times(new Money(1).minus(spec.sellSpread)).toDecimalPlaces(spec.digits, Decimal.ROUND_DOWN).toFixed(spec.digits),
  };
}

/** The price an order on `side` opens at, and the price it closes at. */
export function openingPrice({ side, quote }: { side: Side; quote: Quote }): string {
  return side === 'buy' ? quote.ask : quote.bid;
}

export function closingPrice({ side, quote }: { side: Side; quote: Quote }): string {
  return side === 'buy' ? quote.bid : quote.ask;
}

/** The spread in price units (ask − bid). */
export function spreadOf(quote: Quote): string {
  return new Money(quote.ask).minus(quote.bid).toString();
}

/** The 24-hour change of a price against the day's first price, at the instrument's digits and in %. */
export function changeOf({ price, open, digits }: { price: Decimal.Value; open: Decimal.Value; digits: number }): { change: string; percent: string } {
  const change = new Money(price).minus(open);
  const base = new Money(open);
  return { change: change.toFixed(digits), percent: base.isZero() ? '0.00' : change.dividedBy(base).times(100).toFixed(2) };
}
