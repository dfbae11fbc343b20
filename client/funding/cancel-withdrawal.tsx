import { useState } from 'react';
import { customerFundingTexts, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { Modal } from '../components/modal';
import { call } from '../lib/call';
import { showToast } from '../state/toasts';
import { showMoney, type CurrencyFormats } from './history';

/**
 * A pending withdrawal's "Cancel" button (in the wallet's and the history's islands): it asks first, then
 * takes the request back (`cancelWithdrawal`); the amount returns to the balance. `done` re-reads what the
 * page shows, whatever the answer (someone may have decided it meanwhile).
 */
export function CancelWithdrawal({ row, formats, done }: { row: HistoryRow; formats: CurrencyFormats; done: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const amount = showMoney(row.amount.replace(/^-/, ''), row.currency, formats);

  async function cancel() {
    setBusy(true);
    const result = await call(customerFundingApi.cancelWithdrawal, { params: { id: row.id } });
    setBusy(false);
    setAsking(false);
    if (result.ok) showToast({ kind: 'success', title: 'Withdrawal cancelled', description: result.data.message || customerFundingTexts.cancelled });
    else showToast({ kind: 'error', title: 'Not cancelled', description: result.message ?? 'The withdrawal could not be cancelled. Please try again.' });
    done();
  }

  return (
    <>
      <button type="button" className="outline secondary small funding-cancel" onClick={() => setAsking(true)} aria-label={`Cancel withdrawal ${row.reference}`}>
        Cancel
      </button>
      {asking ? (
        <Modal title="Cancel withdrawal" onClose={() => !busy && setAsking(false)} className="funding-dialog">
          <p>
            Cancel your withdrawal of {amount} ({row.method_label}, {row.reference})? The amount goes back to your balance.
          </p>
          <footer>
            <button type="button" className="secondary" disabled={busy} onClick={() => setAsking(false)}>
              Keep it
            </button>
            <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => void cancel()}>
              Cancel withdrawal
            </button>
          </footer>
        </Modal>
      ) : null}
    </>
  );
}
