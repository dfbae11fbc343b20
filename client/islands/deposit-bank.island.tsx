import './deposit-steps.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import type { FieldErrors } from '../../shared/api/common.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import type { ResponseOf } from '../../shared/api/endpoint';
import { wireDecimal } from '../../shared/api/wire';
import { paths } from '../../shared/routes';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { defineIsland } from '../runtime/define-island';
import { AmountField, amountProblem, CopyButton, moneyExact, moneyText } from './deposit-parts';

const props = z.object({ currency: z.string(), min: wireDecimal });

type BankDeposit = ResponseOf<typeof customerFundingApi.bankDeposit>['data'];

const failedText = 'The bank transfer could not be registered just now. Please try again in a minute.';

/** One line of the bank details, with its Copy button. */
function Detail({ label, value, copy = true, mono = false }: { label: string; value: string; copy?: boolean; mono?: boolean }) {
  return (
    <div className="bank-detail">
      <dt>{label}</dt>
      <dd>
        <span className={mono ? 'mono' : undefined}>{value}</span>
        {copy ? <CopyButton text={value} label={label} /> : null}
      </dd>
    </div>
  );
}

/** What the customer's bank needs: the broker's account and this transfer's reference (docs/funding.md#bank-transfers). */
function BankInstructions({ deposit }: { deposit: BankDeposit }) {
  const { details } = deposit;
  return (
    <section className="bank-instructions" aria-labelledby="bank-instructions-title">
      <h3 id="bank-instructions-title">Send {moneyExact(deposit.amount_expected, deposit.currency)} to this account</h3>
      <div className="reference-box">
        <p>Quote this reference in your transfer’s payment reference, exactly as shown, so we can match the money to your account. A transfer without it may be delayed or returned.</p>
        <dl>
          <Detail label="Reference" value={deposit.reference} mono />
        </dl>
      </div>
      <dl className="bank-details">
        <Detail label="Account name" value={details.account_name} />
        <Detail label="Bank" value={details.bank_name} />
        <Detail label="IBAN" value={details.iban} mono />
        <Detail label="BIC / SWIFT" value={details.bic} mono />
        <Detail label="Bank address" value={details.bank_address} copy={false} />
      </dl>
      <p className="step-note">
        Transfers usually arrive in 1–3 business days. Our staff credit the amount we receive to your Live account and you are notified; you can follow it in{' '}
        <a href={paths.transactionHistory}>Transaction history</a>.
      </p>
    </section>
  );
}

/**
 * The bank-transfer step: the amount the customer will send, then the broker's bank details and the
 * reference to quote (POST /funding/deposits/bank). Staff confirm the amount received.
 */
function BankDepositStep({ currency, min }: z.infer<typeof props>) {
  const [made, setMade] = useState<BankDeposit | null>(null);
  const form = useEndpointForm(customerFundingApi.bankDeposit, {
    initial: { amount: '' },
    request: (values) => ({ body: { amount: values.amount.trim() } }),
    check: (values): FieldErrors => {
      const problem = amountProblem(values.amount, { min, currency });
      return problem ? { amount: [problem] } : {};
    },
    fallback: failedText,
    onDone: ({ data }) => setMade(data?.data ?? null),
  });

  if (made) return <BankInstructions deposit={made} />;
  return (
    <form className="deposit-step-form" noValidate onSubmit={form.submit} aria-busy={form.busy || undefined}>
      <AmountField
        id={form.idOf('amount')}
        label={`Amount you will transfer (${currency})`}
        value={form.values.amount}
        error={form.error('amount') ?? null}
        hint={`At least ${moneyText(min, currency)}. We credit the amount that actually arrives.`}
        onChange={(value) => form.set({ amount: value })}
      />
      {form.problem ? (
        <p className="step-failure" role="alert">
          {form.problem}
        </p>
      ) : null}
      <button type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
        Show bank details and reference
      </button>
    </form>
  );
}

export default defineIsland({ name: 'deposit-bank', component: BankDepositStep, props });
