import * as z from 'zod/mini';
import { isoDateTime, plainText } from './common.schema';
import { cryptoPaymentStatuses, depositStatuses, withdrawalMethods, withdrawalStatuses } from './funding.schema';
import { paged } from './trades.schema';
import { wireDecimal } from './wire';

/**
 * The customer's side of funding (docs/funding.md): what the deposit, wallet and history pages read and
 * send. Amounts are in the Live account's currency.
 */

export const fundingLimits = {
  /** A card deposit's bounds and the quick amounts the original offers. */
  card: { min: '5', max: '100000', quick: ['250', '1000', '5000'] },
  /** A bank transfer announced: at least this much (a transfer of less is still credited as received). */
  bank: { min: '50' },
  /** The most one chain payment credits by itself, at our rate: a larger one is held for staff (docs/funding.md#money-from-outside). */
  crypto: { maxCredit: '100000' },
} as const;

export const customerFundingTexts = {
  noLiveAccount: 'You have no Live account to fund.',
  amountRequired: 'Amount is required',
  amountNumber: 'Amount must be a number',
  cardMin: `Minimum amount is $${fundingLimits.card.min}`,
  cardMax: 'Maximum amount is $100,000',
  cardsOnProviderPage:
    'Card payments are made on our payment provider’s secure page, never by sending card details to us. Choose Deposit › Credit/Debit Card to pay. Nothing of this request was kept.',
  cryptoIsAutomatic: 'Crypto deposits need no declaration: send the coins to your own deposit address (Deposit › Crypto) and they are credited once the network confirms them.',
  bankUnavailable: 'Bank transfers are not available at the moment: please choose another method or contact support.',
  providerUnavailable: 'The card payment page could not be opened just now. Nothing was charged: please try again in a minute.',
  walletNotFound: 'Wallet not found.',
  unknownChannel: 'Choose one of the coins and networks offered.',
  heldTitle: 'Deposit being reviewed',
  held: (what: string) => `${what} is being reviewed by our team before it is credited. We will tell you as soon as it is decided; you need do nothing.`,
  notVerified: 'Withdrawals open once your account is verified. Upload your documents on the Verification page or contact support.',
  methodRequired: 'Payment method is required',
  networkRequired: 'Network is required',
  addressRequired: 'Wallet address is required',
  bankNameRequired: 'Bank name is required',
  bankAddressRequired: 'Bank address is required',
  accountNumberRequired: 'Account number is required',
  accountNameRequired: 'Account name is required',
  belowMinimum: (min: string) => `The minimum for this method is ${min}.`,
  cardOverRefundable: (max: string) => `A card can be refunded at most what it paid in and is not yet refunded: ${max}.`,
  cardDepositRequired: 'Choose the card payment to refund.',
  cannotCancel: 'Only a pending withdrawal can be cancelled.',
  withdrawalNotFound: 'Withdrawal not found.',
  submitted: 'Withdrawal request submitted successfully',
  cancelled: 'Withdrawal cancelled: the amount is back in your balance.',
} as const;

/** An amount as typed: up to 9 digits and 2 decimals (the pages check it as typed with the same pattern). */
export const amountPattern = /^\d{1,9}(\.\d{1,2})?$/;
const amount = z
  .string(customerFundingTexts.amountRequired)
  .check(z.trim(), z.minLength(1, { error: customerFundingTexts.amountRequired, abort: true }), z.regex(amountPattern, customerFundingTexts.amountNumber));
/** Amounts arrive as the original's numbers or our strings. */
const amountInput = z.pipe(
  z.union([z.string(), z.number()], customerFundingTexts.amountRequired),
  z.transform((value) => String(value)),
);
export const moneyAmount = z.pipe(amountInput, amount);

/** POST /funding/deposits/card: opens the provider's checkout for this amount; the answer says where to send the browser. */
export const cardDepositRequest = z.strictObject({ amount: moneyAmount });
export const checkoutResponse = z.object({ data: z.object({ deposit_id: z.number(), reference: z.string(), url: z.string() }) });

/** POST /funding/deposits/bank: a transfer the customer will send, with the reference to quote. */
export const bankDepositRequest = z.strictObject({ amount: moneyAmount });

export const bankDetailsSchema = z.object({ account_name: z.string(), bank_name: z.string(), iban: z.string(), bic: z.string(), bank_address: z.string() });

