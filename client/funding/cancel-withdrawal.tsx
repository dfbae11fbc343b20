import { useState, type FormEvent } from 'react';
import { customerFundingTexts, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { ActionDialog } from '../forms/action-dialog';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { showMoney, type CurrencyFormats } from './history';

interface Props {
  row: HistoryRow;
  formats: CurrencyFormats;
  done: () => void;
}

/** The question, then the request taken back; the dialog closes whatever the answer. */
function CancelDialog({ row, formats, done, close }: Props & { close: () => void }) {
  const form = useEndpointForm(customerFundingApi.cancelWithdrawal, {
    initial: {},
    request: () => ({ params: { id: row.id } }),
    done: ({ message }) => ({ kind: 'success', title: 'Withdrawal cancelled', description: message || customerFundingTexts.cancelled }),
    failureTitle: 'Not cancelled',
    fallback: 'The withdrawal could not be cancelled. Please try again.',
  });
  // A refusal is said by its toast; either way the page reads the row again (someone may have decided it meanwhile).
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!form.busy)
      void form.send().then(() => {
        close();
        done();
      });
  };
  const amount = showMoney(row.amount.replace(/^-/, ''), row.currency, formats);
  return (
    <ActionDialog title="Cancel withdrawal" confirm="Cancel withdrawal" cancel="Keep it" form={{ ...form, submit }} onClose={close} className="funding-dialog">
      <p>
        Cancel your withdrawal of {amount} ({row.method_label}, {row.reference})? The amount goes back to your balance.
      </p>
    </ActionDialog>
  );
}

/**
 * A pending withdrawal's "Cancel" button (in the wallet's and the history's islands): it asks first, then
 * takes the request back (`cancelWithdrawal`); the amount returns to the balance. `done` re-reads what the
 * page shows, whatever the answer.
 */
export function CancelWithdrawal(props: Props) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="outline secondary small funding-cancel" onClick={() => setAsking(true)} aria-label={`Cancel withdrawal ${props.row.reference}`}>
        Cancel
      </button>
      {asking ? <CancelDialog {...props} close={() => setAsking(false)} /> : null}
    </>
  );
}
