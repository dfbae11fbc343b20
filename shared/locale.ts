import Decimal from 'decimal.js';
import { localeOf } from './api/preferences.schema';
import { Money } from './money';

/**
 * Dates and numbers in the customer's language (docs/customer-area.md#settings): the site's text stays
 * English; only how figures and dates are written follows the stored language (`localeOf`).
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An amount rounded half-up to `decimals` (as `formatAmount` does), then written the locale's way: "1.234,56" in German. */
export function formatLocaleAmount(amount: Decimal.Value, decimals: number, language: string | null | undefined): string {
  const locale = localeOf(language);
  const key = `${locale}:${decimals}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true })));
  // A decimal string is formatted exactly (no binary float on the way).
  return format.format(new Money(amount).toFixed(decimals, Decimal.ROUND_HALF_UP) as unknown as number);
}

/** A moment written in the locale, in UTC unless a time zone is given (the server does not know the browser's). */
export function formatLocaleDateTime(at: Date | string, language: string | null | undefined, timeZone = 'UTC'): string {
  const text = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at));
  return timeZone === 'UTC' ? `${text} UTC` : text;
}

/** How long ago, in the locale's words ("3 minutes ago", "hace 3 minutos"), to the nearest unit. */
export function formatLocaleAgo(at: Date | string, now: number, language: string | null | undefined): string {
  const seconds = Math.round((new Date(at).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: 'auto' });
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}
