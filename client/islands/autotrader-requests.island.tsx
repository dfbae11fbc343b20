import '../styles/staff-tables.css';
import './autotrader-requests.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { autotraderTexts, type StaffAutotraderRequest } from '../../shared/api/autotrader.schema';
import { automationApi } from '../../shared/api/endpoints/automation';
import { ActiveAutotraders } from '../components/active-autotraders';
import { ReasonDialog } from '../components/reason-dialog';
import { StaffListStates } from '../components/staff-list-states';
import { formatWhen } from '../lib/format';
import { staffPost, useStaffList } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

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
        <div>
          <strong>{request.user.name}</strong>
          <small className="staff-email">{request.user.email}</small>
        </div>
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

/** `/admin/autotrader` (docs/advisors.md#autotrader-decisions): staff approve or refuse AutoTrader requests and turn active ones off. */
function AutotraderRequests() {
  const [tab, setTab] = useState<Tab>('pending');
  const { items, setItems, failed, reload, retry } = useStaffList(automationApi.staffAutotraderRequests, { status: tab });
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [changed, setChanged] = useState(0);

  async function decide({ kind, request }: Decision, reason: string): Promise<string | null> {
    const note = reason.trim();
    const params = { id: request.id };
    const result =
      kind === 'refuse'
        ? await staffPost(automationApi.refuseAutotrader, { params, body: { reason } })
        : await staffPost(automationApi.approveAutotrader, { params, body: note ? { reason: note } : {} });
    // Decided meanwhile (409) or gone (404): the dialog closes and the list refreshes; any other problem (the 422 for a blank reason) shows in it.
    if (!result.ok && result.status !== 409 && result.status !== 404) return result.message;
    setDeciding(null);
    if (result.ok) {
      // It leaves the Pending tab at once; elsewhere the row shows the decision.
      const decided = result.data.data;
      setItems((list) => {
        if (!list) return list;
        if (tab === 'pending') return list.filter((r) => r.id !== request.id);
        return list.map((r) => (r.id === request.id ? decided : r));
      });
      showToast({
        kind: 'success',
        title: kind === 'approve' ? 'Request approved' : 'Request refused',
        description: kind === 'approve' ? `${request.user.name} now has AutoTrader at ${autotraderTexts.levelLabels[request.level]}.` : `${request.user.name} was told: ${reason.trim()}`,
      });
      if (kind === 'approve') setChanged((n) => n + 1);
    } else showToast({ kind: 'error', title: kind === 'approve' ? 'Not approved' : 'Not refused', description: result.message });
    void reload();
    return null;
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
            {(rows) => (
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
                      <RequestRow key={request.id} request={request} onDecide={setDeciding} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </StaffListStates>
        </div>
      </section>
      <ActiveAutotraders changed={changed} />
      {deciding ? (
        <ReasonDialog
          key={`${deciding.kind}-${deciding.request.id}`}
          title={deciding.kind === 'approve' ? 'Approve AutoTrader' : 'Refuse AutoTrader'}
          label={deciding.kind === 'approve' ? 'Note for the customer' : 'Reason for the customer'}
          required={deciding.kind === 'refuse'}
          confirm={deciding.kind === 'approve' ? 'Approve' : 'Refuse'}
          danger={deciding.kind === 'refuse'}
          onSubmit={(reason) => decide(deciding, reason)}
          onClose={() => setDeciding(null)}
        >
          <p>
            {deciding.request.user.name} ({deciding.request.user.email}) asks for AutoTrader at {autotraderTexts.levelLabels[deciding.request.level]} on {deciding.request.account_title}.
          </p>
        </ReasonDialog>
      ) : null}
    </>
  );
}

export default defineIsland({ name: 'autotrader-requests', component: AutotraderRequests, props: z.object({}) });
