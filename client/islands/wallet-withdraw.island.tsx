import '../styles/staff-tables.css';
import './wallet-withdraw.css';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import { customerFundingTexts as texts, fundingOverviewSchema, historyRowSchema, withdrawalRequest, type FundingOverview, type HistoryRow } from '../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import type { WithdrawalMethod } from '../../shared/api/funding.schema';
import { cryptoChannels } from '../../shared/funding/crypto-channels';
import { formatMoney, Money } from '../../shared/money';
import { paths } from '../../shared/routes';
import { StaffTable } from '../components/staff-table';
import { CancelWithdrawal } from '../funding/cancel-withdrawal';
import { currencyFormats, showMoney, SignedAmount, StatusBadge, When } from '../funding/history';
import { useFundingChanges } from '../funding/live';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { dismissToast, showToast } from '../state/toasts';

const quickAmounts = ['1000', '5000', '10000'] as const;
const failedText = 'Failed to submit withdrawal request';

const props = z.object({
  overview: fundingOverviewSchema,
  /** The customer's withdrawals still waiting (first page), each with its Cancel button. */
  pending: z.array(historyRowSchema),
  formats: currencyFormats,
});

interface Form {
  method: WithdrawalMethod | '';
  amount: string;
  channel: string;
  address: string;
  bank_name: string;
  bank_address: string;
  account_number: string;
  account_name: string;
  iban: string;
  bic: string;
  deposit_id: string;
}
type Field = keyof Form;

const emptyForm = (method: WithdrawalMethod | ''): Form => ({
  method,
  amount: '',
  channel: '',
  address: '',
  bank_name: '',
  bank_address: '',
  account_number: '',
  account_name: '',
  iban: '',
  bic: '',
  deposit_id: '',
});

/** What the form would send for its method: only that method's fields, as the contract's union has them. */
function bodyOf(form: Form): Record<string, unknown> {
  const amount = form.amount.trim();
  switch (form.method) {
    case 'card':
      return { method: 'card', amount, deposit_id: form.deposit_id };
    case 'crypto':
      return { method: 'crypto', amount, channel: form.channel, address: form.address };
    case 'bank_transfer':
      return {
        method: 'bank_transfer',
        amount,
        bank_name: form.bank_name,
        bank_address: form.bank_address,
        account_number: form.account_number,
        account_name: form.account_name,
        iban: form.iban.trim() || null,
        bic: form.bic.trim() || null,
      };
    default:
      return { amount };
  }
}

const decimal = (text: string): Money | null => {
  try {
    return /^\d{1,9}(\.\d{1,2})?$/.test(text.trim()) ? new Money(text.trim()) : null;
  } catch {
    return null;
  }
};

/**
 * The messages the server would give, worked out as the customer types: the contract's own schema
 * (Amount is required, Network is required, …), then the method's minimum and a card's refundable amount,
 * worded as the server words them. Whether the account can pay it out is the server's to say.
 */
function checkForm(form: Form, overview: FundingOverview): FieldErrors {
  const parsed = withdrawalRequest.safeParse(bodyOf(form));
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!form.method) errors.method = [texts.methodRequired];
  if (form.method === 'card' && !form.deposit_id) errors.deposit_id = [texts.cardDepositRequired];
  const currency = overview.account?.currency ?? 'USD';
  const amount = decimal(form.amount);
  const rule = overview.withdrawal_methods.find((m) => m.method === form.method);
  if (amount && rule && !errors.amount) {
    if (amount.lessThan(rule.min)) errors.amount = [texts.belowMinimum(formatMoney({ amount: new Money(rule.min).toFixed(2), currency }))];
    const card = overview.card_refundable.find((c) => String(c.deposit_id) === form.deposit_id);
    if (form.method === 'card' && card && amount.greaterThan(card.refundable)) errors.amount = [texts.cardOverRefundable(formatMoney({ amount: new Money(card.refundable).toFixed(2), currency }))];
  }
  delete errors._;
  return errors;
}

