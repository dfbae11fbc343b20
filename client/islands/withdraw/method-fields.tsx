import type { ReactNode } from 'react';
import type { FundingOverview } from '../../../shared/api/customer-funding.schema';
import { cryptoChannels } from '../../../shared/funding/crypto-channels';
import type { Money } from '../../../shared/money';
import { Field, FieldMessage } from '../../forms/field';
import { When } from '../../funding/history';
import type { WithdrawalForm } from './withdraw-form';

const quickAmounts = ['1000', '5000', '10000'] as const;

/** Shows an amount in the account's currency (`decimals` for the quick amounts' whole numbers). */
export type ShowMoney = (amount: string, decimals?: number) => string;

interface Part {
  form: WithdrawalForm;
  overview: FundingOverview;
  money: ShowMoney;
}

/** The methods the server offers, each with its minimum and fee, or why it cannot be used now. */
export function MethodChoice({ form, overview, money }: Part) {
  // A card withdrawal with one card payment to refund chooses it at once.
  const only = overview.card_refundable.length === 1 ? String(overview.card_refundable[0]!.deposit_id) : null;
  return (
    <fieldset className="withdraw-methods">
      <legend>Payment Method</legend>
      {overview.withdrawal_methods.map((method) => (
        <label key={method.method} className={method.unavailable ? 'withdraw-method unavailable' : 'withdraw-method'}>
          <input
            type="radio"
            name="method"
            value={method.method}
            checked={form.values.method === method.method}
            disabled={method.unavailable !== null}
            onChange={() => form.set(method.method === 'card' && !form.values.deposit_id && only ? { method: 'card', deposit_id: only } : { method: method.method })}
          />
          <span className="withdraw-method-text">
            <strong>{method.label}</strong>
            <small>{method.unavailable ?? `Minimum ${money(method.min)} · fee ${money(method.fee)}`}</small>
          </span>
        </label>
      ))}
      <FieldMessage form={form} name="method" />
    </fieldset>
  );
}

/** The amount with the currency's symbol in it, and the quick amounts and Max under it. */
export function AmountField({ form, symbol, max, money }: { form: WithdrawalForm; symbol: string; max: Money; money: ShowMoney }) {
  return (
    <div className="withdraw-field">
      <label htmlFor={form.idOf('amount')}>Withdrawal Amount</label>
      <div className="withdraw-amount">
        <span aria-hidden="true">{symbol}</span>
        <input {...form.field('amount')} inputMode="decimal" placeholder="0.00" autoComplete="off" />
      </div>
      <FieldMessage form={form} name="amount" />
      <div className="withdraw-quick" role="group" aria-label="Quick amounts">
        {quickAmounts.map((quick) => (
          <button key={quick} type="button" className="outline secondary" onClick={() => form.set({ amount: quick })}>
            {money(quick, 0)}
          </button>
        ))}
        <button type="button" className="outline secondary" onClick={() => form.set({ amount: max.toFixed(2) })} aria-label={`Max: ${money(max.toFixed(2))}`}>
          Max
        </button>
      </div>
    </div>
  );
}

function CryptoFields({ form }: { form: WithdrawalForm }) {
  return (
    <>
      <Field form={form} name="channel" label="Network" className="withdraw-field">
        <select {...form.field('channel')}>
          <option value="">Select network</option>
          {cryptoChannels.map((channel) => (
            <option key={channel.slug} value={channel.slug}>
              {channel.asset} · {channel.networkLabel}
            </option>
          ))}
        </select>
      </Field>
      <Field form={form} name="address" label="Destination Wallet Address" className="withdraw-field" input={{ placeholder: 'Enter your external wallet address (e.g. bc1q...)', maxLength: 128 }} />
      <p className="notice notice-warning withdraw-warning">Double-check the address and network. Transactions cannot be reversed.</p>
    </>
  );
}

const optional = (label: string): ReactNode => (
  <>
    {label} <span className="optional">(optional)</span>
  </>
);

function BankFields({ form }: { form: WithdrawalForm }) {
  const field = (name: keyof WithdrawalForm['values'], label: ReactNode, input: React.InputHTMLAttributes<HTMLInputElement>) => (
    <Field form={form} name={name} label={label} className="withdraw-field" input={input} />
  );
  return (
    <div className="withdraw-bank">
      {field('bank_name', 'Bank Name', { maxLength: 120 })}
      {field('bank_address', 'Bank Address', { maxLength: 300 })}
      {field('account_number', 'Account Number', { maxLength: 40 })}
      {field('account_name', 'Account Name', { autoComplete: 'name', maxLength: 120 })}
      {field('iban', optional('IBAN Number'), { maxLength: 42 })}
      {field('bic', optional('Swift Code'), { maxLength: 11 })}
    </div>
  );
}

/** The card payments a card withdrawal may refund, each with what is left to refund. */
function CardChoice({ form, overview, money }: Part) {
  return (
    <fieldset className="withdraw-cards">
      <legend>Card payment to refund</legend>
      {overview.card_refundable.map((card) => (
        <label key={card.deposit_id} className="withdraw-method">
          <input
            type="radio"
            name="deposit_id"
            value={card.deposit_id}
            checked={form.values.deposit_id === String(card.deposit_id)}
            onChange={() => form.set({ deposit_id: String(card.deposit_id) })}
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
      <FieldMessage form={form} name="deposit_id" />
    </fieldset>
  );
}

/** The chosen method's own fields. */
export function MethodFields(part: Part) {
  switch (part.form.values.method) {
    case 'crypto':
      return <CryptoFields form={part.form} />;
    case 'bank_transfer':
      return <BankFields form={part.form} />;
    case 'card':
      return <CardChoice {...part} />;
    default:
      return null;
  }
}
