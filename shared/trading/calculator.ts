import Decimal from 'decimal.js';
import { Money } from '../money';
import { marginFor, pnlOf } from './account-maths';
import type { Side } from './prices';

/** The profit calculator's messages. */
export const calculatorTexts = {
  volume: 'Volume must be a positive number',
  entry: 'Entry price must be a positive number',
  takeProfit: 'Take profit must be a non-negative number',
  stopLoss: 'Stop loss must be a non-negative number',
} as const;

/** Default TP and SL 0.1 % away from the entry, on the side that makes each what it is. */
export function defaultLevels({ side, entry, digits }: { side: Side; entry: Decimal.Value; digits: number }): { takeProfit: string; stopLoss: string } {
  const at = new Money(entry);
  const up = at.times('1.001').toFixed(digits);
  const down = at.times('0.999').toFixed(digits);
  return side === 'buy' ? { takeProfit: up, stopLoss: down } : { takeProfit: down, stopLoss: up };
}

export interface CalculatorInput {
  side: Side;
  /** Units of the instrument. */
  volume: string;
  entry: string;
  takeProfit: string;
  stopLoss: string;
  leverage: number;
  /** Quote currency → account currency. */
  conversion: Decimal.Value;
  /** One pip of the instrument, in its price (`pipSizeOf`). */
  pipSize: Decimal.Value;
  /** Units in one lot. */
  contractSize: Decimal.Value;
  /** The account's free margin in its currency; null when not known (no account figures yet). */
  freeMargin: Decimal.Value | null;
}

export type CalculatorResult =
  | { ok: false; errors: Partial<Record<'volume' | 'entry' | 'takeProfit' | 'stopLoss', string>> }
  | { ok: true; profit: string; loss: string; roe: string; pipValue: string; margin: string; maxPosition: { value: string; lots: string } | null };

const number = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? new Money(text.trim()) : null);

/**
 * The profit calculator (docs/trade-room.md#profit-calculator): P/L at TP and SL, ROE = price move / entry × leverage × 100 (at TP),
 * pip value = units × the instrument's pip, margin = units × entry / leverage, and the largest position the free margin
 * opens at this leverage (free margin × leverage, in the account currency and in lots at the entry price).
 */
export function calculate(input: CalculatorInput): CalculatorResult {
  const volume = number(input.volume);
  const entry = number(input.entry);
  const takeProfit = input.takeProfit.trim() === '' ? new Money(0) : number(input.takeProfit);
  const stopLoss = input.stopLoss.trim() === '' ? new Money(0) : number(input.stopLoss);
  const errors: Extract<CalculatorResult, { ok: false }>['errors'] = {};
  if (!volume || volume.lte(0)) errors.volume = calculatorTexts.volume;
  if (!entry || entry.lte(0)) errors.entry = calculatorTexts.entry;
  if (!takeProfit) errors.takeProfit = calculatorTexts.takeProfit;
  if (!stopLoss) errors.stopLoss = calculatorTexts.stopLoss;
  if (!volume || !entry || !takeProfit || !stopLoss || Object.keys(errors).length > 0) return { ok: false, errors };
  const at = (closing: Decimal) => (closing.isZero() ? new Money(0) : pnlOf({ side: input.side, units: volume, opening: entry, closing, conversion: input.conversion }));
  const move = takeProfit.isZero() ? new Money(0) : input.side === 'buy' ? takeProfit.minus(entry) : entry.minus(takeProfit);
  return {
    ok: true,
    profit: at(takeProfit).toFixed(2),
    loss: at(stopLoss).toFixed(2),
    roe: move.dividedBy(entry).times(input.leverage).times(100).toFixed(2),
    pipValue: pipValueOf(volume.times(input.pipSize).times(input.conversion)),
    margin: marginFor({ units: volume, price: entry, leverage: input.leverage, conversion: input.conversion }).toFixed(2),
    maxPosition: largestPosition(input, entry),
  };
}

/** Free margin × leverage (never below 0), and as lots at the entry price, rounded down to the hundredth. */
function largestPosition(input: CalculatorInput, entry: Decimal): { value: string; lots: string } | null {
  if (input.freeMargin === null) return null;
  const value = Decimal.max(0, new Money(input.freeMargin).times(input.leverage));
  const perLot = entry.times(input.contractSize).times(input.conversion);
  const lots = perLot.isZero() ? new Money(0) : value.dividedBy(perLot).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return { value: value.toFixed(2), lots: lots.toFixed(2) };
}

/** A positive amount a money format would show as 0.00. */
export const underACent = (value: Decimal.Value): boolean => new Money(value).greaterThan(0) && new Money(value).lessThan('0.005');

/** To the cent, or under a cent (a small crypto position) to two significant figures rather than 0.00. */
function pipValueOf(value: Decimal): string {
  return underACent(value) ? value.toSignificantDigits(2).toFixed() : value.toFixed(2);
}
