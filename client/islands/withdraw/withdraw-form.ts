import type { FieldErrors } from '../../../shared/api/common.schema';
import { customerFundingTexts as texts, type FundingOverview, type WithdrawalRequest } from '../../../shared/api/customer-funding.schema';
import { customerFundingApi } from '../../../shared/api/endpoints/customer-funding';
import { Money } from '../../../shared/money';
import { useEndpointForm } from '../../forms/use-endpoint-form';
import { formatMoney } from '../../lib/format';

const failedText = 'Failed to submit withdrawal request';

/** Every method's fields, empty; `method` the first one the server offers now. */
export const emptyWithdrawal = (overview: FundingOverview) => ({
  method: (overview.withdrawal_methods.find((m) => !m.unavailable)?.method ?? '') as string,
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
export type WithdrawalValues = ReturnType<typeof emptyWithdrawal>;

/** What the form would send for its method: only that method's fields, as the contract's union has them. */
function bodyOf(v: WithdrawalValues): Record<string, unknown> {
  const amount = v.amount.trim();
  switch (v.method) {
    case 'card':
      return { method: 'card', amount, deposit_id: v.deposit_id };
    case 'crypto':
      return { method: 'crypto', amount, channel: v.channel, address: v.address };
    case 'bank_transfer':
      return {
        method: 'bank_transfer',
        amount,
        bank_name: v.bank_name,
        bank_address: v.bank_address,
        account_number: v.account_number,
        account_name: v.account_name,
        iban: v.iban.trim() || null,
        bic: v.bic.trim() || null,
      };
    default:
      return { amount };
  }
}

/** The amount as typed, when it is one. */
export const decimal = (text: string): Money | null => {
  try {
    return /^\d{1,9}(\.\d{1,2})?$/.test(text.trim()) ? new Money(text.trim()) : null;
  } catch {
    return null;
  }
};

/** The card payment a card withdrawal refunds, when one is chosen. */
export const chosenCard = (overview: FundingOverview, v: WithdrawalValues) => (v.method === 'card' ? overview.card_refundable.find((c) => String(c.deposit_id) === v.deposit_id) : undefined);

/**
 * Beyond the contract's own schema (Amount is required, Network is required, …): the method's minimum and a
 * card's refundable amount, worded as the server words them. Whether the account can pay it out is the server's to say.
 */
function limitsOf(overview: FundingOverview, v: WithdrawalValues): FieldErrors {
  const errors: FieldErrors = {};
  const currency = overview.account?.currency ?? 'USD';
  const amount = decimal(v.amount);
  const rule = overview.withdrawal_methods.find((m) => m.method === v.method);
  if (!amount || !rule) return errors;
  if (amount.lessThan(rule.min)) errors.amount = [texts.belowMinimum(formatMoney({ amount: new Money(rule.min).toFixed(2), currency }))];
  const card = chosenCard(overview, v);
  if (card && amount.greaterThan(card.refundable)) errors.amount = [texts.cardOverRefundable(formatMoney({ amount: new Money(card.refundable).toFixed(2), currency }))];
  return errors;
}

/** The withdrawal request's form (docs/funding.md#withdrawals); `changed` reads the wallet again after one is sent. */
export function useWithdrawalForm(overview: FundingOverview, changed: () => Promise<void>) {
  const form = useEndpointForm(customerFundingApi.requestWithdrawal, {
    initial: () => emptyWithdrawal(overview),
    request: (v) => ({ body: bodyOf(v) as WithdrawalRequest }),
    check: (v) => limitsOf(overview, v),
    failureTitle: failedText,
    fallback: failedText,
    done: ({ message }) => ({ kind: 'success', title: texts.submitted, ...(message && message !== texts.submitted ? { description: message } : {}) }),
    onDone: async (): Promise<void> => {
      form.reset(emptyWithdrawal(overview));
      await changed();
    },
  });
  return form;
}
export type WithdrawalForm = ReturnType<typeof useWithdrawalForm>;
