import type Decimal from 'decimal.js';
import type { FieldErrors } from '../api/common.schema';
import { pnlOf } from './account-maths';
import { normaliseLevel, protectionProblems, trailedStop, trailingStopBeyondZero, trailingStopProblem } from './levels';
import { formatPoints, pointsOf } from './points';
import type { Side } from './prices';
import { assetTexts } from './terminal';

/**
 * What the order ticket and the TP & SL dialog check as the customer types (docs/trade-room.md#order-ticket),
 * with the server's own rules (`shared/trading/levels.ts`), and the figures they show beside the levels.
 */

export const checkTexts = {
  notAPrice: 'Enter a price, or leave it empty for none',
  /** The disabled submit of a market order while the market is closed ("Market closed · Opens Tue 14:30"). */
  marketClosed: (opensAt: Date | null) => (opensAt ? `${assetTexts.closed} · ${assetTexts.opensAt(opensAt)}` : assetTexts.closed),
  /** No price converts the instrument's quote currency into the account's: money figures are not shown rather than guessed. */
  noConversion: (quoteCurrency: string, currency: string) => `No price converts ${quoteCurrency} into ${currency} right now, so the margin cannot be shown.`,
  pendingWhileClosed: 'The market is closed, so an order at the market cannot be placed. Choose Limit or Stop to place a pending order now: it opens when the price reaches it.',
  /** A 409 requote: nothing was opened; the ticket now shows the new price. */
  requoted: (price: string) => `The price moved to ${price} before the order was filled, so nothing was opened. Check the new price and place the order again.`,
  trailingFollows: (points: number, distance: string) => `Stop loss follows the price at ${points.toLocaleString('en-GB')} points (${distance})`,
  trailingOff: 'Empty or 0: off. The stop loss then stays where it is.',
  /** Switched on without a stop loss, the server starts the stop this far behind the closing price. */
  trailingStarts: (follows: string, start: string) => `${follows}, starting at ${start}`,
  pnlAt: 'P/L at this level',
  levelsFailed: 'The levels could not be saved. Please try again.',
} as const;

/** A typed price: null when empty or 0 (no level, the server's rule), undefined when it is not a number. */
export function typedLevel(text: string, digits: number): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d*\.?\d*$/.test(trimmed) || !/\d/.test(trimmed)) return undefined;
  return normaliseLevel(trimmed, digits);
}

/**
 * The TP and SL problems as typed, by field (`take_profit`, `stop_loss`, the server's keys): each level on its
 * own side of `price`, the price the position would close at now (a buy closes at the sell price) or, with
 * `against: 'order'`, a pending order's price. Levels equal to `kept` (an open trade's current ones) are not
 * checked again, as the server does not.
 */
export function levelProblems({
  side,
  digits,
  price,
  against = 'current',
  takeProfit,
  stopLoss,
  kept,
}: {
  side: Side;
  digits: number;
  price: string | null;
  against?: 'current' | 'order';
  takeProfit: string;
  stopLoss: string;
  kept?: { takeProfit: string | null; stopLoss: string | null };
}): FieldErrors {
  const tp = typedLevel(takeProfit, digits);
  const sl = typedLevel(stopLoss, digits);
  const errors: FieldErrors = {};
  if (tp === undefined) errors.take_profit = [checkTexts.notAPrice];
  if (sl === undefined) errors.stop_loss = [checkTexts.notAPrice];
  if (price === null) return errors;
  const changed = (level: string | null | undefined, was: string | null | undefined) => (level === undefined || (kept && level === normaliseLevel(was, digits)) ? null : level);
  return { ...protectionProblems({ side, price, takeProfit: changed(tp, kept?.takeProfit), stopLoss: changed(sl, kept?.stopLoss), against }), ...errors };
}

/** The P/L a position would have closed at `level` (account currency, to the cent), or null without a level or a conversion rate. */
export function pnlAtLevel({
  side,
  units,
  opening,
  level,
  digits,
  conversion,
}: {
  side: Side;
  units: Decimal.Value;
  opening: string;
  level: string;
  digits: number;
  conversion: Decimal.Value | undefined;
}): string | null {
  const at = typedLevel(level, digits);
  if (!at || conversion === undefined) return null;
  return pnlOf({ side, units, opening, closing: at, conversion }).toFixed(2);
}

/** A typed trailing distance: digits only; null when empty. */
export const trailingInputOf = (text: string): string => text.replace(/\D/g, '').slice(0, 7);
export const trailingPointsOf = (text: string): number | null => (text === '' ? null : Number(text));

/**
 * The trailing field's problem (the server's rules), or what it means: "Stop loss follows the price at 150 points
 * (0.00150)". Without a stop loss (`position.stopLoss` null) the server starts the stop at the closing price ∓ the
 * distance: the note says where, and a buy's start at or below zero is refused as the server refuses it.
 */
export function trailingNote(text: string, digits: number, position?: { side: Side; closing: string | null; stopLoss: string | null | undefined }): { problem: string | null; note: string } {
  const points = trailingPointsOf(text);
  const problem = trailingStopProblem(points);
  if (problem) return { problem, note: checkTexts.trailingOff };
  if (!points) return { problem: null, note: checkTexts.trailingOff };
  const follows = checkTexts.trailingFollows(points, formatPoints(points, digits));
  if (!position?.closing || position.stopLoss !== null) return { problem: null, note: follows };
  // Where the server starts it (`changeProtection`): the same trailedStop, in points at the instrument's digits.
  const start = trailedStop({ side: position.side, closing: pointsOf(position.closing, digits), distance: points, current: null });
  if (start === null) return { problem: trailingStopBeyondZero, note: follows };
  return { problem: null, note: checkTexts.trailingStarts(follows, formatPoints(start, digits)) };
}

/**
 * A refusal laid out for a dialog (docs/trade-room.md#order-ticket): the server's field errors that have a field
 * on screen (`fields`, by the server's keys), and one line for the rest: errors of fields not shown, else the
 * server's message when no field took it, else `fallback` (no answer at all).
 */
export function refusalOf(result: { message: string | null; errors: FieldErrors }, shown: readonly string[], fallback: string): { fields: Record<string, string>; alert: string | null } {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(result.errors)) {
    const first = messages[0];
    if (!first) continue;
    if (shown.includes(key)) fields[key] = first;
    else others.push(first);
  }
  if (others.length > 0) return { fields, alert: others.join(' ') };
  return { fields, alert: Object.keys(fields).length > 0 ? null : (result.message ?? fallback) };
}
