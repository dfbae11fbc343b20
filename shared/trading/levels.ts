import type { FieldErrors } from '../api/common.schema';
import { Money } from '../money';
import type { Side } from './prices';
import { tradeTexts } from './texts';

/**
 * Take profit, stop loss and trailing stop rules (docs/trading.md#take-profit-and-stop-loss), shared by the
 * server, which enforces them, and the trade room, which checks them as the customer types.
 */

/** 0 (the client's "unset") and null both mean no level. */
export const levelOrNull = (value: string | null | undefined): string | null => (value === undefined || value === null || new Money(value).isZero() ? null : value);

/** A level as stored: at the instrument's digits, or null for none. */
export function normaliseLevel(value: string | null | undefined, digits: number): string | null {
  const level = levelOrNull(value);
  return level === null ? null : new Money(level).toDecimalPlaces(digits).toFixed(digits);
}

/**
 * Each level on its own side of `price`: the price the position would close at now (a buy closes at the
 * sell price) or, `against: 'order'`, a pending order's price. A buy's TP above it and SL below; a sell the reverse.
 */
export function protectionProblems({
  side,
  price,
  takeProfit,
  stopLoss,
  against = 'current',
}: {
  side: Side;
  price: string;
  takeProfit: string | null;
  stopLoss: string | null;
  against?: 'current' | 'order';
}): FieldErrors {
  const errors: FieldErrors = {};
  const p = new Money(price);
  if (takeProfit !== null && (side === 'buy' ? new Money(takeProfit).lte(p) : new Money(takeProfit).gte(p))) {
    errors.take_profit = [tradeTexts.takeProfitSide(side, against)];
  }
  if (stopLoss !== null && (side === 'buy' ? new Money(stopLoss).gte(p) : new Money(stopLoss).lte(p))) {
    errors.stop_loss = [tradeTexts.stopLossSide(side, against)];
  }
  return errors;
}

/** The trailing stop distance a position may have, in points (docs/trading.md#trailing-stop); `tradeTexts.trailingStop` says the same. */
export const trailingStopPoints = { min: 10, max: 1_000_000 } as const;

/** A trailing stop switched on without a stop loss would start at or below zero (a buy's distance is more than its price). */
/** A stop loss behind the one a running trailing stop has reached (docs/trading.md#trailing-stop). */
export const trailingStopBack = (stop: string) => `The trailing stop has moved the stop loss to ${stop}: it can only move further your way while trailing is on`;

export const trailingStopBeyondZero = 'The trailing stop is farther from the price than the price itself: choose a shorter distance';

/** The message for a trailing distance that cannot be used, or null (null and 0 are "off" and fine). */
export function trailingStopProblem(points: number | null | undefined): string | null {
  if (points === null || points === undefined || points === 0) return null;
  return Number.isInteger(points) && points >= trailingStopPoints.min && points <= trailingStopPoints.max ? null : tradeTexts.trailingStop;
}

/**
 * Where a trailing stop would put the stop loss at this closing price (in integer points, like the engine's
 * tick path): `distance` behind the price. Only a move in the position's favour counts: the current stop
 * is returned when the trailed one would be no better (a buy's stop only rises, a sell's only falls).
 */
export function trailedStop({ side, closing, distance, current }: { side: Side; closing: number; distance: number; current: number | null }): number | null {
  const trailed = side === 'buy' ? closing - distance : closing + distance;
  if (side === 'buy' && trailed <= 0) return current;
  if (current === null) return trailed;
  return side === 'buy' ? Math.max(current, trailed) : Math.min(current, trailed);
}

/**
 * Whether a pending order at `price` waits rather than fills at the quote (docs/trading.md#pending-orders): a buy
 * limit below the ask, a buy stop above it, a sell limit above the bid, a sell stop below it; and positive. At the
 * quote itself it would fill at once, so it is no pending order of either kind.
 */
export function pendingPriceWaits({ side, kind, price, bid, ask }: { side: Side; kind: 'limit' | 'stop'; price: string; bid: string; ask: string }): boolean {
  const reference = new Money(side === 'buy' ? ask : bid);
  const waiting = kind === 'limit' ? (side === 'buy' ? reference.gt(price) : reference.lt(price)) : side === 'buy' ? reference.lt(price) : reference.gt(price);
  return waiting && new Money(price).gt(0);
}

/**
 * Whether a pending order may fill at `price`, the ask for a buy or the bid for a sell (docs/trading.md#pending-orders):
 * a limit only at its price or better (a buy at or below it, a sell at or above it); a stop only once the market has
 * touched its level (a buy at or above it, a sell at or below it; past it, after a gap, is a stop's slippage).
 */
export function pendingFillAllowed({ side, kind, orderPrice, price }: { side: Side; kind: 'limit' | 'stop'; orderPrice: string; price: string }): boolean {
  const at = new Money(price);
  const atOrBelow = at.lte(orderPrice);
  const atOrAbove = at.gte(orderPrice);
  return kind === 'limit' ? (side === 'buy' ? atOrBelow : atOrAbove) : side === 'buy' ? atOrAbove : atOrBelow;
}

/**
 * While a trailing stop runs (and stays on), a stop loss behind the one it has reached is refused, as the server
 * refuses it (`changeProtection`) (docs/trading.md#trailing-stop): a buy's below the live stop, a sell's above it. The message, or null.
 */
export function stopBehindTrail({ side, stopLoss, liveStop, trailing }: { side: Side; stopLoss: string | null; liveStop: string | null; trailing: boolean }): string | null {
  if (!trailing || stopLoss === null || liveStop === null) return null;
  const back = side === 'buy' ? new Money(stopLoss).lt(liveStop) : new Money(stopLoss).gt(liveStop);
  return back ? trailingStopBack(liveStop) : null;
}