const short = (message: string, max = 120) => z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message), plainText(message));

/** POST /funding/withdrawals: one shape per method. */
export const withdrawalRequest = z.discriminatedUnion(
  'method',
  [
    z.strictObject({ method: z.literal('card'), amount: moneyAmount, deposit_id: z.coerce.number(customerFundingTexts.cardDepositRequired).check(z.int(), z.positive()) }),
    z.strictObject({
      method: z.literal('bank_transfer'),
      amount: moneyAmount,
      bank_name: short(customerFundingTexts.bankNameRequired),
      bank_address: short(customerFundingTexts.bankAddressRequired, 300),
      account_name: short(customerFundingTexts.accountNameRequired),
      account_number: short(customerFundingTexts.accountNumberRequired, 40),
      iban: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(42)))),
      bic: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(11)))),
    }),
    z.strictObject({
      method: z.literal('crypto'),
      amount: moneyAmount,
      channel: z.string(customerFundingTexts.networkRequired).check(z.minLength(1, customerFundingTexts.networkRequired)),
      address: short(customerFundingTexts.addressRequired, 128),
    }),
  ],
  customerFundingTexts.methodRequired,
);
export type WithdrawalRequest = z.infer<typeof withdrawalRequest>;

const channelSchema = z.object({
  slug: z.string(),
  asset: z.string(),
  asset_name: z.string(),
  network: z.string(),
  network_label: z.string(),
  confirmations: z.number(),
  min_deposit: z.string(),
  /** This customer's address for it (made on first read). */
  wallet_id: z.number(),
  address: z.string(),
});
export type CryptoChannelView = z.infer<typeof channelSchema>;

export const withdrawalMethodSchema = z.object({
  method: z.enum(withdrawalMethods),
  label: z.string(),
  min: wireDecimal,
  fee: wireDecimal,
  /** Why it cannot be used now (no card payment to refund, …), or null. */
  unavailable: z.nullable(z.string()),
  timeline: z.string(),
});

export const refundableCardSchema = z.object({ deposit_id: z.number(), reference: z.string(), date: isoDateTime, amount: wireDecimal, refundable: wireDecimal });

/** GET /funding: everything the deposit and wallet pages need to draw, worked out by the server. */
export const fundingOverviewSchema = z.object({
  account: z.nullable(
    z.object({
      id: z.number(),
      number: z.string(),
      currency: z.string(),
      balance: wireDecimal,
      credit: wireDecimal,
      equity: wireDecimal,
      free_margin: wireDecimal,
      /** What may be withdrawn now: the balance, never more than the free margin. */
      withdrawable: wireDecimal,
      pending_withdrawals: wireDecimal,
      total_deposited: wireDecimal,
      total_withdrawn: wireDecimal,
    }),
  ),
  /** Whether withdrawals are open to this customer, and if not why. */
  verified: z.boolean(),
  card: z.object({ enabled: z.boolean(), provider: z.string(), sandbox: z.boolean(), min: wireDecimal, max: wireDecimal, quick: z.array(wireDecimal) }),
  crypto: z.object({ enabled: z.boolean(), demo: z.boolean(), channels: z.array(channelSchema) }),
  bank: z.object({ enabled: z.boolean(), details: z.nullable(bankDetailsSchema), min: wireDecimal }),
  withdrawal_methods: z.array(withdrawalMethodSchema),
  card_refundable: z.array(refundableCardSchema),
});
export type FundingOverview = z.infer<typeof fundingOverviewSchema>;
export const fundingOverviewResponse = z.object({ data: fundingOverviewSchema });

export const chainPaymentSchema = z.object({
  id: z.number(),
  tx_id: z.string(),
  /** In the coin. */
  amount: z.string(),
  confirmations: z.number(),
  required: z.number(),
  status: z.enum(cryptoPaymentStatuses),
  /** What was credited to the account, once credited. */
  credited: z.nullable(wireDecimal),
  seen_at: isoDateTime,
});

/** GET /funding/wallets/:id: the customer's address for one coin and network, its QR and the payments seen. */
export const walletSchema = z.object({
  id: z.number(),
  channel: channelSchema,
  address: z.string(),
  /** The payment URI the QR encodes (BIP21 for bitcoin, EIP-681 for Ethereum). */
  payment_uri: z.string(),
  qr_svg: z.string(),
  warning: z.string(),
  /** A sandbox chain: no real coins (demo keys). */
  demo: z.boolean(),
  payments: z.array(chainPaymentSchema),
});
export type WalletView = z.infer<typeof walletSchema>;
export const walletResponse = z.object({ data: walletSchema });

