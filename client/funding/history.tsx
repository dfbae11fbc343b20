import './history.css';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { historyKinds, type HistoryQuery, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { formatDate, formatMoney } from '../lib/format';

/**
 * The pieces the wallet and the transaction history share (server-rendered and inside their islands):
 * money in the account's currency, the status badge, the signed amount, the row's details.
 */

/** Each currency's symbol and decimals (from the site data), so amounts read `$1,000.00` rather than `1,000.00 USD`. */
export const currencyFormats = z.record(z.string(), z.object({ symbol: z.string(), decimals: z.number() }));
export type CurrencyFormats = z.infer<typeof currencyFormats>;

export function showMoney(amount: string, currency: string, formats: CurrencyFormats, decimals?: number): string {
  const known = formats[currency];
  return formatMoney({ amount, currency, ...(known ? { symbol: known.symbol, decimals: decimals ?? known.decimals } : decimals === undefined ? {} : { decimals }) });
}

/** Green when the money moved, red when it did not, grey when the customer took it back, yellow while it waits. */
export type StatusTone = 'done' | 'failed' | 'cancelled' | 'waiting';
export function statusTone(status: HistoryRow['status']): StatusTone {
  switch (status) {
    case 'confirmed':
    case 'paid':
    case 'completed':
      return 'done';
    case 'rejected':
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'waiting';
  }
}

export function StatusBadge({ row }: { row: Pick<HistoryRow, 'status' | 'status_label'> }) {
  return <span className={`funding-status funding-status-${statusTone(row.status)}`}>{row.status_label}</span>;
}

export const kindLabels: Record<HistoryRow['kind'], string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  trade: 'Trade',
  transfer: 'Transfer',
  savings: 'Savings',
  charge: 'Fee or purchase',
  adjustment: 'Adjustment',
};

/** The amount with its sign: money in green with "+", money out red with "−". */
export function SignedAmount({ row, formats }: { row: Pick<HistoryRow, 'amount' | 'currency'>; formats: CurrencyFormats }) {
  const out = row.amount.startsWith('-');
  const text = showMoney(out ? row.amount.slice(1) : row.amount, row.currency, formats);
  return (
    <span className={out ? 'funding-amount out' : 'funding-amount in'}>
      <span className="visually-hidden">{out ? 'Out: ' : 'In: '}</span>
      <span aria-hidden="true">{out ? '−' : '+'}</span>
      {text}
    </span>
  );
}

/**
 * A date and time. The server does not know the reader's time zone, so the first render (on the server
 * and while hydrating) says UTC; in the browser it then shows local time.
 */
export function When({ iso }: { iso: string | null }) {
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  if (!iso) return <>—</>;
  const text = formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', ...(local ? {} : { timeZone: 'UTC' }) });
  return <time dateTime={iso}>{text}</time>;
}

/** "View Details": a disclosure (it opens without scripts) with where the money went or came from, the fee, the reason and the dates. */
export function RowDetails({ row, formats }: { row: HistoryRow; formats: CurrencyFormats }) {
  return (
    <details className="funding-details">
      <summary>View Details</summary>
      <dl>
        <div>
          <dt>Description</dt>
          <dd>{row.description || '—'}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd>{showMoney(row.fee, row.currency, formats)}</dd>
        </div>
        {row.reason ? (
          <div>
            <dt>Reason</dt>
            <dd>{row.reason}</dd>
          </div>
        ) : null}
        <div>
          <dt>Requested</dt>
          <dd>
            <When iso={row.created_at} />
          </dd>
        </div>
        {row.updated_at ? (
          <div>
            <dt>Updated</dt>
            <dd>
              <When iso={row.updated_at} />
            </dd>
          </div>
        ) : null}
      </dl>
    </details>
  );
}

export const historyStatuses = ['all', 'pending', 'completed', 'rejected', 'cancelled'] as const;
export const historyFilters = z.object({
  kind: z.enum(['all', ...historyKinds]),
  status: z.enum(historyStatuses),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  page: z.number(),
});
export type HistoryFilters = z.infer<typeof historyFilters>;

/** The filters as the API's query: defaults and empty dates left out. */
export function historyQueryOf(filters: HistoryFilters, page = filters.page): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.kind !== 'all') query.kind = filters.kind;
  if (filters.status !== 'all') query.status = filters.status;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (page > 1) query.page = String(page);
  return query;
}

/** The history page's address for these filters (and page). */
export function historyHref(base: string, filters: HistoryFilters, page = 1): string {
  const query = new URLSearchParams(historyQueryOf(filters, page)).toString();
  return query ? `${base}?${query}` : base;
}

/** The filters as the endpoint takes them (what `call` sends). */
export function apiQueryOf(filters: HistoryFilters, page = filters.page): HistoryQuery {
  return { kind: filters.kind, status: filters.status, page, ...(filters.from ? { from: filters.from } : {}), ...(filters.to ? { to: filters.to } : {}) };
}
