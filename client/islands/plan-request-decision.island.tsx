import '../styles/staff-tables.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { plansApi } from '../../shared/api/endpoints/plans';
import { decisionOptions, DecisionOutcome, type Decided } from '../components/decision';
import { ActionDialog } from '../forms/action-dialog';
import { Field } from '../forms/field';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { defineIsland } from '../runtime/define-island';

const propsSchema = z.object({
  id: z.number(),
  /** What the request is, for the dialogs ("Ada Byron: Basic (1:20) → Premium (1:200)"). */
  summary: z.string(),
});
type Props = z.infer<typeof propsSchema>;
type DialogProps = Props & { close: () => void; decided: (outcome: Decided) => void };
const decidedTitle = 'Plan request decided';

/** Approve: a 422 says what of the customer's still runs above the plan (pending orders, AutoTrader). */
function ApproveDialog({ id, summary, close, decided }: DialogProps) {
  const form = useEndpointForm(plansApi.approvePlanRequest, { initial: {}, request: () => ({ params: { id } }), ...decisionOptions(decidedTitle, close, decided) });
  return (
    <ActionDialog title="Approve plan request" confirm="Approve" form={form} onClose={close}>
      <p>{summary}</p>
      <p>The customer moves to the plan at once, with no charge, and is told so. Approve only when the leverage suits their experience and the appropriateness assessment on file.</p>
    </ActionDialog>
  );
}

function RejectDialog({ id, summary, close, decided }: DialogProps) {
  const form = useEndpointForm(plansApi.rejectPlanRequest, {
    initial: { reason: '' },
    request: ({ reason }) => ({ params: { id }, body: { reason } }),
    ...decisionOptions(decidedTitle, close, decided),
  });
  return (
    <ActionDialog title="Reject plan request" confirm="Reject" danger form={form} onClose={close}>
      <p>{summary}: the customer stays on their plan and is told why.</p>
      <Field form={form} name="reason" label="Reason for the customer (required)">
        <textarea rows={3} maxLength={500} required {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

/** A pending plan request's decision (docs/customer-area.md#plans): approve (the plan changes, no charge) or reject with a reason the customer reads. */
function PlanRequestDecision(props: Props) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [decided, setDecided] = useState<Decided | null>(null);
  if (decided) return <DecisionOutcome decided={decided} />;
  const dialog = { ...props, close: () => setOpen(null), decided: setDecided };
  return (
    <div className="staff-actions">
      <button type="button" className="small" onClick={() => setOpen('approve')} aria-label={`Approve: ${props.summary}`}>
        Approve
      </button>
      <button type="button" className="outline secondary small" onClick={() => setOpen('reject')} aria-label={`Reject: ${props.summary}`}>
        Reject
      </button>
      {open === 'approve' ? <ApproveDialog {...dialog} /> : null}
      {open === 'reject' ? <RejectDialog {...dialog} /> : null}
    </div>
  );
}

export default defineIsland({ name: 'plan-request-decision', component: PlanRequestDecision, props: propsSchema });
