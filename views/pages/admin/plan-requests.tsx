import { StaffProblem } from '../../components/staff-problem';
import type { ReactNode } from 'react';
import type { QueueTab } from '../../../shared/api/funding.schema';
import type { PlanRequestQuery, PlanRequestRow } from '../../../shared/api/plans.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import PlanRequestDecision from '../../../client/islands/plan-request-decision.island';
import { QueueStatus } from '../../../client/components/queue-status';
import { CustomerCell } from '../../../client/components/customer-cell';
import { formatWhen } from '../../../client/lib/format';
import { AppShell } from '../../components/app-shell';
import { Pager } from '../../../client/components/pager';
import { QueueFilters, QueueSummary } from '../../components/queue-filters';
import { StaffTable, type Column } from '../../../client/components/staff-table';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';
import { money } from './customers';

export interface PlanRequestsView {
  rows: PlanRequestRow[];
  total: number;
  lastPage: number;
  pending: number;
}

const hrefOf = (tab: QueueTab, q?: string, page = 1) => {
  const params = new URLSearchParams({ status: tab });
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return `${paths.adminPlanRequests}?${params}`;
};

const planName = (plan: { title: string; leverage: number } | null) => (plan ? `${plan.title} (1:${plan.leverage})` : 'No plan');

/** A row's status and outcome are rendered again in place after a decision (client/forms/regions.ts). */
const regionOf = (row: PlanRequestRow, part: string) => `${part}-${row.id}`;

/** How the move was made: paid, approved by whom (or at once: a free move down), rejected with its reason. */
function Outcome({ row }: { row: PlanRequestRow }) {
  if (row.status === 'pending') return <span data-region={regionOf(row, 'outcome')}>—</span>;
  const how =
    row.status === 'paid'
      ? `Paid ${row.price !== null && row.currency ? money(row.price, row.currency) : ''} from the Live balance`
      : row.status === 'approved'
        ? row.decided_by
          ? `Approved by ${row.decided_by}`
          : 'At once: a free move that did not raise leverage'
        : `Rejected by ${row.decided_by ?? '—'}`;
  return (
    <div data-region={regionOf(row, 'outcome')}>
      {how}
      {row.reason ? <small className="queue-reason">{row.reason}</small> : null}
      {row.decided_at ? <small className="staff-email">{formatWhen(row.decided_at)}</small> : null}
    </div>
  );
}

const columns: readonly Column<PlanRequestRow>[] = [
  {
    label: 'Customer',
    cell: (row) => <CustomerCell customer={row.customer} />,
    className: 'queue-customer',
  },
  { label: 'From', cell: (row) => planName(row.from_plan) },
  { label: 'To', cell: (row) => <strong>{planName(row.plan)}</strong> },
  { label: 'Asked', cell: (row) => formatWhen(row.created_at) },
  { label: 'Status', cell: (row) => <QueueStatus status={row.status} region={regionOf(row, 'status')} /> },
  { label: 'Outcome', cell: (row) => <Outcome row={row} />, className: 'staff-reason' },
  {
    label: 'Decide',
    hiddenLabel: true,
    cell: (row) =>
      row.status === 'pending' ? (
        <Island island={PlanRequestDecision} client="visible" props={{ id: row.id, summary: `${row.customer.name}: ${planName(row.from_plan)} → ${planName(row.plan)}` }} />
      ) : null,
  },
];

interface Props {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  query: PlanRequestQuery;
  view: PlanRequestsView | null;
  problem: string | null;
}

/** `/admin/plan-requests` (docs/customer-area.md#plans): customers' moves to another plan, pending first. */
export function PlanRequestsPage({ settings, user, csrfToken, query, view, problem }: Props): ReactNode {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="plan-requests">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Plan requests</h1>
        <p>
          Customers asking for a plan that needs approval (no charge): approve when the leverage suits them, or reject with a reason they read. Paid moves and free moves down are listed to be seen.
        </p>
      </section>
      <QueueFilters action={paths.adminPlanRequests} q={query.q} status={query.status} pending={view ? view.pending : null} placeholder="Customer e-mail" doneLabel="Decided" />
      <StaffProblem message={problem} />
      {view ? (
        <>
          <QueueSummary total={view.total} pending={view.pending} status={query.status} />
          <StaffTable rows={view.rows} rowKey={(row) => row.id} columns={columns} />
          <Pager page={query.page} lastPage={view.lastPage} hrefOf={(n) => hrefOf(query.status, query.q, n)} />
        </>
      ) : null}
    </AppShell>
  );
}
