import './deposit-steps.css';
import { useCallback, useState } from 'react';
import * as z from 'zod/mini';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { historyRowSchema, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { paths } from '../../shared/routes';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { moneyExact, useLiveRefresh } from './deposit-parts';

/** Polled this often while the provider's confirmation has not arrived, for at most a minute (the realtime event usually comes first). */
const pollMs = 3_000;
const pollForMs = 60_000;

const props = z.object({ deposit: historyRowSchema });

function statusOf(row: HistoryRow): { text: string; tone: 'pending' | 'done' | 'failed' } {
  switch (row.status) {
    case 'confirmed':
    case 'completed':
      return { text: 'Credited', tone: 'done' };
    case 'pending':
      return { text: 'Waiting for the provider’s confirmation', tone: 'pending' };
    // The provider reported something other than expected: staff decide it (docs/funding.md#money-from-outside).
    case 'held':
      return { text: 'Being reviewed by our team', tone: 'pending' };
    default:
      return { text: row.status_label, tone: 'failed' };
  }
}

/**
 * The card step's result after the provider sent the browser back with `result=success`: the payment
 * was taken there, and this shows the deposit until it is credited (the provider's webhook), refreshed
 * on the customer's realtime events and every 3 s for a minute.
 */
function CardResult({ deposit: first }: z.infer<typeof props>) {
  const [deposit, setDeposit] = useState(first);
  const [slow, setSlow] = useState(false);
  const waiting = deposit.status === 'pending';

  const refresh = useCallback(async () => {
    const result = await call(customerFundingApi.fundingHistory, { query: { kind: 'deposit' } });
    if (!result.ok) return;
    const row = result.data.data.find((r) => r.key === first.key);
    if (row) setDeposit(row);
  }, [first.key]);

  useLiveRefresh(() => void refresh(), { active: waiting, pollMs, forMs: pollForMs, onGiveUp: () => setSlow(true) });

  const status = statusOf(deposit);
  return (
    <div className="card-result" data-status={deposit.status}>
      <dl className="deposit-facts">
        <div>
          <dt>Amount</dt>
          <dd>{moneyExact(deposit.amount, deposit.currency)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="mono">{deposit.reference}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`deposit-status status-${status.tone}`} data-testid="card-deposit-status" role="status" aria-live="polite">
              {status.text}
            </span>
          </dd>
        </div>
      </dl>
      {status.tone === 'done' ? (
        <p className="step-note">
          {moneyExact(deposit.amount, deposit.currency)} is in your Live account. <a href={paths.dashboard}>Go to the dashboard</a>
        </p>
      ) : status.tone === 'failed' ? (
        <p className="step-note">
          {deposit.reason ?? 'Nothing was credited for this payment.'} <a href={`${paths.deposit}/card`}>Try again</a>
        </p>
      ) : deposit.status === 'held' ? (
        <p className="step-note" role="status">
          The provider’s confirmation differs from this deposit, so our team checks it before it is credited. You need do nothing: you will be told when it is decided, and you can follow it in{' '}
          <a href={paths.transactionHistory}>Transaction history</a>. Please do not pay again.
        </p>
      ) : slow ? (
        <p className="step-note" role="status">
          This is taking longer than usual. Your deposit is credited as soon as the provider confirms it; you can follow it in <a href={paths.transactionHistory}>Transaction history</a>.
        </p>
      ) : (
        <p className="step-note">This usually takes a few seconds. You may leave this page: the deposit is credited either way.</p>
      )}
    </div>
  );
}

export default defineIsland({ name: 'deposit-card-result', component: CardResult, props });
