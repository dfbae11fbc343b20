import { useId } from 'react';
import type { FundingOverview } from '../../../shared/api/customer-funding.schema';
import { Money } from '../../../shared/money';
import type { ShowMoney } from './method-fields';

type Rule = FundingOverview['withdrawal_methods'][number] | undefined;

/** The amount, the method's fee and what arrives. */
function WithdrawSummary({ amount, rule, money }: { amount: Money | null; rule: Rule; money: ShowMoney }) {
  const id = useId();
  const receive = amount ? Money.max(amount.minus(rule ? new Money(rule.fee) : new Money(0)), 0) : null;
  return (
    <section className="withdraw-card" aria-labelledby={id}>
      <h3 id={id}>Withdrawal Summary</h3>
      <dl className="withdraw-summary">
        <div>
          <dt>Amount</dt>
          <dd>{amount ? money(amount.toFixed(2)) : '—'}</dd>
        </div>
        <div>
          <dt>Fee</dt>
          <dd>{rule ? money(rule.fee) : '—'}</dd>
        </div>
        <div className="withdraw-receive">
          <dt>You Receive</dt>
          <dd>{receive ? money(receive.toFixed(2)) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

/** What happens after the request, with the method's own timeline. */
function WithdrawTimeline({ rule }: { rule: Rule }) {
  const id = useId();
  return (
    <section className="withdraw-card" aria-labelledby={id}>
      <h3 id={id}>Processing Timeline</h3>
      <ol className="withdraw-timeline">
        <li>
          <strong>Request Submitted</strong>
          <span>Your withdrawal is queued for review.</span>
          <small>Immediate</small>
        </li>
        <li>
          <strong>Review</strong>
          <span>Staff check the request and pay it out or reject it; a rejection returns the amount to your balance.</span>
          <small>{rule?.timeline ?? 'Depends on the method'}</small>
        </li>
        <li>
          <strong>Paid</strong>
          <span>The payout reference shows in your transaction history.</span>
        </li>
      </ol>
    </section>
  );
}

/** Beside the form: the summary of what is typed and the timeline of the chosen method. */
export function WithdrawSide({ amount, rule, money }: { amount: Money | null; rule: Rule; money: ShowMoney }) {
  return (
    <aside className="withdraw-side">
      <WithdrawSummary amount={amount} rule={rule} money={money} />
      <WithdrawTimeline rule={rule} />
    </aside>
  );
}
