import type { FieldErrors } from '../../../shared/api/common.schema';
import { accountsTexts as texts, type WalletView } from '../../../shared/api/accounts.schema';
import { accountsApi } from '../../../shared/api/endpoints/accounts';
import { accountName } from '../../../shared/api/user.schema';
import { Money } from '../../../shared/money';
import { useEndpointForm } from '../../forms/use-endpoint-form';

/** The sign-up Live account (else the first) to the next Live one. */
function firstPair(live: readonly WalletView[]) {
  const from = live.find((a) => a.primary) ?? live[0];
  const to = live.find((a) => a !== from);
  return { from: from ? String(from.id) : '', to: to ? String(to.id) : '', amount: '' };
}

/** "Make Transfer" is offered only for an amount above 0 between two different accounts (the original's rule). */
function positive(amount: string): boolean {
  try {
    return new Money(amount.trim()).greaterThan(0);
  } catch {
    return false;
  }
}

interface Props {
  /** The customer's Live accounts: two at least. */
  live: readonly WalletView[];
  active: boolean;
  money: (amount: string, currency?: string) => string;
  changed: () => Promise<void>;
}

/**
 * Cash from one Live account to another (docs/customer-area.md#accounts). Each field keeps its line under
 * it, empty until it has something to say, so the form does not move as messages come and go.
 */
export function TransferForm({ live, active, money, changed }: Props) {
  const form = useEndpointForm(accountsApi.transferFunds, {
    initial: () => firstPair(live),
    request: (v) => ({ body: { from_account_id: v.from, to_account_id: v.to, amount: v.amount.trim() } }),
    check: (v): FieldErrors => (v.from && v.from === v.to ? { to_account_id: [texts.sameAccount] } : {}),
    errorKeys: { from: 'from_account_id', to: 'to_account_id' },
    failureTitle: texts.transferFailed,
    done: ({ data }) => (data ? { kind: 'success', title: texts.transferred, description: `${money(data.data.amount)} from ${accountName(data.data.from)} to ${accountName(data.data.to)}.` } : null),
    onDone: async (_, values): Promise<void> => {
      form.reset({ ...values, amount: '' });
      await changed();
    },
  });
  const { values } = form;
  const source = live.find((a) => String(a.id) === values.from);
  const canSend = active && positive(values.amount) && values.from !== values.to && !form.busy;
  const fromError = form.error('from');
  const options = live.map((a) => (
    <option key={a.id} value={a.id}>
      {accountName(a)} ({money(a.balance, a.currency)})
    </option>
  ));
  const line = (name: 'to' | 'amount') => (
    <small id={form.errorId(name)} className="field-problem" role={form.error(name) ? 'alert' : undefined}>
      {form.error(name) ?? ''}
    </small>
  );

  return (
    <form className="transfer-form" noValidate onSubmit={(event) => (canSend ? form.submit(event) : event.preventDefault())}>
      <div className="transfer-field">
        <label htmlFor={form.idOf('from')}>From account</label>
        <select {...form.field('from')} aria-describedby={form.errorId('from')}>
          {options}
        </select>
        <small id={form.errorId('from')} className={fromError ? 'field-problem' : 'accounts-muted'} role={fromError ? 'alert' : undefined}>
          {fromError ?? (source ? `Up to ${money(source.transferable, source.currency)} can move now.` : '')}
        </small>
      </div>
      <div className="transfer-field">
        <label htmlFor={form.idOf('to')}>To account</label>
        <select {...form.field('to')} aria-describedby={form.errorId('to')}>
          {options}
        </select>
        {line('to')}
      </div>
      <div className="transfer-field">
        <label htmlFor={form.idOf('amount')}>Amount</label>
        <div className="transfer-amount">
          <input {...form.field('amount')} inputMode="decimal" autoComplete="off" placeholder="0.00" aria-describedby={form.errorId('amount')} />
          {source && new Money(source.transferable).greaterThan(0) ? (
            <button type="button" className="secondary outline transfer-max" onClick={() => form.set({ amount: new Money(source.transferable).toFixed(2) })}>
              Max
            </button>
          ) : null}
        </div>
        {line('amount')}
      </div>
      <button type="submit" className="transfer-submit" disabled={!canSend} aria-busy={form.busy || undefined}>
        {form.busy ? 'Processing...' : 'Make Transfer'}
      </button>
    </form>
  );
}
