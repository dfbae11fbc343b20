import '../styles/staff-tables.css';
import './autotrader-requests.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { autotraderTexts, type StaffAutotraderRequest } from '../../shared/api/autotrader.schema';
import { automationApi } from '../../shared/api/endpoints/automation';
import { ActiveAutotraders } from '../components/active-autotraders';
import { CustomerCell } from '../components/customer-cell';
import { StaffListStates } from '../components/staff-list-states';
import { formatWhen } from '../lib/format';
import { useStaffList } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';
import { DecideDialog } from './autotrader-requests/decide-dialogs';

const tabs = ['pending', 'approved', 'refused', 'all'] as const;
type Tab = (typeof tabs)[number];
const tabLabels: Record<Tab, string> = { pending: 'Pending', approved: 'Approved', refused: 'Refused', all: 'All' };
const emptyTexts: Record<Tab, string> = { pending: 'No pending requests', approved: 'No approved requests', refused: 'No refused requests', all: 'No requests yet' };

type Decision = { kind: 'approve' | 'refuse'; request: StaffAutotraderRequest };

function RequestRow({ request, onDecide }: { request: StaffAutotraderRequest; onDecide: (decision: Decision) => void }) {
  const pending = request.status === 'pending';
  return (
    <tr>
      <td data-label="Customer">
        <CustomerCell customer={request.user} />
      </td>
      <td data-label="Level">{autotraderTexts.levelLabels[request.level]}</td>
      <td data-label="Account">{request.account_title}</td>
      <td data-label="Requested">{formatWhen(request.created_at)}</td>
      <td data-label="Status">
        <span className={`status-badge status-${request.status}`}>{tabLabels[request.status]}</span>
      </td>
      <td data-label="Reason" className="staff-reason">
        {request.reason ?? '—'}
      </td>
      <td data-label="Decided">
        {request.decided_at ? (
          <div>
            {request.decided_by ?? '—'}
            <small className="staff-email">{formatWhen(request.decided_at)}</small>
          </div>
        ) : (
          '—'
        )}
      </td>
      <td>
        {pending ? (
          <div className="staff-actions">
            <button type="button" className="small" onClick={() => onDecide({ kind: 'approve', request })} aria-label={`Approve ${request.user.name}'s request`}>
              Approve
            </button>
            <button type="button" className="outline secondary small" onClick={() => onDecide({ kind: 'refuse', request })} aria-label={`Refuse ${request.user.name}'s request`}>
              Refuse
            </button>
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/** The requests under one tab, as a table; `onDecide` opens a pending one's decision. */
function RequestsTable({ rows, onDecide }: { rows: readonly StaffAutotraderRequest[]; onDecide: (decision: Decision) => void }) {
  return (
    <div className="staff-table-wrap">
      <table className="staff-table">
        <thead>
          <tr>
            <th scope="col">Customer</th>
            <th scope="col">Level</th>
            <th scope="col">Account</th>
            <th scope="col">Requested</th>
            <th scope="col">Status</th>
            <th scope="col">Reason</th>
            <th scope="col">Decided</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((request) => (
            <RequestRow key={request.id} request={request} onDecide={onDecide} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/admin/autotrader` (docs/advisors.md#autotrader-decisions): staff approve or refuse AutoTrader requests and turn active ones off. */
function AutotraderRequests() {
  const [tab, setTab] = useState<Tab>('pending');
  const { items, setItems, failed, reload, retry } = useStaffList(automationApi.staffAutotraderRequests, { status: tab });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [changed, setChanged] = useState(0);

  /** A decided request leaves the Pending tab at once and elsewhere shows its decision; an approval adds to the active ones. */
  function decided(request: StaffAutotraderRequest | null) {
    if (request) {
      setItems((list) => (tab === 'pending' ? (list?.filter((r) => r.id !== request.id) ?? null) : (list?.map((r) => (r.id === request.id ? request : r)) ?? null)));
      if (request.status === 'approved') setChanged((n) => n + 1);
    }
    void reload();
  }

  return (
    <>
      <section className="staff-section" aria-labelledby="autotrader-requests">
        <h2 id="autotrader-requests">Requests</h2>
        <div role="tablist" aria-label="Requests by status" className="staff-tabs">
          {tabs.map((id) => (
            <button key={id} id={`requests-tab-${id}`} type="button" role="tab" aria-selected={tab === id} aria-controls="requests-panel" onClick={() => setTab(id)}>
              {tabLabels[id]}
            </button>
          ))}
        </div>
        <div id="requests-panel" role="tabpanel" aria-labelledby={`requests-tab-${tab}`}>
          <StaffListStates items={items} failed={failed} retry={retry} failedText="Failed to load the AutoTrader requests." emptyText={emptyTexts[tab]}>
            {(rows) => <RequestsTable rows={rows} onDecide={setDeciding} />}
          </StaffListStates>
        </div>
      </section>
      <ActiveAutotraders changed={changed} />
      {deciding ? <DecideDialog kind={deciding.kind} request={deciding.request} close={() => setDeciding(null)} decided={decided} /> : null}
    </>
  );
}

export default defineIsland({ name: 'autotrader-requests', component: AutotraderRequests, props: z.object({}) });
