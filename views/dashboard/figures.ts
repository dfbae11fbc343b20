import type Decimal from 'decimal.js';
import type { Currency } from '../../shared/api/data.schema';
import { Money } from '../../shared/money';
import { formatMoney } from '../../client/lib/format';

/** Money on the dashboard (docs/customer-area.md#dashboard): in the account's currency, and beside it the customer's display currency when it differs. */
export interface MoneyFormats {
  currencies: readonly Currency[];
  /** The customer's display currency (`user.display_currency`), or null: the account's own. */
  display: string | null;
}

/** An amount in its currency, with the currency's symbol and decimals when the site data is known (`$1,000.00`), else `1,000.00 USD`. */
export function money(amount: Decimal.Value, currency: string, formats: MoneyFormats): string {
  const known = formats.currencies.find((c) => c.code === currency);
  return formatMoney({ amount, currency, ...(known ? { symbol: known.symbol, decimals: known.decimals } : {}) });
}

/** With a sign always shown: `+$12.50`, `-$3.00`. */
export function signedMoney(amount: Decimal.Value, currency: string, formats: MoneyFormats): string {
  const text = money(amount, currency, formats);
  return new Money(amount).greaterThan(0) ? `+${text}` : text;
}

/**
 * The amount in the display currency, converted through USD with the site's rates (units per USD), as
 * `≈ €920.00 in EUR`; null when no other display currency is chosen or a rate is unknown.
 */
export function converted(amount: Decimal.Value, currency: string, formats: MoneyFormats): string | null {
  if (!formats.display || formats.display === currency) return null;
  const from = formats.currencies.find((c) => c.code === currency);
  const to = formats.currencies.find((c) => c.code === formats.display);
  if (!from || !to || new Money(from.rate).isZero()) return null;
  const value = new Money(amount).dividedBy(from.rate).times(to.rate);
  return `≈ ${formatMoney({ amount: value, currency: to.code, symbol: to.symbol, decimals: to.decimals })} in ${to.code}`;
}

/** A sign's tone: gains green, losses red, nothing plain. */
export const toneOf = (amount: Decimal.Value): 'gain' | 'loss' | 'flat' => {
  const value = new Money(amount);
  return value.greaterThan(0) ? 'gain' : value.lessThan(0) ? 'loss' : 'flat';
};