/** The statement's row kinds: funding requests, and the account's other ledger entries by what they are. */
export const historyKinds = ['deposit', 'withdrawal', 'trade', 'transfer', 'savings', 'charge', 'adjustment'] as const;
export type HistoryKind = (typeof historyKinds)[number];
export const historyRowSchema = z.object({
  /** `deposit-12`, `withdrawal-7`, `trade-99` (a ledger entry's id): unique over the kinds. */
  key: z.string(),
  id: z.number(),
  kind: z.enum(historyKinds),
  /** card, crypto, bank_transfer, or the ledger entry's kind (realized_pnl, transfer, plan_fee, bonus_credit…). */
  method: z.string(),
  method_label: z.string(),
  status: z.union([z.enum(depositStatuses), z.enum(withdrawalStatuses), z.literal('completed')]),
  status_label: z.string(),
  /** Signed: money in positive, out negative. */
  amount: wireDecimal,
  fee: wireDecimal,
  currency: z.string(),
  reference: z.string(),
  /** Where it went or came from, as the customer knows it (masked bank account, wallet, card payment). */
  description: z.string(),
  reason: z.nullable(z.string()),
  created_at: isoDateTime,
  updated_at: z.nullable(isoDateTime),
  /** A pending withdrawal the customer may still cancel. */
  cancellable: z.boolean(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** A calendar date that exists (2024-02-30 does not). */
const isDay = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};
const dateOnly = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are written YYYY-MM-DD.', abort: true }), z.refine(isDay, 'That date does not exist.')));
export const historyQuery = z.object({
  kind: z._default(z.enum(['all', ...historyKinds], 'Choose all, deposit, withdrawal, trade, transfer, savings, charge or adjustment.'), 'all'),
  status: z._default(z.enum(['all', 'pending', 'completed', 'rejected', 'cancelled'], 'Choose a status.'), 'all'),
  from: dateOnly,
  to: dateOnly,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});
export type HistoryQuery = z.infer<typeof historyQuery>;
export const historyPage = paged(historyRowSchema);

/** The original client's lists (`GET /user/deposits`, `/user/withdrawals`): its shape, page 1 first. */
export const legacyFundingRow = z.object({
  id: z.number(),
  amount: z.string(),
  date: z.string(),
  type: z.enum(['deposit', 'withdrawal']),
  method: z.string(),
  account: z.string(),
  status: z.string(),
  details: z.nullable(z.string()),
});
export const legacyFundingPage = z.object({ data: z.object({ current_page: z.number(), data: z.array(legacyFundingRow), next_page_url: z.nullable(z.string()) }) });
export const legacyPageQuery = z.object({ page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1) });

/** The original client's `POST /user/withdrawal/store` fields (method: crypto or wire). */
export const legacyWithdrawalRequest = z.object({
  amount: z.optional(z.union([z.string(), z.number()])),
  method: z.optional(z.string()),
  network: z.optional(z.nullable(z.string())),
  wallet_address: z.optional(z.nullable(z.string())),
  bank_name: z.optional(z.nullable(z.string())),
  bank_address: z.optional(z.nullable(z.string())),
  account_number: z.optional(z.nullable(z.string())),
  account_name: z.optional(z.nullable(z.string())),
  iban_number: z.optional(z.nullable(z.string())),
  swiftcode: z.optional(z.nullable(z.string())),
});

/** Each withdrawal method's label, minimum, fee and review time (docs/funding.md#withdrawals), quoted to the customer before they ask. */
export const withdrawalRules = {
  card: { label: 'Card refund', min: '10', fee: '0', timeline: 'Reviewed within 1 business day; your bank shows the refund 5–10 days later.' },
  bank_transfer: { label: 'Bank transfer', min: '50', fee: '0', timeline: 'Reviewed within 1 business day; the transfer takes 1–3 business days.' },
  crypto: { label: 'Cryptocurrency', min: '20', fee: '0', timeline: 'Reviewed within 1 business day; sent at once on approval.' },
} as const;
