import '../styles/staff-tables.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { plansApi } from '../../shared/api/endpoints/plans';
import { Modal } from '../components/modal';
import { ReasonDialog } from '../components/reason-dialog';
import { staffPost } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const propsSchema = z.object({
  id: z.number(),
  /** What the request is, for the dialogs ("Ada Byron: Basic (1:20) → Premium (1:200)"). */
  summary: z.string(),
});
type Props = z.infer<typeof propsSchema>;

/** A pending plan request's decision (docs/customer-area.md#plans): approve (the plan changes, no charge) or reject with a reason the customer reads. */
function PlanRequestDecision({ id, summary }: Props) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const params = { id };

  const done = (message: string) => {
    setOpen(null);
    showToast({ kind: 'success', title: 'Plan request decided', description: message });
    setTimeout(() => window.location.reload(), 600);
  };
  /** Someone else decided it meanwhile (409) or it is gone (404): the list is shown again as it is now. */
  const settledElsewhere = (status: number) => status === 409 || status === 404;

  async function approve() {
    setBusy(true);
    setProblem(null);
    const result = await staffPost(plansApi.approvePlanRequest, { params }, 'plan_id');
    setBusy(false);
    if (result.ok) return done(result.data.message);
    if (settledElsewhere(result.status)) return done(result.message);
    // 422: something of the customer's still runs above the plan (pending orders, AutoTrader); the message says what.
    setProblem(result.message);
  }

  async function reject(reason: string): Promise<string | null> {
    const result = await staffPost(plansApi.rejectPlanRequest, { params, body: { reason } });
    if (result.ok || settledElsewhere(result.status)) {
      done(result.ok ? result.data.message : result.message);
      return null;
    }
    return result.message;
  }

  return (
    <div className="staff-actions">
      <button type="button" className="small" onClick={() => setOpen('approve')} aria-label={`Approve: ${summary}`}>
        Approve
      </button>
      <button type="button" className="outline secondary small" onClick={() => setOpen('reject')} aria-label={`Reject: ${summary}`}>
        Reject
      </button>
      {open === 'approve' ? (
        <Modal title="Approve plan request" onClose={() => !busy && setOpen(null)} className="reason-dialog">
          <p>{summary}</p>
          <p>The customer moves to the plan at once, with no charge, and is told so. Approve only when the leverage suits their experience and the appropriateness assessment on file.</p>
          {problem ? (
            <small className="field-problem" role="alert">
              {problem}
            </small>
          ) : null}
          <footer>
            <button type="button" className="secondary" disabled={busy} onClick={() => setOpen(null)}>
              Cancel
            </button>
            <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void approve()}>
              Approve
            </button>
          </footer>
        </Modal>
      ) : null}
      {open === 'reject' ? (
        <ReasonDialog title="Reject plan request" label="Reason for the customer" required confirm="Reject" danger onSubmit={reject} onClose={() => setOpen(null)}>
          <p>{summary}: the customer stays on their plan and is told why.</p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

export default defineIsland({ name: 'plan-request-decision', component: PlanRequestDecision, props: propsSchema });
