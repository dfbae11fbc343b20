import type { HistoryRow } from '../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { pathOf } from '../../shared/api/endpoint';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import HistoryTable from '../../client/islands/history-table.island';
import { AppShell } from '../components/app-shell';
import { historyHref, historyQueryOf, type CurrencyFormats, type HistoryFilters } from '../../client/funding/history';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';
import { formatCount } from '../../client/lib/format';

const kindTabs: readonly [HistoryFilters['kind'], string][] = [
  ['all', 'All History'],
  ['deposit', 'Deposits'],
  ['withdrawal', 'Withdrawals'],
  ['trade', 'Trades'],
  ['transfer', 'Transfers'],
  ['savings', 'Savings'],
  ['charge', 'Fees & purchases'],
  ['adjustment', 'Adjustments'],
];
const statusOptions: readonly [HistoryFilters['status'], string][] = [
  ['all', 'All statuses'],
  ['pending', 'Pending'],
  ['completed', 'Completed'],
  ['rejected', 'Rejected'],
  ['cancelled', 'Cancelled'],
];

export interface HistoryView {
  filters: HistoryFilters;
  /** The page of rows, or null when the API could not answer (or refused the filters: `problem`). */
  rows: HistoryRow[] | null;
  lastPage: number;
  total: number;
  problem: string | null;
  formats: CurrencyFormats;
}

/** `/main/transaction-history` (docs/funding.md#transaction-history): the account's statement (every entry of its ledger and every funding request), filtered, paged, exportable. */
export function TransactionHistoryPage({ settings, user, csrfToken, view }: { settings: SiteSettings; user: User; csrfToken: string; view: HistoryView }) {
  const { filters, rows, lastPage, total, problem, formats } = view;
  // The CSV of the same filters, every row: a plain link the web tier passes to the API with the session.
  const csv = pathOf(customerFundingApi.fundingHistoryCsv, {}, historyQueryOf(filters, 1));
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="history">
      <Stylesheet src="views/pages/wallet.css" />
      <section className="page-heading">
        <h1>Transaction History</h1>
        <p>Everything that moved money on your Live account: deposits, withdrawals, trades, transfers, savings, fees and adjustments.</p>
      </section>
      <nav className="funding-tabs two-rows" aria-label="Transaction type">
        {kindTabs.map(([kind, label]) => (
          <a key={kind} href={historyHref(paths.transactionHistory, { ...filters, kind })} aria-current={filters.kind === kind ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <form method="get" action={paths.transactionHistory} className="history-filters" aria-label="Filter transactions">
        {filters.kind !== 'all' ? <input type="hidden" name="kind" value={filters.kind} /> : null}
        <label>
          Status
          <select name="status" defaultValue={filters.status}>
            {statusOptions.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={filters.from ?? ''} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={filters.to ?? ''} />
        </label>
        <div className="history-filter-buttons">
          <button type="submit">Apply</button>
          <a href={historyHref(paths.transactionHistory, { kind: filters.kind, status: 'all', from: null, to: null, page: 1 })} className="history-clear">
            Clear
          </a>
          <a className="history-export" href={csv} download>
            Export CSV
          </a>
        </div>
      </form>
      {problem ? (
        <p className="notice notice-warning wallet-notice" role="alert">
          {problem}
        </p>
      ) : (
        <>
          {rows && total > 0 ? (
            <p className="list-summary history-summary" aria-live="polite">
              {formatCount(total)} {total === 1 ? 'transaction' : 'transactions'}
            </p>
          ) : null}
          <Island island={HistoryTable} client="load" props={{ rows, lastPage, filters, formats }} />
        </>
      )}
    </AppShell>
  );
}
