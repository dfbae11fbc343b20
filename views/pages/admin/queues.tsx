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

function DepositRows({ rows }: { rows: DepositRow[] }) {
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id}>
          <td data-label="Customer">
            <Customer row={row} />
          </td>
          <td data-label="Reference">
            <code>{row.reference}</code>
          </td>
          <td data-label="Expected" className="money">
            {money(row.amount_expected, row.currency)}
          </td>
          <td data-label="Received" className="money">
            {money(row.amount_received, row.currency)}
          </td>
          <td data-label="Opened">{formatWhen(row.created_at)}</td>
          <td data-label="Status">
            <Status status={row.status} />
          </td>
          <td data-label="Reason" className="staff-reason">
            {row.reason ?? '—'}
          </td>
          <td data-label="Decided">
            <Decided row={row} />
          </td>
          <td>
            {row.status === 'pending' ? (
              <Island
                island={QueueDecision}
                client="visible"
                props={{ kind: 'deposit' as const, id: row.id, summary: `${row.reference} from ${row.customer.name}`, suggested: row.amount_expected, currency: row.currency }}
              />
            ) : null}
          </td>
        </tr>
      ))}
    </>
  );
}

function WithdrawalRows({ rows }: { rows: WithdrawalRow[] }) {
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id}>
          <td data-label="Customer">
            <Customer row={row} />
          </td>
          <td data-label="Amount" className="money">
            {money(row.amount, row.currency)}
          </td>
          <td data-label="To" className="staff-reason">
            {row.method === 'crypto' ? 'Wallet' : 'Bank'}: {row.destination}
          </td>
          <td data-label="Requested">{formatWhen(row.created_at)}</td>
          <td data-label="Status">
            <Status status={row.status} />
          </td>
          <td data-label="Payout / reason" className="staff-reason">
            {row.payout_reference ?? row.reason ?? '—'}
          </td>
          <td data-label="Decided">
            <Decided row={row} />
          </td>
          <td>
            {row.status === 'pending' ? (
              <Island
                island={QueueDecision}
                client="visible"
                props={{ kind: 'withdrawal' as const, id: row.id, summary: `${money(row.amount, row.currency)} to ${row.customer.name}`, suggested: null, currency: row.currency }}
              />
            ) : null}
          </td>
        </tr>
      ))}
    </>
  );
}

function DocumentRows({ rows }: { rows: DocumentRow[] }) {
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id}>
          <td data-label="Customer">
            <Customer row={row} />
          </td>
          <td data-label="Document">{documentKindLabels[row.kind]}</td>
          <td data-label="File">
            <a href={row.file_url} target="_blank" rel="noopener" className="document-link">
              {row.is_image ? <img src={row.file_url} alt={`${documentKindLabels[row.kind]} of ${row.customer.name}`} className="document-thumb" loading="lazy" /> : null}
              <span>{row.is_image ? 'Open full size' : `Open ${row.file_name}`}</span>
            </a>
          </td>
          <td data-label="Sent">{formatWhen(row.created_at)}</td>
          <td data-label="Status">
            <Status status={row.status} />
          </td>
          <td data-label="Reason" className="staff-reason">
            {row.reason ?? '—'}
          </td>
          <td data-label="Reviewed">
            <Decided row={row} />
          </td>
          <td>
            {row.status === 'pending' ? (
              <Island
                island={QueueDecision}
                client="visible"
                props={{ kind: 'document' as const, id: row.id, summary: `${documentKindLabels[row.kind]} of ${row.customer.name}`, suggested: null, currency: '' }}
              />
            ) : null}
          </td>
        </tr>
      ))}
    </>
  );
}

const headers: Record<QueueKind, string[]> = {
  deposits: ['Customer', 'Reference', 'Expected', 'Received', 'Opened', 'Status', 'Reason', 'Decided'],
  withdrawals: ['Customer', 'Amount', 'To', 'Requested', 'Status', 'Payout / reason', 'Decided'],
  documents: ['Customer', 'Document', 'File', 'Sent', 'Status', 'Reason', 'Reviewed'],
};

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
          {view.rows.length > 0 ? (
            <div className="staff-table-wrap">
              <table className="staff-table">
                <thead>
                  <tr>
                    {headers[kind].map((h) => (
                      <th key={h} scope="col">
                        {h}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">Decide</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {kind === 'deposits' ? (
                    <DepositRows rows={view.rows as DepositRow[]} />
                  ) : kind === 'withdrawals' ? (
                    <WithdrawalRows rows={view.rows as WithdrawalRow[]} />
                  ) : (
                    <DocumentRows rows={view.rows as DocumentRow[]} />
                  )}
                </tbody>
              </table>
            </div>
          ) : null}
          <Pager page={query.page} lastPage={view.lastPage} hrefOf={(n) => hrefOf(kind, query.status, query.q, n)} />
        </>
      ) : null}
    </AppShell>
  );
}
