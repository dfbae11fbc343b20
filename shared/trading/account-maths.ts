import Decimal from 'decimal.js';
import { Money } from '../money';
import type { Side } from './prices';

/**
 * The account maths of docs/trading.md#account-figures as pure functions over decimal strings. `conversion` turns an amount in
 * the instrument's quote currency into the account currency (1 when they are the same).
 */

/** Margin of a position: volume × price / leverage, in the account currency, to the cent (rounded up). */
export function marginFor({ units, price, leverage, conversion = 1 }: { units: Decimal.Value; price: Decimal.Value; leverage: number; conversion?: Decimal.Value }): Decimal {
  return new Money(units).times(price).dividedBy(leverage).times(conversion).toDecimalPlaces(2, Decimal.ROUND_UP);
}

/** Notional value of a position in the account currency (unrounded). */
export function notionalOf({ units, price, conversion = 1 }: { units: Decimal.Value; price: Decimal.Value; conversion?: Decimal.Value }): Decimal {
  return new Money(units).times(price).times(conversion);
}

/** P/L: (closing − opening) × volume for a buy, the reverse for a sell; in the account currency, unrounded. */
export function pnlOf({ side, units, opening, closing, conversion = 1 }: { side: Side; units: Decimal.Value; opening: Decimal.Value; closing: Decimal.Value; conversion?: Decimal.Value }): Decimal {
  const move = new Money(closing).minus(opening);
  return (side === 'buy' ? move : move.negated()).times(units).times(conversion);
}

/**
 * P/L as booked: to the cent, rounded toward the house (down), so splitting a close into many small
 * parts can never add up to more than the whole.
 */
export function bookedPnl(value: Decimal.Value): Decimal {
  return new Money(value).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

/** A trade's net P/L: its price P/L, plus its overnight financing and dividend adjustments, less its commission (docs/trading.md#costs). */
export function netPnlOf({ pnl, swap, dividends = 0, commission }: { pnl: Decimal.Value; swap: Decimal.Value; dividends?: Decimal.Value; commission: Decimal.Value }): string {
  return new Money(pnl).plus(swap).plus(dividends).minus(commission).toFixed(2);
}

export interface AccountSummary {
  balance: string;
  credit: string;
  equity: string;
  margin: string;
  freeMargin: string;
  /** Equity / margin × 100 with 2 decimals, or "∞" when no margin is used. */
  marginLevel: string;
  pnl: string;
  lifetimePnl: string;
}

/** Equity = balance + credit + open P/L; free margin = equity − margin; margin level = equity / margin × 100. */
export function accountSummary({
  balance,
  credit = '0',
  positions,
  lifetimePnl = '0',
}: {
  balance: Decimal.Value;
  credit?: Decimal.Value;
  positions: readonly { pnl: Decimal.Value; margin: Decimal.Value }[];
  lifetimePnl?: Decimal.Value;
}): AccountSummary {
  const pnl = positions.reduce((sum, p) => sum.plus(p.pnl), new Money(0));
  const margin = positions.reduce((sum, p) => sum.plus(p.margin), new Money(0));
  const equity = new Money(balance).plus(credit).plus(pnl);
  return {
    balance: new Money(balance).toFixed(2),
    credit: new Money(credit).toFixed(2),
    equity: equity.toFixed(2),
    margin: margin.toFixed(2),
    freeMargin: equity.minus(margin).toFixed(2),
    marginLevel: margin.isZero() ? '∞' : equity.dividedBy(margin).times(100).toFixed(2),
    pnl: pnl.toFixed(2),
    lifetimePnl: new Money(lifetimePnl).toFixed(2),
  };
}

/** Margin level as a number for comparisons (Infinity without margin). */
export function marginLevelOf({ equity, margin }: { equity: Decimal.Value; margin: Decimal.Value }): Decimal {
  const m = new Money(margin);
  return m.isZero() ? new Money(Infinity) : new Money(equity).dividedBy(m).times(100);
}

/** Margin call at 100 %, stop-out at 50 % (UK/EU retail close-out rule; docs/trading.md#margin-call-and-stop-out). */
export const marginCallLevel = 100;
export const stopOutLevel = 50;
