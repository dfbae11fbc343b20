import { fundingApi } from '../../../shared/api/endpoints/funding';
import { decisionOptions } from '../../components/decision';
import { ActionDialog } from '../../forms/action-dialog';
import { Field } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { decidedTitles, type DialogProps } from './row';

/** Confirm a bank transfer or a held deposit with the amount received (it starts from what was expected). */
function ConfirmDeposit({ row, close, decided }: DialogProps) {
  const form = useEndpointForm(fundingApi.confirmDeposit, {
    initial: { amount_received: row.suggested ?? '' },
    request: (v) => ({ params: { id: row.id }, body: { amount_received: v.amount_received.trim() } }),
    ...decisionOptions(decidedTitles.deposit, close, decided),
  });
  return (
    <ActionDialog title="Confirm deposit" confirm="Confirm" form={form} onClose={close}>
      <p>{row.summary}</p>
      {row.held ? <p className="queue-reason">{row.held}</p> : null}
      <Field form={form} name="amount_received" label={`Amount received (${row.currency})`} input={{ required: true, inputMode: 'decimal' }} />
    </ActionDialog>
  );
}

function PayWithdrawal({ row, close, decided }: DialogProps) {
  const form = useEndpointForm(fundingApi.payWithdrawal, {
    initial: { payout_reference: '' },
    request: (v) => ({ params: { id: row.id }, body: { payout_reference: v.payout_reference.trim() } }),
    ...decisionOptions(decidedTitles.withdrawal, close, decided),
  });
  return (
    <ActionDialog title="Mark withdrawal paid" confirm="Mark paid" form={form} onClose={close}>
      <p>{row.summary}</p>
      <Field form={form} name="payout_reference" label="Payout reference" input={{ required: true }} />
    </ActionDialog>
  );
}

/** A card withdrawal: the provider refunds the card. A refusal (503: it said no, or did not answer) leaves it pending, its message saying what to do. */
function RefundWithdrawal({ row, close, decided }: DialogProps) {
  const form = useEndpointForm(fundingApi.refundWithdrawal, {
    initial: {},
    request: () => ({ params: { id: row.id } }),
    ...decisionOptions(decidedTitles.withdrawal, close, decided),
  });
  return (
    <ActionDialog title="Refund to card" confirm="Refund to card" form={form} onClose={close}>
      <p>{row.summary}</p>
      <p>The payment provider refunds the card that paid; the withdrawal is paid once it has. If the provider refuses, it stays pending.</p>
    </ActionDialog>
  );
}

function ApproveDocument({ row, close, decided }: DialogProps) {
  const form = useEndpointForm(fundingApi.approveDocument, {
    initial: {},
    request: () => ({ params: { id: row.id } }),
    ...decisionOptions(decidedTitles.document, close, decided),
  });
  return (
    <ActionDialog title="Approve document" confirm="Approve" form={form} onClose={close}>
      <p>{row.summary}</p>
      <p>The customer is told it was checked and approved.</p>
    </ActionDialog>
  );
}

/** Confirm, mark paid, refund to the card or approve: the row's positive decision. */
export function AcceptDialog(props: DialogProps) {
  const { kind, refund } = props.row;
  if (kind === 'deposit') return <ConfirmDeposit {...props} />;
  if (kind === 'document') return <ApproveDocument {...props} />;
  return refund ? <RefundWithdrawal {...props} /> : <PayWithdrawal {...props} />;
}
