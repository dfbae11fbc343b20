import './deposit-steps.css';
import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { customerFundingTexts } from '../../shared/api/customer-funding.schema';
import { wireDecimal } from '../../shared/api/wire';
import { Money } from '../../shared/money';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { AmountField, amountProblem, moneyText } from './deposit-parts';

const props = z.object({
  currency: z.string(),
  min: wireDecimal,
  max: wireDecimal,
  quick: z.array(wireDecimal),
  /** The provider's test mode: the page names the test card. */
  sandbox: z.boolean(),
  /** An amount to start with (Try again after a cancelled payment). */
  amount: z.string(),
});

/**
 * The card step's "Fund Account" (docs/funding.md#card-deposits): the amount only. Continue asks the API
 * for a checkout at the provider and sends the browser there with `location.assign` (a form post's
 * redirect to another origin would be refused by CSP form-action). No card field is ever on our page.
 */
function CardDeposit({ currency, min, max, quick, sandbox, amount: firstAmount }: z.infer<typeof props>) {
  const id = useId();
  const [amount, setAmount] = useState(firstAmount);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const limits = { min, max, currency };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = amountProblem(amount, limits);
    setError(problem);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    const result = await call(customerFundingApi.cardDeposit, { body: { amount: amount.trim() } });
    if (result.ok) {
      // Stay busy: the browser is leaving for the provider's page.
      window.location.assign(result.data.data.url);
      return;
    }
    setBusy(false);
    const fieldMessage = result.errors.amount?.[0];
    if (fieldMessage) setError(fieldMessage);
    else setFailure(result.message ?? customerFundingTexts.providerUnavailable);
  };

  const amountId = `${id}-amount`;
  return (
    <form className="deposit-step-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy || undefined}>
      <fieldset className="quick-amounts">
        <legend>Quick Select Amount</legend>
        <div className="quick-amount-buttons">
          {quick.map((value) => (
            <button
              key={value}
              type="button"
              className="quick-amount"
              aria-pressed={amount.trim() !== '' && /^\d+(\.\d+)?$/.test(amount.trim()) && new Money(amount.trim()).equals(value)}
              onClick={() => {
                setAmount(new Money(value).toFixed());
                setError(null);
              }}
            >
              {moneyText(value, currency)}
            </button>
          ))}
        </div>
      </fieldset>
      <AmountField
        id={amountId}
        label={`Amount (${currency})`}
        value={amount}
        error={error}
        hint={`From ${moneyText(min, currency)} to ${moneyText(max, currency)}.`}
        onChange={(value) => {
          setAmount(value);
          if (error) setError(amountProblem(value, limits));
        }}
      />
      <p className="provider-note">You will pay on our payment provider’s secure page; your card details are never sent to us.</p>
      {sandbox ? (
        <p className="sandbox-note" data-testid="sandbox-card-hint">
          Sandbox: use test card 4242 4242 4242 4242
        </p>
      ) : null}
      {failure ? (
        <p className="step-failure" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Opening the secure payment page…' : 'Continue to secure payment'}
      </button>
    </form>
  );
}

export default defineIsland({ name: 'deposit-card', component: CardDeposit, props });
