import { formatAmount, Money } from '../../shared/money';

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
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A time in UTC as the market screens say it: `13:57 UTC` for one of today (UTC), `21 Nov 21:59 UTC` for an older one. */
export function formatUtcClock(iso: string, now: Date): string {
  const at = new Date(iso);
  const today = at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  return `${at.toLocaleString('en-GB', { ...(today ? {} : { day: 'numeric', month: 'short' }), hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** A day as screens show it ("23 Dec 2026"). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
