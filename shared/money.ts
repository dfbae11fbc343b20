import Decimal from 'decimal.js';

/** One decimal configuration for every money and price figure: 40 significant digits, half-up, never exponent notation. */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Money = Decimal;

export function money(value: Decimal.Value): Decimal {
  return new Money(value);
}

/** `12345.6` -> `12,345.60` with the currency's decimals; the input is a decimal string, never a float. */
export function formatAmount({ amount, decimals = 2 }: { amount: Decimal.Value; decimals?: number }): string {
  const fixed = new Money(amount).toFixed(decimals, Decimal.ROUND_HALF_UP);
  const negative = fixed.startsWith('-');
  const [whole = '0', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

export function formatMoney({ amount, currency, symbol, decimals = 2 }: { amount: Decimal.Value; currency: string; symbol?: string; decimals?: number }): string {
  const text = formatAmount({ amount, decimals });
  if (!symbol) return `${text} ${currency}`;
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** An amount in its currency's code, as refusals and notices say it: `1,234.50 USD`. */
export const moneyText = (amount: Decimal.Value, currency: string): string => formatMoney({ amount, currency });
