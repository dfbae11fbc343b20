import { Money } from '../../../../shared/money';
import type { AssetClass } from '../../../../shared/constants';

/**
 * Starting financing rates (docs/trading.md#overnight-financing), which staff edit: overnight benchmarks by currency
 * (percent a year; a metal's is its lease rate), and each plan's markup per class.
 */
export const referenceBenchmarks: Readonly<Record<string, string>> = {
  USD: '4.30',
  EUR: '1.90',
  GBP: '4.00',
  JPY: '0.50',
  CHF: '0.00',
  AUD: '3.60',
  CAD: '2.75',
  NZD: '3.25',
  TRY: '40.00',
  ZAR: '7.25',
  MXN: '8.50',
  SEK: '2.00',
  NOK: '4.25',
  DKK: '1.85',
  PLN: '5.00',
  HUF: '6.50',
  CZK: '3.50',
  SGD: '2.50',
  HKD: '3.80',
  CNH: '1.80',
  THB: '1.75',
  NGN: '27.00',
  XAU: '0.00',
  XAG: '0.00',
  XPT: '0.00',
  XPD: '0.00',
  XCU: '0.00',
};

/** The plan's markup by class: swap points per lot for forex and metals, percent a year for the rest. */
export const referencePlanMarkups: Readonly<Record<string, Readonly<Record<AssetClass, string>>>> = {
  basic: { forex: '1.5', metals: '15', stocks: '3.0', indices: '3.0', commodities: '3.0', crypto: '12.0' },
  pro: { forex: '1.0', metals: '10', stocks: '2.5', indices: '2.5', commodities: '2.5', crypto: '10.0' },
  premium: { forex: '0.5', metals: '5', stocks: '2.0', indices: '2.0', commodities: '2.0', crypto: '8.0' },
};

/**
 * A forex pair's or a metal's swap points before any plan's markup: the two currencies' benchmark difference on the
 * price, a night's worth, in points (long earns the base's rate and pays the quote's; short the other way).
 */
export function neutralSwapPoints(seed: { baseCurrency: string | null; quoteCurrency: string; price: string; digits: number }): { longPoints: string; shortPoints: string } {
  const rate = (code: string | null) => new Money((code && referenceBenchmarks[code]) ?? '0');
  const perNight = rate(seed.baseCurrency).minus(rate(seed.quoteCurrency)).div(100).times(seed.price).div(365);
  const points = perNight.div(new Money(10).pow(-seed.digits)).toDecimalPlaces(2);
  return { longPoints: points.toFixed(2), shortPoints: points.negated().toFixed(2) };
}
