import './deposit-steps.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import type { FieldErrors } from '../../shared/api/common.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { customerFundingTexts } from '../../shared/api/customer-funding.schema';
import { wireDecimal } from '../../shared/api/wire';
import { Money } from '../../shared/money';
import { useEndpointForm } from '../forms/use-endpoint-form';
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

/** The original's quick amounts: pressed while the amount is theirs. */
function QuickAmounts({ quick, currency, amount, choose }: { quick: readonly string[]; currency: string; amount: string; choose: (amount: string) => void }) {
  const typed = amount.trim();
  return (
    <fieldset className="quick-amounts">
      <legend>Quick Select Amount</legend>
      <div className="quick-amount-buttons">
        {quick.map((value) => (
          <button
            key={value}
            type="button"
            className="quick-amount"
            aria-pressed={typed !== '' && /^\d+(\.\d+)?$/.test(typed) && new Money(typed).equals(value)}
            onClick={() => choose(new Money(value).toFixed())}
          >
            {moneyText(value, currency)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The card step's "Fund Account" (docs/funding.md#card-deposits): the amount only. Continue asks the API
 * for a checkout at the provider and sends the browser there with `location.assign` (a form post's
 * redirect to another origin would be refused by CSP form-action). No card field is ever on our page.
 */
function CardDeposit({ currency, min, max, quick, sandbox, amount }: z.infer<typeof props>) {
  // Once the checkout is made the browser is leaving for the provider's page: the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const form = useEndpointForm(customerFundingApi.cardDeposit, {
    initial: { amount },
    request: (values) => ({ body: { amount: values.amount.trim() } }),
    check: (values): FieldErrors => {
      const problem = amountProblem(values.amount, { min, max, currency });
      return problem ? { amount: [problem] } : {};
    },
    fallback: customerFundingTexts.providerUnavailable,
    onDone: ({ data }) => {
      if (!data) return;
      setLeaving(true);
      window.location.assign(data.data.url);
    },
  });
  const busy = form.busy || leaving;
  return (
    <form className="deposit-step-form" noValidate onSubmit={form.submit} aria-busy={busy || undefined}>
      <QuickAmounts quick={quick} currency={currency} amount={form.values.amount} choose={(value) => form.set({ amount: value })} />
      <AmountField
        id={form.idOf('amount')}
        label={`Amount (${currency})`}
        value={form.values.amount}
        error={form.error('amount') ?? null}
        hint={`From ${moneyText(min, currency)} to ${moneyText(max, currency)}.`}
        onChange={(value) => form.set({ amount: value })}
      />
      <p className="provider-note">You will pay on our payment provider’s secure page; your card details are never sent to us.</p>
      {sandbox ? (
        <p className="sandbox-note" data-testid="sandbox-card-hint">
          Sandbox: use test card 4242 4242 4242 4242
        </p>
      ) : null}
      {form.problem ? (
        <p className="step-failure" role="alert">
          {form.problem}
        </p>
      ) : null}
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Opening the secure payment page…' : 'Continue to secure payment'}
      </button>
    </form>
  );
}

export default defineIsland({ name: 'deposit-card', component: CardDeposit, props });
