import * as z from 'zod/mini';
import { isoDateTime, plainText } from './common.schema';
import { paged } from './trades.schema';
import { wireDecimal } from './wire';

/**
 * Deposits awaiting confirmation and withdrawals awaiting a decision (docs/back-office.md#funding-queues):
 * the states the funding screens put rows in and the back office decides.
 */
export const depositStatuses = ['pending', 'confirmed', 'rejected'] as const;
export const depositMethods = ['bank_transfer'] as const;
export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;
export const withdrawalMethods = ['bank_transfer', 'crypto'] as const;

export const queueTabs = ['pending', 'done', 'all'] as const;
export type QueueTab = (typeof queueTabs)[number];

export const fundingTexts = {
  decided: 'This has already been decided.',
  depositNotFound: 'Deposit not found.',
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
  status: z.enum(withdrawalStatuses),
  payout_reference: z.nullable(z.string()),
  ...decision,
});
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;

/** A queue's page, with how many wait in it. */
export const depositQueuePage = z.extend(paged(depositRowSchema), { pending: z.number() });
export const withdrawalQueuePage = z.extend(paged(withdrawalRowSchema), { pending: z.number() });
