import { formatAmount, Money } from '../../shared/money';

/** A price to a fixed number of decimals for display (client-spec §9: 5 in tickets, 4 on buttons, 3 in the table). */
export function formatPrice(value: string | null | undefined, decimals: number): string {
  if (value === null || value === undefined || value === '') return '—';
  try {
    return new Money(value).toFixed(decimals);
  } catch {
    return '—';
  }
}

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
