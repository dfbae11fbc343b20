import { autotraderTexts, type StaffAutotraderRequest } from '../../../shared/api/autotrader.schema';
import { automationApi } from '../../../shared/api/endpoints/automation';
import { ActionDialog } from '../../forms/action-dialog';
import { Field } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';

export interface DecideProps {
  request: StaffAutotraderRequest;
  close: () => void;
  /** After the answer: the request as decided, or null when someone else decided it first or it is gone (the list is read again). */
  decided: (request: StaffAutotraderRequest | null) => void;
}

/** Who asks for what, in both dialogs. */
function Asks({ request }: { request: StaffAutotraderRequest }) {
  return (
    <p>
      {request.user.name} ({request.user.email}) asks for AutoTrader at {autotraderTexts.levelLabels[request.level]} on {request.account_title}.
    </p>
  );
}

/** Approve, with an optional note the customer reads. */
function ApproveDialog({ request, close, decided }: DecideProps) {
  const form = useEndpointForm(automationApi.approveAutotrader, {
    initial: { reason: '' },
    request: ({ reason }) => ({ params: { id: request.id }, body: reason.trim() ? { reason: reason.trim() } : {} }),
    settledElsewhere: true,
    done: ({ data, message }) =>
      data
        ? { kind: 'success', title: 'Request approved', description: `${request.user.name} now has AutoTrader at ${autotraderTexts.levelLabels[request.level]}.` }
        : { kind: 'error', title: 'Not approved', description: message ?? '' },
    onDone: ({ data }) => {
      close();
      decided(data?.data ?? null);
    },
  });
  return (
    <ActionDialog title="Approve AutoTrader" confirm="Approve" form={form} onClose={close}>
      <Asks request={request} />
      <Field form={form} name="reason" label="Note for the customer (optional)">
        <textarea rows={3} maxLength={500} {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

/** Refuse, with the reason the customer is told. */
function RefuseDialog({ request, close, decided }: DecideProps) {
  const form = useEndpointForm(automationApi.refuseAutotrader, {
    initial: { reason: '' },
    request: ({ reason }) => ({ params: { id: request.id }, body: { reason } }),
    settledElsewhere: true,
    done: ({ data, message }, { reason }) =>
      data ? { kind: 'success', title: 'Request refused', description: `${request.user.name} was told: ${reason.trim()}` } : { kind: 'error', title: 'Not refused', description: message ?? '' },
    onDone: ({ data }) => {
      close();
      decided(data?.data ?? null);
    },
  });
  return (
    <ActionDialog title="Refuse AutoTrader" confirm="Refuse" danger form={form} onClose={close}>
      <Asks request={request} />
      <Field form={form} name="reason" label="Reason for the customer (required)">
        <textarea rows={3} maxLength={500} required {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

/** The decision staff chose for a pending request. */
export function DecideDialog({ kind, ...props }: DecideProps & { kind: 'approve' | 'refuse' }) {
  return kind === 'approve' ? <ApproveDialog {...props} /> : <RefuseDialog {...props} />;
}
