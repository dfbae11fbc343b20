import type Decimal from 'decimal.js';
import { Money } from '../money';

/**
 * The rate that turns an amount in `from` into `to`, from forex mid prices: the direct pair, its
 * inverse, or through USD. `midOf('EURUSD')` gives that pair's mid, or undefined when there is none.
 */
export function conversionRate(from: string, to: string, midOf: (pair: string) => Decimal.Value | undefined): Decimal | undefined {
  if (from === to) return new Money(1);
  const direct = (a: string, b: string): Decimal | undefined => {
    const straight = midOf(`${a}${b}`);
    if (straight !== undefined) return new Money(straight);
    const inverse = midOf(`${b}${a}`);
    return inverse !== undefined ? new Money(1).dividedBy(inverse) : undefined;
  };
  const straight = direct(from, to);
  if (straight) return straight;
  const viaFrom = from === 'USD' ? new Money(1) : direct(from, 'USD');
  const viaTo = to === 'USD' ? new Money(1) : direct('USD', to);
  return viaFrom && viaTo ? viaFrom.times(viaTo) : undefined;
}
