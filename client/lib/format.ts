import type Decimal from 'decimal.js';
import { localeOf } from '../../shared/api/preferences.schema';
import { formatLocaleAgo, formatLocaleAmount } from '../../shared/locale';
import { Money } from '../../shared/money';
import { currentUser } from '../state/session';

/**
 * How the page writes money, counts and dates: in the signed-in person's language (docs/customer-area.md#settings), on the
 * server's render and in the browser alike (the page's user is the render's own). Every screen formats through here;
 * prices and lots keep the market's notation, the one the order ticket's fields take.
 */
const language = (): string | null => currentUser.value?.language ?? null;
const pageLocale = (): string => localeOf(language());

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** A cached formatter of the page's locale (building one is far dearer than using it). */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = pageLocale();
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A moment in the page's locale; a time of day in UTC is followed by " UTC", so it is never read as local time. */
export function formatDate(at: Date | string, options: Intl.DateTimeFormatOptions): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '—';
  const text = dateFormat(options).format(date);
  return options.timeZone === 'UTC' && (options.hour || options.timeStyle) ? `${text} UTC` : text;
}

/** An amount with the locale's grouping and decimal mark ("12,345.67", "12.345,67"), rounded half-up. */
export const formatAmount = ({ amount, decimals = 2 }: { amount: Decimal.Value; decimals?: number }): string => formatLocaleAmount(amount, decimals, language());

/** An amount and its currency: "12,345.67 USD", or with a symbol "$12,345.67" / "-$5.00". */
export function formatMoney({ amount, currency, symbol, decimals = 2 }: { amount: Decimal.Value; currency: string; symbol?: string; decimals?: number }): string {
  const text = formatAmount({ amount, decimals });
  if (!symbol) return `${text} ${currency}`;
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** How long ago, in the page's language ("3 minutes ago", "vor 3 Minuten"), from `now` (the server's clock when it rendered, so hydration agrees). */
export const formatAgo = (at: Date | string, now: number): string => formatLocaleAgo(at, now, language());

/** A whole count with the locale's grouping ("2,000", "2.000"). */
export const formatCount = (count: number): string => formatLocaleAmount(count, 0, language());

/** A price to a fixed number of decimals for display (5 in tickets, 4 on buttons, 3 in the table: docs/trade-room.md#price-display). */
export function formatPrice(value: string | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '—';
  try {
    return new Money(value).toFixed(decimals);
  } catch {
    return '—';
  }
}

/** A size in lots as every screen shows it: two decimals, the lot step ("1.00"). */
export const formatLots = (value: string): string => formatPrice(value, 2);

/** A money figure with thousands separators and 2 decimals. */
export function formatFigure(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '' || value === '∞') return value === '∞' ? '∞' : '—';
  return formatAmount({ amount: value });
}

/** Green for a gain, red for a loss. */
export function signClass(value: string | null | undefined): string {
  if (!value) return '';
  return value.startsWith('-') ? 'loss' : Number(value) > 0 ? 'gain' : '';
}

/** A date and time as staff read it ("12 Mar 2025, 14:05"), or a dash. */
export const formatWhen = (iso: string | null): string => (iso ? formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** A time in UTC as the market screens say it: `13:57 UTC` for one of today (UTC), `21 Nov 21:59 UTC` for an older one. */
export function formatUtcClock(iso: string, now: Date): string {
  const at = new Date(iso);
  const today = at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  return formatDate(at, { ...(today ? {} : { day: 'numeric', month: 'short' }), hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
}

/** A day as screens show it ("23 Dec 2026"). */
export function formatDay(iso: string): string {
  return formatDate(iso, { day: 'numeric', month: 'short', year: 'numeric' });
}
