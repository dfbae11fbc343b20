import { StaffProblem } from '../../components/staff-problem';
import { customerSorts, customerStatusFilters, type CustomerListQuery, type CustomerRow } from '../../../shared/api/back-office.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import { verificationStatuses, type User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import { formatCount, formatDay, formatMoney } from '../../../client/lib/format';
import { AppShell } from '../../components/app-shell';
import { Pager } from '../../../client/components/pager';
import { StaffTable, type Column } from '../../../client/components/staff-table';
import { CustomerCell } from '../../../client/components/customer-cell';
import { countryLabelOf } from '../../../shared/api/profile.schema';
import { Stylesheet } from '../../page-needs';

const statusLabels: Record<(typeof customerStatusFilters)[number], string> = { all: 'All', active: 'Active', pending: 'Awaiting approval', deactivated: 'Deactivated' };
const sortLabels: Record<(typeof customerSorts)[number], string> = { newest: 'Newest first', oldest: 'Oldest first', name: 'Name', email: 'E-mail', balance: 'Live balance' };

/** The verification state as staff read it ("unverified" → "Unverified"). */
export const verificationLabel = (state: string) => state.charAt(0).toUpperCase() + state.slice(1);

export const money = (amount: string | null, currency: string | null) => (amount === null || currency === null ? '—' : formatMoney({ amount, currency }));

export function StatusBadge({ status }: { status: CustomerRow['status'] }) {
  return <span className={`status-badge status-${status}`}>{statusLabels[status]}</span>;
}

export function Online({ online }: { online: boolean }) {
  return (
    <span>
      <span className={`online-dot${online ? ' on' : ''}`} aria-hidden="true" />
      {online ? 'Online' : 'Offline'}
    </span>
  );
}

const customerColumns: readonly Column<CustomerRow>[] = [
  {
    label: 'Customer',
    cell: (row) => <CustomerCell customer={row} account={row.account_number} />,
  },
  { label: 'Country', cell: (row) => countryLabelOf(row.country) ?? '—' },
  { label: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
  { label: 'Plan', cell: (row) => row.plan ?? '—' },
  { label: 'Verification', cell: (row) => verificationLabel(row.verification_status) },
  { label: 'Live balance', cell: (row) => money(row.balance, row.currency), className: 'money' },
  { label: 'Equity', cell: (row) => money(row.equity, row.currency), className: 'money' },
  { label: 'Online', cell: (row) => <Online online={row.is_online} /> },
  { label: 'Registered', cell: (row) => formatDay(row.created_at) },
];

interface CustomersProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  query: CustomerListQuery;
  /** The page of customers, or null when it could not be loaded; `problem` says why (a filter refused, the API away). */
  page: { rows: CustomerRow[]; total: number; lastPage: number } | null;
  problem: string | null;
}

const linkTo = (query: CustomerListQuery, page: number) => {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status !== 'all') params.set('status', query.status);
  if (query.verification !== 'all') params.set('verification', query.verification);
  if (query.sort !== 'newest') params.set('sort', query.sort);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `${paths.adminCustomers}?${text}` : paths.adminCustomers;
};

/** `/admin/customers` (docs/back-office.md#customers): a server-side paged list with search, a status filter and sorting; a plain GET form. */
export function CustomersPage({ settings, user, csrfToken, query, page, problem }: CustomersProps) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="customers">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Customers</h1>
        <p>Search by name, e-mail, account number or customer number.</p>
      </section>
      <form method="get" action={paths.adminCustomers} className="list-filters" role="search">
        <label>
          Search
          <input type="search" name="q" defaultValue={query.q ?? ''} maxLength={254} placeholder="Name, e-mail or account" aria-invalid={problem ? true : undefined} />
        </label>
        <label>
          Status
          <select name="status" defaultValue={query.status}>
            {customerStatusFilters.map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Verification
          <select name="verification" defaultValue={query.verification}>
            {(['all', ...verificationStatuses] as const).map((state) => (
              <option key={state} value={state}>
                {state === 'all' ? 'All' : verificationLabel(state)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Sort
          <select name="sort" defaultValue={query.sort}>
            {customerSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      <StaffProblem message={problem} />
      {page ? (
        <>
          <p className="list-summary" aria-live="polite">
            {page.total === 0 ? 'No customers match.' : `${formatCount(page.total)} customer${page.total === 1 ? '' : 's'}`}
          </p>
          <StaffTable rows={page.rows} rowKey={(row) => row.id} columns={customerColumns} />
          <Pager page={query.page} lastPage={page.lastPage} hrefOf={(n) => linkTo(query, n)} />
        </>
      ) : null}
    </AppShell>
  );
}
