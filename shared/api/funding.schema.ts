import * as z from 'zod/mini';
import { isoDateTime, plainText } from './common.schema';
import { paged } from './trades.schema';
import { wireDecimal } from './wire';

/**
 * Deposits awaiting confirmation and withdrawals awaiting a decision (docs/back-office.md#funding-queues):
 * the states the funding screens put rows in and the back office decides.
 */
/**
 * `held`: money from outside (a provider's event, a chain payment) that differed from what was expected or passed the
 * method's limits, waiting for staff (docs/funding.md#money-from-outside); `failed`: a card payment the provider
 * declined (or a checkout that expired): nothing was taken.
 */
export const depositStatuses = ['pending', 'held', 'confirmed', 'rejected', 'failed'] as const;
export type DepositStatus = (typeof depositStatuses)[number];
export const depositMethods = ['bank_transfer', 'card', 'crypto'] as const;
export type DepositMethod = (typeof depositMethods)[number];
/** `processing`: staff approved a card refund and the provider is being asked; `cancelled`: the customer withdrew the request. */
export const withdrawalStatuses = ['pending', 'processing', 'paid', 'rejected', 'cancelled'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export const withdrawalMethods = ['bank_transfer', 'crypto', 'card'] as const;
export type WithdrawalMethod = (typeof withdrawalMethods)[number];
/** A chain payment: seen (waiting for confirmations), held for staff (past the method's limits), credited, too small to credit, or refused by staff after a hold. */
export const cryptoPaymentStatuses = ['seen', 'held', 'credited', 'below_minimum', 'rejected'] as const;

/** A crypto deposit's chain facts, and once credited the rate it was credited at. */
export interface DepositDetails {
  channel?: string;
  asset?: string;
  network?: string;
  tx_id?: string;
  address?: string;
  crypto_amount?: string;
  confirmations?: number;
  required_confirmations?: number;
  /** Account currency per coin, from our feed at the moment of the credit. */
  rate?: string;
  /** Held for staff: what the provider or the chain reported (in `reported_currency`, a currency or a coin), never credited by itself (docs/funding.md#money-from-outside). */
  reported_amount?: string;
  reported_currency?: string;
}

/** A withdrawal's destination in parts: a bank account, a wallet, or the card deposit it refunds. */
export interface WithdrawalDetails {
  bank_name?: string;
  bank_address?: string;
  account_name?: string;
  account_number?: string;
  iban?: string | null;
  bic?: string | null;
  channel?: string;
  asset?: string;
  network?: string;
  address?: string;
  deposit_reference?: string;
  refund_id?: string;
}

export const queueTabs = ['pending', 'done', 'all'] as const;
export type QueueTab = (typeof queueTabs)[number];

export const fundingTexts = {
  decided: 'This has already been decided.',
  depositNotFound: 'Deposit not found.',
  notStaffs: 'A card or crypto deposit is credited by its provider or its chain, not by hand.',
  withdrawalNotFound: 'Withdrawal not found.',
  reasonRequired: 'Give a reason: the customer is told it.',
  reasonTooLong: 'The reason may not be greater than 500 characters.',
  payoutReference: 'Enter the payout reference (1–120 characters) from the bank or the wallet.',
  amountReceived: 'Enter the amount received: a positive number with at most 2 decimals.',
  overBalance: (free: string) => `The account cannot pay this out: at most ${free} is free to withdraw.`,
} as const;

const reason = z
  .string(fundingTexts.reasonRequired)
  .check(z.trim(), z.minLength(3, fundingTexts.reasonRequired), z.maxLength(500, fundingTexts.reasonTooLong), plainText('The reason holds characters that cannot be stored.', { multiline: true }));
export const rejectRequest = z.strictObject({ reason });
export const payRequest = z.strictObject({
  payout_reference: z
    .string(fundingTexts.payoutReference)
    .check(z.trim(), z.minLength(1, fundingTexts.payoutReference), z.maxLength(120, fundingTexts.payoutReference), plainText(fundingTexts.payoutReference)),
});
export const confirmDepositRequest = z.strictObject({
  amount_received: z.string(fundingTexts.amountReceived).check(z.trim(), z.regex(/^(?!0+(\.0+)?$)\d{1,9}(\.\d{1,2})?$/, fundingTexts.amountReceived)),
});

export const queueQuery = z.object({
  status: z._default(z.enum(queueTabs, 'Choose pending, done or all.'), 'pending'),
  /** A deposit's reference or a customer's e-mail, exactly. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(254, 'Search for at most 254 characters.'))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});
export type QueueQuery = z.infer<typeof queueQuery>;

const customer = z.object({ id: z.number(), name: z.string(), email: z.string() });
const text = z.optional(z.string());
/** `DepositDetails` on the wire (a coin amount and a rate stay decimal strings: they carry more decimals than a double keeps). */
const depositDetailsSchema = z.object({
  channel: text,
  asset: text,
  network: text,
  tx_id: text,
  address: text,
  crypto_amount: text,
  confirmations: z.optional(z.number()),
  required_confirmations: z.optional(z.number()),
  rate: text,
  reported_amount: text,
  reported_currency: text,
}) satisfies z.ZodMiniType<DepositDetails>;
/** `WithdrawalDetails` on the wire. */
const withdrawalDetailsSchema = z.object({
  bank_name: text,
  bank_address: text,
  account_name: text,
  account_number: text,
  iban: z.optional(z.nullable(z.string())),
  bic: z.optional(z.nullable(z.string())),
  channel: text,
  asset: text,
  network: text,
  address: text,
  deposit_reference: text,
  refund_id: text,
}) satisfies z.ZodMiniType<WithdrawalDetails>;
const decision = {
  reason: z.nullable(z.string()),
  decided_by: z.nullable(z.string()),
  decided_at: z.nullable(isoDateTime),
  created_at: isoDateTime,
};

export const depositRowSchema = z.object({
  id: z.number(),
  customer,
  account_number: z.string(),
  method: z.enum(depositMethods),
  reference: z.string(),
  currency: z.string(),
  amount_expected: z.nullable(wireDecimal),
  amount_received: z.nullable(wireDecimal),
  status: z.enum(depositStatuses),
  /** A card deposit's payment provider (`sandbox`, `stripe`); none for the other methods. */
  provider: z.nullable(z.string()),
  details: z.nullable(depositDetailsSchema),
  ...decision,
});
export type DepositRow = z.infer<typeof depositRowSchema>;

export const withdrawalRowSchema = z.object({
  id: z.number(),
  customer,
  account_number: z.string(),
  method: z.enum(withdrawalMethods),
  destination: z.string(),
  currency: z.string(),
  amount: wireDecimal,
  /** Our fee, taken from the amount: the customer receives amount − fee. */
  fee: wireDecimal,
  status: z.enum(withdrawalStatuses),
  payout_reference: z.nullable(z.string()),
  details: z.nullable(withdrawalDetailsSchema),
  ...decision,
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;

/** A queue's page, with how many wait in it. */
export const depositQueuePage = z.extend(paged(depositRowSchema), { pending: z.number() });
export const withdrawalQueuePage = z.extend(paged(withdrawalRowSchema), { pending: z.number() });
