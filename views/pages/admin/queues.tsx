import type { ReactNode } from 'react';
import { queueTabs, type DepositRow, type QueueQuery, type QueueTab, type WithdrawalRow } from '../../../shared/api/funding.schema';
import { documentKindLabels, type DocumentRow } from '../../../shared/api/verification.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import QueueDecision from '../../../client/islands/queue-decision.island';
import { formatWhen } from '../../../client/lib/format';
import { AppShell } from '../../components/app-shell';
import { Pager } from '../../components/pager';
import { StaffTable, type Column } from '../../components/staff-table';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';
import { money } from './customers';

export type QueueKind = 'deposits' | 'withdrawals' | 'documents';
const tabLabels: Record<QueueTab, string> = { pending: 'Pending', done: 'Done', all: 'All' };
const statusLabels: Record<string, string> = { pending: 'Pending', confirmed: 'Confirmed', paid: 'Paid', approved: 'Approved', rejected: 'Rejected' };
const statusClass: Record<string, string> = { pending: 'status-pending', confirmed: 'status-approved', paid: 'status-approved', approved: 'status-approved', rejected: 'status-refused' };

export interface QueueView {
  kind: QueueKind;
  rows: DepositRow[] | WithdrawalRow[] | DocumentRow[];
  total: number;
  lastPage: number;
  pending: number;
}

const hrefOf = (kind: QueueKind, tab: QueueTab, q?: string, page = 1) => {
  const params = new URLSearchParams({ status: tab });
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return `${paths.adminQueues}/${kind}?${params}`;
};

function Decided({ row }: { row: DepositRow | WithdrawalRow | DocumentRow }) {
  if (row.status === 'pending') return <>—</>;
  return (
    <div>
      {row.decided_by ?? '—'}
      <small className="staff-email">{formatWhen(row.decided_at)}</small>
    </div>
  );
}

function Customer({ row }: { row: DepositRow | WithdrawalRow | DocumentRow }) {
  return (
    <div>
      <a href={`${paths.adminCustomers}/${row.customer.id}`}>
        <strong>{row.customer.name}</strong>
      </a>
      <small className="staff-email">{row.customer.email}</small>
      {'account_number' in row ? <small className="staff-email">#{row.account_number}</small> : null}
    </div>
  );
}

const Status = ({ status }: { status: string }) => <span className={`status-badge ${statusClass[status] ?? ''}`}>{statusLabels[status] ?? status}</span>;

const customerColumn: Column<DepositRow | WithdrawalRow | DocumentRow> = { label: 'Customer', cell: (row) => <Customer row={row} /> };
const statusColumn: Column<DepositRow | WithdrawalRow | DocumentRow> = { label: 'Status', cell: (row) => <Status status={row.status} /> };
const decidedColumn = (label: string): Column<DepositRow | WithdrawalRow | DocumentRow> => ({ label, cell: (row) => <Decided row={row} /> });
/** A pending row's decision buttons (an island: the dialogs). */
const decideColumn = <T extends { status: string }>(
  props: (row: T) => { kind: 'deposit' | 'withdrawal' | 'document'; id: number; summary: string; suggested: string | null; currency: string },
): Column<T> => ({
  label: 'Decide',
  hiddenLabel: true,
  cell: (row) => (row.status === 'pending' ? <Island island={QueueDecision} client="visible" props={props(row)} /> : null),
});

const depositColumns: readonly Column<DepositRow>[] = [
  customerColumn,
  { label: 'Reference', cell: (row) => <code>{row.reference}</code> },
  { label: 'Expected', cell: (row) => money(row.amount_expected, row.currency), className: 'money' },
  { label: 'Received', cell: (row) => money(row.amount_received, row.currency), className: 'money' },
  { label: 'Opened', cell: (row) => formatWhen(row.created_at) },
  statusColumn,
  { label: 'Reason', cell: (row) => row.reason ?? '—', className: 'staff-reason' },
  decidedColumn('Decided'),
  decideColumn((row) => ({ kind: 'deposit', id: row.id, summary: `${row.reference} from ${row.customer.name}`, suggested: row.amount_expected, currency: row.currency })),
];

const withdrawalColumns: readonly Column<WithdrawalRow>[] = [
  customerColumn,
  { label: 'Amount', cell: (row) => money(row.amount, row.currency), className: 'money' },
  { label: 'To', cell: (row) => `${row.method === 'crypto' ? 'Wallet' : 'Bank'}: ${row.destination}`, className: 'staff-reason' },
  { label: 'Requested', cell: (row) => formatWhen(row.created_at) },
  statusColumn,
  { label: 'Payout / reason', cell: (row) => row.payout_reference ?? row.reason ?? '—', className: 'staff-reason' },
  decidedColumn('Decided'),
  decideColumn((row) => ({ kind: 'withdrawal', id: row.id, summary: `${money(row.amount, row.currency)} to ${row.customer.name}`, suggested: null, currency: row.currency })),
];

const documentColumns: readonly Column<DocumentRow>[] = [
  customerColumn,
  { label: 'Document', cell: (row) => documentKindLabels[row.kind] },
  {
    label: 'File',
    cell: (row) => (
      <a href={row.file_url} target="_blank" rel="noopener" className="document-link">
        {row.is_image ? <img src={row.file_url} alt={`${documentKindLabels[row.kind]} of ${row.customer.name}`} className="document-thumb" loading="lazy" /> : null}
        <span>{row.is_image ? 'Open full size' : `Open ${row.file_name}`}</span>
      </a>
    ),
  },
  { label: 'Sent', cell: (row) => formatWhen(row.created_at) },
  statusColumn,
  { label: 'Reason', cell: (row) => row.reason ?? '—', className: 'staff-reason' },
  decidedColumn('Reviewed'),
  decideColumn((row) => ({ kind: 'document', id: row.id, summary: `${documentKindLabels[row.kind]} of ${row.customer.name}`, suggested: null, currency: '' })),
];

const descriptions: Record<QueueKind, string> = {
  deposits: 'Bank transfers to match by reference and confirm with the amount received, or reject.',
  withdrawals: 'Withdrawals to pay out with the payout reference, or reject (the funds go back to the balance).',
  documents: 'Identity documents to check against the account and approve, or reject with a reason the customer reads.',
};

interface QueuesProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  query: QueueQuery;
  view: QueueView | null;
  kind: QueueKind;
  problem: string | null;
}

