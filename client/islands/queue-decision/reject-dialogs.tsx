import { fundingApi } from '../../../shared/api/endpoints/funding';
import { rejectionReasons, type RejectionReason } from '../../../shared/api/verification.schema';
import { decisionOptions } from '../../components/decision';
import { ActionDialog } from '../../forms/action-dialog';
import { Field } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { decidedTitles, type DialogProps } from './row';

/** Reject a deposit or a withdrawal (its amount goes back to the balance) with a reason the customer is given. */
function RejectFunding({ row, close, decided }: DialogProps) {
  const deposit = row.kind === 'deposit';
  const form = useEndpointForm(deposit ? fundingApi.rejectDeposit : fundingApi.rejectWithdrawal, {
    initial: { reason: '' },
    request: ({ reason }) => ({ params: { id: row.id }, body: { reason } }),
    ...decisionOptions(deposit ? decidedTitles.deposit : decidedTitles.withdrawal, close, decided),
  });
  return (
    <ActionDialog title={deposit ? 'Reject deposit' : 'Reject withdrawal'} confirm="Reject" danger form={form} onClose={close}>
      <p>
        {row.summary}
        {deposit ? '.' : ': the amount goes back to the customer’s balance.'}
      </p>
      {row.held ? <p className="queue-reason">{row.held}</p> : null}
      <Field form={form} name="reason" label="Reason for the customer (required)">
        <textarea rows={3} maxLength={500} required {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

/** Reject an identity document with a reason from the list and a note (required for "other"); the customer is asked for a new one. */
function RejectDocument({ row, close, decided }: DialogProps) {
  const form = useEndpointForm(fundingApi.rejectDocument, {
    initial: { reason: 'unreadable', note: '' },
    request: (v) => {
      const reason = v.reason as RejectionReason;
      return { params: { id: row.id }, body: v.note.trim() ? { reason, note: v.note.trim() } : { reason } };
    },
    ...decisionOptions(decidedTitles.document, close, decided),
  });
  return (
    <ActionDialog title="Reject document" confirm="Reject" danger form={form} onClose={close}>
      <p>{row.summary}: the customer is told why and asked for a new one.</p>
      <Field form={form} name="reason" label="Reason">
        <select {...form.field('reason')}>
          {(Object.keys(rejectionReasons) as RejectionReason[]).map((code) => (
            <option key={code} value={code}>
              {rejectionReasons[code]}
            </option>
          ))}
        </select>
      </Field>
      <Field form={form} name="note" label={`Note for the customer ${form.values.reason === 'other' ? '(required)' : '(optional)'}`}>
        <textarea rows={3} maxLength={500} {...form.field('note')} />
      </Field>
    </ActionDialog>
  );
}

/** The row's rejection: a document's, or a deposit's or withdrawal's. */
export function RejectDialog(props: DialogProps) {
  return props.row.kind === 'document' ? <RejectDocument {...props} /> : <RejectFunding {...props} />;
}
