import '../styles/staff-tables.css';
import './wallet-withdraw.css';
import { useCallback, useId, useState } from 'react';
import * as z from 'zod/mini';
import { customerFundingTexts as texts, fundingOverviewSchema, historyRowSchema, type FundingOverview, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { Money } from '../../shared/money';
import { paths } from '../../shared/routes';
import { StaffTable } from '../components/staff-table';
import { Problem } from '../forms/field';
import { CancelWithdrawal } from '../funding/cancel-withdrawal';
import { currencyFormats, showMoney, SignedAmount, StatusBadge, When, type CurrencyFormats } from '../funding/history';
import { useFundingChanges } from '../funding/live';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { AmountField, MethodChoice, MethodFields, type ShowMoney } from './withdraw/method-fields';
import { chosenCard, decimal, emptyWithdrawal, useWithdrawalForm } from './withdraw/withdraw-form';
import { WithdrawSide } from './withdraw/withdraw-side';

const props = z.object({
  overview: fundingOverviewSchema,
  /** The customer's withdrawals still waiting (first page), each with its Cancel button. */
  pending: z.array(historyRowSchema),
  formats: currencyFormats,
});

type Account = NonNullable<FundingOverview['account']>;

function WithdrawFigures({ account, money }: { account: Account; money: ShowMoney }) {
  return (
    <dl className="withdraw-figures" aria-label="Your Live account">
      <div>
        <dt>Withdrawable</dt>
        <dd data-testid="withdrawable">{money(account.withdrawable)}</dd>
      </div>
      <div>
        <dt>Balance</dt>
        <dd data-testid="withdraw-balance">{money(account.balance)}</dd>
      </div>
      <div>
        <dt>Pending withdrawals</dt>
        <dd>{money(account.pending_withdrawals)}</dd>
      </div>
    </dl>
  );
}

/** The request: method, amount and the method's fields, with its summary and timeline beside it. */
function WithdrawRequest({ overview, account, money, symbol, changed }: { overview: FundingOverview; account: Account; money: ShowMoney; symbol: string; changed: () => Promise<void> }) {
  const form = useWithdrawalForm(overview, changed);
  // Max is what the server says may leave the account; a card refund also at most what that card paid in and is not yet refunded.
  const card = chosenCard(overview, form.values);
  const max = card ? Money.min(account.withdrawable, card.refundable) : new Money(account.withdrawable);
  const part = { form, overview, money };
  return (
    <div className="withdraw-grid">
      <form className="withdraw-form" noValidate aria-label="Withdrawal request" onSubmit={form.submit}>
        <MethodChoice {...part} />
        <AmountField form={form} symbol={symbol} max={max} money={money} />
        <MethodFields {...part} />
        <Problem form={form} className="withdraw-problem" />
        <div className="withdraw-buttons">
          <button type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
            {form.busy ? 'Submitting...' : 'Submit Withdrawal Request'}
          </button>
          <button type="button" className="secondary" disabled={form.busy} onClick={() => form.reset(emptyWithdrawal(overview))}>
            Reset
          </button>
        </div>
      </form>
      <WithdrawSide amount={decimal(form.values.amount)} rule={overview.withdrawal_methods.find((m) => m.method === form.values.method)} money={money} />
    </div>
  );
}

/** The withdrawals still waiting, each of which the customer may cancel. */
function PendingWithdrawals({ pending, formats, changed }: { pending: readonly HistoryRow[]; formats: CurrencyFormats; changed: () => void }) {
  const id = useId();
  return (
    <section className="withdraw-pending" aria-labelledby={id}>
      <h3 id={id}>Pending withdrawals</h3>
      <StaffTable
        rows={pending}
        rowKey={(row: HistoryRow) => row.key}
        empty="You have no pending withdrawals."
        className="funding-table"
        columns={[
          { label: 'Date', cell: (row) => <When iso={row.created_at} />, className: 'funding-when' },
          { label: 'Amount', cell: (row) => <SignedAmount row={row} formats={formats} />, className: 'money' },
          { label: 'Method', cell: (row) => row.method_label },
          { label: 'Reference', cell: (row) => <code className="funding-reference">{row.reference}</code> },
          { label: 'Status', cell: (row) => <StatusBadge row={row} /> },
          { label: 'Actions', hiddenLabel: true, cell: (row) => (row.cancellable ? <CancelWithdrawal row={row} formats={formats} done={changed} /> : null) },
        ]}
      />
      <p className="withdraw-more">
        <a href={paths.transactionHistory}>View all transactions</a>
      </p>
    </section>
  );
}

/**
 * The wallet's Withdraw tab (docs/funding.md#withdrawals): a withdrawal to the card that paid, a bank
 * account or a crypto address, at most what the server says is withdrawable, with the method's minimum
 * and fee quoted from the server before sending. The request holds the amount at once; staff pay it or
 * reject it; while pending the customer may cancel it (the list below).
 */
function WalletWithdraw({ overview: firstOverview, pending: firstPending, formats }: z.infer<typeof props>) {
  const [overview, setOverview] = useState(firstOverview);
  const [pending, setPending] = useState(firstPending);
  const refresh = useCallback(async () => {
    const [fresh, waiting] = await Promise.all([call(customerFundingApi.fundingOverview), call(customerFundingApi.fundingHistory, { query: { kind: 'withdrawal', status: 'pending', page: 1 } })]);
    if (fresh.ok) setOverview(fresh.data.data);
    if (waiting.ok) setPending(waiting.data.data);
  }, []);
  useFundingChanges(() => void refresh());

  const account = overview.account;
  if (!account)
    return (
      <p className="notice notice-info wallet-notice" role="status">
        {texts.noLiveAccount}
      </p>
    );
  // Withdrawals need approved identity and proof of address (docs/customer-area.md#verification).
  if (!overview.verified)
    return (
      <p className="notice notice-warning wallet-notice" role="status">
        {texts.notVerified} <a href={paths.verification}>Go to Verification</a>
      </p>
    );

  const money: ShowMoney = (amount, decimals) => showMoney(amount, account.currency, formats, decimals);
  return (
    <div className="withdraw">
      <WithdrawFigures account={account} money={money} />
      <WithdrawRequest overview={overview} account={account} money={money} symbol={formats[account.currency]?.symbol ?? account.currency} changed={refresh} />
      <PendingWithdrawals pending={pending} formats={formats} changed={() => void refresh()} />
    </div>
  );
}

export default defineIsland({ name: 'wallet-withdraw', component: WalletWithdraw, props });