function Problem({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <small id={id} className="field-problem" role="alert">
      {message}
    </small>
  ) : null;
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
  const firstMethod = firstOverview.withdrawal_methods.find((m) => !m.unavailable)?.method ?? '';
  const [form, setForm] = useState<Form>(() => emptyForm(firstMethod));
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failureToast, setFailureToast] = useState<number | null>(null);
  const id = useId();
  const ids = (field: string) => `${id}-${field}`;

  const account = overview.account;
  const currency = account?.currency ?? 'USD';
  const money = (amount: string, decimals?: number) => showMoney(amount, currency, formats, decimals);
  const rule = overview.withdrawal_methods.find((m) => m.method === form.method);
  const checked = useMemo(() => checkForm(form, overview), [form, overview]);
  const messageOf = (field: Field): string | undefined => serverErrors[field]?.[0] ?? (attempted || touched.has(field) ? checked[field]?.[0] : undefined);

  const refresh = useCallback(async () => {
    const [fresh, waiting] = await Promise.all([call(customerFundingApi.fundingOverview), call(customerFundingApi.fundingHistory, { query: { kind: 'withdrawal', status: 'pending', page: 1 } })]);
    if (fresh.ok) setOverview(fresh.data.data);
    if (waiting.ok) setPending(waiting.data.data);
  }, []);
  useFundingChanges(() => void refresh());

  const change = (patch: Partial<Form>) => {
    const fields = Object.keys(patch) as Field[];
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, ...fields]));
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !fields.includes(key as Field))));
    setProblem(null);
  };
  const reset = () => {
    setForm(emptyForm(overview.withdrawal_methods.find((m) => !m.unavailable)?.method ?? ''));
    setTouched(new Set());
    setAttempted(false);
    setServerErrors({});
    setProblem(null);
  };

  async function submit() {
    setAttempted(true);
    if (Object.keys(checked).length > 0) return;
    setBusy(true);
    setProblem(null);
    const result = await call(customerFundingApi.requestWithdrawal, { body: withdrawalRequest.parse(bodyOf(form)) });
    setBusy(false);
    if (!result.ok) {
      setServerErrors(result.errors);
      const message = result.message ?? failedText;
      // A message the fields do not show (the account, the whole request) stays above the buttons.
      const shown = Object.keys(result.errors).some((key) => key in form && key !== 'method');
      setProblem(shown ? null : message);
      if (failureToast !== null) dismissToast(failureToast);
      setFailureToast(showToast({ kind: 'error', title: failedText, description: message }));
      return;
    }
    if (failureToast !== null) dismissToast(failureToast);
    setFailureToast(null);
    const said = result.data.message;
    showToast({ kind: 'success', title: texts.submitted, ...(said && said !== texts.submitted ? { description: said } : {}) });
    reset();
    await refresh();
  }

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

  const amount = decimal(form.amount);
  // Max is what the server says may leave the account; a card refund also at most what that card paid in and is not yet refunded.
  const chosenCard = form.method === 'card' ? overview.card_refundable.find((c) => String(c.deposit_id) === form.deposit_id) : undefined;
  const max = chosenCard ? Money.min(account.withdrawable, chosenCard.refundable) : new Money(account.withdrawable);
  const fee = rule ? new Money(rule.fee) : new Money(0);
  const receive = amount ? Money.max(amount.minus(fee), 0) : null;
  const field = (name: Field, label: ReactNode, input: ReactNode) => (
    <div className="withdraw-field">
      <label htmlFor={ids(name)}>{label}</label>
      {input}
      <Problem id={`${ids(name)}-problem`} message={messageOf(name)} />
    </div>
  );
  const textInput = (name: Field, { placeholder, autoComplete, maxLength }: { placeholder?: string; autoComplete?: string; maxLength?: number } = {}) => (
    <input
      id={ids(name)}
      name={name}
      value={form[name]}
      placeholder={placeholder}
      autoComplete={autoComplete ?? 'off'}
      maxLength={maxLength}
      aria-invalid={messageOf(name) ? true : undefined}
      aria-describedby={messageOf(name) ? `${ids(name)}-problem` : undefined}
      onChange={(e) => change({ [name]: e.target.value })}
      onBlur={() => setTouched((current) => new Set([...current, name]))}
    />
  );

  return (
    <div className="withdraw">
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
      <div className="withdraw-grid">
        <form
          className="withdraw-form"
          noValidate
          aria-label="Withdrawal request"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="withdraw-methods">
            <legend>Payment Method</legend>
            {overview.withdrawal_methods.map((method) => (
              <label key={method.method} className={method.unavailable ? 'withdraw-method unavailable' : 'withdraw-method'}>
                <input
                  type="radio"
                  name="method"
                  value={method.method}
                  checked={form.method === method.method}
                  disabled={method.unavailable !== null}
                  onChange={() =>
                    change(
                      method.method === 'card' && !form.deposit_id && overview.card_refundable.length === 1
                        ? { method: 'card', deposit_id: String(overview.card_refundable[0]!.deposit_id) }
                        : { method: method.method },
                    )
                  }
                />
                <span className="withdraw-method-text">
                  <strong>{method.label}</strong>
                  <small>{method.unavailable ?? `Minimum ${money(method.min)} · fee ${money(method.fee)}`}</small>
                </span>
              </label>
            ))}
            <Problem id={`${ids('method')}-problem`} message={messageOf('method')} />
          </fieldset>

          <div className="withdraw-field">
            <label htmlFor={ids('amount')}>Withdrawal Amount</label>
            <div className="withdraw-amount">
              <span aria-hidden="true">{formats[currency]?.symbol ?? currency}</span>
              <input
                id={ids('amount')}
                name="amount"
                inputMode="decimal"
                placeholder="0.00"
                autoComplete="off"
                value={form.amount}
                aria-invalid={messageOf('amount') ? true : undefined}
                aria-describedby={messageOf('amount') ? `${ids('amount')}-problem` : undefined}
                onChange={(e) => change({ amount: e.target.value })}
                onBlur={() => setTouched((current) => new Set([...current, 'amount' as const]))}
              />
            </div>
            <Problem id={`${ids('amount')}-problem`} message={messageOf('amount')} />
            <div className="withdraw-quick" role="group" aria-label="Quick amounts">
              {quickAmounts.map((quick) => (
                <button key={quick} type="button" className="outline secondary" onClick={() => change({ amount: quick })}>
                  {money(quick, 0)}
                </button>
              ))}
              <button type="button" className="outline secondary" onClick={() => change({ amount: max.toFixed(2) })} aria-label={`Max: ${money(max.toFixed(2))}`}>
                Max
              </button>
            </div>
          </div>

          {form.method === 'crypto' ? (
            <>
              {field(
                'channel',
                'Network',
                <select
                  id={ids('channel')}
                  name="channel"
                  value={form.channel}
                  aria-invalid={messageOf('channel') ? true : undefined}
                  aria-describedby={messageOf('channel') ? `${ids('channel')}-problem` : undefined}
                  onChange={(e) => change({ channel: e.target.value })}
                >
                  <option value="">Select network</option>
                  {cryptoChannels.map((channel) => (
                    <option key={channel.slug} value={channel.slug}>
                      {channel.asset} · {channel.networkLabel}
                    </option>
                  ))}
                </select>,
              )}
              {field('address', 'Destination Wallet Address', textInput('address', { placeholder: 'Enter your external wallet address (e.g. bc1q...)', maxLength: 128 }))}
              <p className="notice notice-warning withdraw-warning">Double-check the address and network. Transactions cannot be reversed.</p>
            </>
          ) : form.method === 'bank_transfer' ? (
            <div className="withdraw-bank">
              {field('bank_name', 'Bank Name', textInput('bank_name', { maxLength: 120 }))}
              {field('bank_address', 'Bank Address', textInput('bank_address', { maxLength: 300 }))}
              {field('account_number', 'Account Number', textInput('account_number', { maxLength: 40 }))}
              {field('account_name', 'Account Name', textInput('account_name', { autoComplete: 'name', maxLength: 120 }))}
              {field(
                'iban',
                <>
                  IBAN Number <span className="optional">(optional)</span>
                </>,
                textInput('iban', { maxLength: 42 }),
              )}
              {field(
                'bic',
                <>
                  Swift Code <span className="optional">(optional)</span>
                </>,
                textInput('bic', { maxLength: 11 }),
              )}
            </div>
          ) : form.method === 'card' ? (
            <fieldset className="withdraw-cards">
              <legend>Card payment to refund</legend>
              {overview.card_refundable.map((card) => (
                <label key={card.deposit_id} className="withdraw-method">
                  <input
                    type="radio"
                    name="deposit_id"
                    value={card.deposit_id}
                    checked={form.deposit_id === String(card.deposit_id)}
                    onChange={() => change({ deposit_id: String(card.deposit_id) })}
                  />
                  <span className="withdraw-method-text">
                    <strong>
                      <code>{card.reference}</code> · <When iso={card.date} />
                    </strong>
                    <small>
                      Paid {money(card.amount)} · refundable {money(card.refundable)}
                    </small>
                  </span>
                </label>
              ))}
              <Problem id={`${ids('deposit_id')}-problem`} message={messageOf('deposit_id')} />
            </fieldset>
          ) : null}

          {problem ? (
            <p className="field-problem withdraw-problem" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="withdraw-buttons">
            <button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Submitting...' : 'Submit Withdrawal Request'}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={reset}>
              Reset
            </button>
          </div>
        </form>

        <aside className="withdraw-side">
          <section className="withdraw-card" aria-labelledby={`${id}-summary`}>
            <h3 id={`${id}-summary`}>Withdrawal Summary</h3>
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
          <section className="withdraw-card" aria-labelledby={`${id}-timeline`}>
            <h3 id={`${id}-timeline`}>Processing Timeline</h3>
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
        </aside>
      </div>

      <section className="withdraw-pending" aria-labelledby={`${id}-pending`}>
        <h3 id={`${id}-pending`}>Pending withdrawals</h3>
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
            { label: 'Actions', hiddenLabel: true, cell: (row) => (row.cancellable ? <CancelWithdrawal row={row} formats={formats} done={() => void refresh()} /> : null) },
          ]}
        />
        <p className="withdraw-more">
          <a href={paths.transactionHistory}>View all transactions</a>
        </p>
      </section>
    </div>
  );
}

export default defineIsland({ name: 'wallet-withdraw', component: WalletWithdraw, props });
