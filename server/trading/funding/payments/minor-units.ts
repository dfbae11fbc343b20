import { Money } from '../../../../shared/money';
import { ProviderError } from './provider';

/**
 * Card providers count money in the currency's smallest unit (cents; yen). Most currencies have two
 * decimals; these have none, or three (Stripe's lists, which the sandbox follows too).
 */
const zeroDecimal = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const threeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

export function minorUnitDecimals(currency: string): number {
  const code = currency.toUpperCase();
  if (zeroDecimal.has(code)) return 0;
  if (threeDecimal.has(code)) return 3;
  return 2;
}

/** `"500.00"` USD -> 50000; `"5000"` JPY -> 5000. Refuses what the currency cannot carry (a fraction of a yen, a third decimal of a dollar). */
export function toMinorUnits(amount: string, currency: string): number {
  const decimals = minorUnitDecimals(currency);
  let value: Money;
  try {
    value = new Money(amount);
  } catch {
    throw new ProviderError(`"${amount}" is not an amount.`);
  }
  if (!value.isFinite() || value.lte(0)) throw new ProviderError(`The amount must be more than zero (got "${amount}").`);
  if (value.decimalPlaces() > decimals) throw new ProviderError(`${amount} ${currency.toUpperCase()} has more than the currency's ${decimals} decimals.`);
  const minor = value.times(new Money(10).pow(decimals));
  if (minor.gt(Number.MAX_SAFE_INTEGER)) throw new ProviderError(`${amount} ${currency.toUpperCase()} is too large.`);
  return minor.toNumber();
}

/** 50000 USD -> `"500.00"`; 5000 JPY -> `"5000"`. */
export function fromMinorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${minor} is not a whole number of minor units`);
  const decimals = minorUnitDecimals(currency);
  return new Money(minor).dividedBy(new Money(10).pow(decimals)).toFixed(decimals);
}
