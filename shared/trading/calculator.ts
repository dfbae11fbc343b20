import type Decimal from 'decimal.js';
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
}

export type CalculatorResult =
  | { ok: false; errors: Partial<Record<'volume' | 'entry' | 'takeProfit' | 'stopLoss', string>> }
  | { ok: true; profit: string; loss: string; roe: string; pipValue: string; margin: string; maxPosition: string };

const number = (text: string) => (/^\d+(\.\d+)?$/.test(text.trim()) ? new Money(text.trim()) : null);

/**
 * The profit calculator (docs/trade-room.md#profit-calculator): P/L at TP and SL, ROE = price move / entry × leverage × 100 (at TP),
 * pip value = volume × 0.0001, margin = volume × entry / leverage, maximum position = leverage × 1000.
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
    pipValue: volume.times('0.0001').times(input.conversion).toFixed(2),
    margin: marginFor({ units: volume, price: entry, leverage: input.leverage, conversion: input.conversion }).toFixed(2),
    maxPosition: new Money(input.leverage).times(1000).toFixed(0),
  };
}