/** `/admin/queues/{deposits,withdrawals,documents}` (docs/back-office.md#funding-queues, #verification-documents). */
export function QueuesPage({ settings, user, csrfToken, query, view, kind, problem }: QueuesProps): ReactNode {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="queues">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Queues</h1>
        <p>{descriptions[kind]}</p>
      </section>
      <nav className="staff-tabs" aria-label="Queues">
        <a href={hrefOf('deposits', 'pending')} aria-current={kind === 'deposits' ? 'page' : undefined}>
          Deposits
        </a>
        <a href={hrefOf('withdrawals', 'pending')} aria-current={kind === 'withdrawals' ? 'page' : undefined}>
          Withdrawals
        </a>
        <a href={hrefOf('documents', 'pending')} aria-current={kind === 'documents' ? 'page' : undefined}>
          Documents
        </a>
      </nav>
      <form method="get" action={`${paths.adminQueues}/${kind}`} className="list-filters queue-filters" role="search">
        <label>
          Search
          <input type="search" name="q" defaultValue={query.q ?? ''} maxLength={254} placeholder={kind === 'deposits' ? 'Reference or e-mail' : 'Customer e-mail'} />
        </label>
        <label>
          Show
          <select name="status" defaultValue={query.status}>
            {queueTabs.map((tab) => (
              <option key={tab} value={tab}>
                {tab === 'pending' && view ? `Pending (${view.pending})` : tabLabels[tab]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Show</button>
      </form>
      {problem ? (
        <p className="staff-message" role="alert">
          {problem}
        </p>
      ) : null}
      {view ? (
        <>
          <p className="list-summary" aria-live="polite">
            {view.total === 0 ? (query.status === 'pending' ? 'Nothing is waiting.' : 'Nothing matches.') : `${view.total.toLocaleString('en-GB')} shown · ${view.pending} pending`}
          </p>
          {kind === 'deposits' ? (
            <StaffTable rows={view.rows as DepositRow[]} rowKey={(row) => row.id} columns={depositColumns} />
          ) : kind === 'withdrawals' ? (
            <StaffTable rows={view.rows as WithdrawalRow[]} rowKey={(row) => row.id} columns={withdrawalColumns} />
          ) : (
            <StaffTable rows={view.rows as DocumentRow[]} rowKey={(row) => row.id} columns={documentColumns} />
          )}
          <Pager page={query.page} lastPage={view.lastPage} hrefOf={(n) => hrefOf(kind, query.status, query.q, n)} />
        </>
      ) : null}
    </AppShell>
  );
}
