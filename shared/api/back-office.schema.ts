import * as z from 'zod/mini';
import { isoDateTime, plainText, positiveInt } from './common.schema';
import { accountSummarySchema, paged, pendingOrderSchema, tradeSchema } from './trades.schema';
import { roles, userStatuses, verificationStatuses } from './user.schema';
import { wireDecimal } from './wire';

/** The back office's customers (docs/back-office.md): the overview, the list, one customer and what staff do there. */

export const backOfficeTexts = {
  reasonRequired: 'Give a reason: the customer is told it.',
  reasonTooLong: 'The reason may not be greater than 500 characters.',
  noteRequired: 'Write the note.',
  noteTooLong: 'A note may not be greater than 2000 characters.',
  planNotFound: 'Plan not found.',
  customerNotFound: 'Customer not found.',
  samePlan: 'The customer is on this plan already.',
  unchanged: 'Nothing changed: the customer has this status already.',
  searchTooLong: 'Search for at most 254 characters.',
} as const;

export const overviewSchema = z.object({
  customers_pending: z.number(),
  autotrader_pending: z.number(),
  /** Customers with messages staff have not read. */
  unread_chats: z.number(),
  documents_pending: z.number(),
  deposits_pending: z.number(),
  withdrawals_pending: z.number(),
  customers_total: z.number(),
  customers_online: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const customerSorts = ['newest', 'oldest', 'name', 'email', 'balance'] as const;
export type CustomerSort = (typeof customerSorts)[number];
export const customerStatusFilters = [...userStatuses, 'all'] as const;

const pageNumber = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1);

export const customerListQuery = z.object({
  /** Name or e-mail prefix, an account number, or a customer id. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(254, backOfficeTexts.searchTooLong))),
  status: z._default(z.enum(customerStatusFilters, 'Choose active, pending, deactivated or all.'), 'all'),
  sort: z._default(z.enum(customerSorts, 'Sort by newest, oldest, name, email or balance.'), 'newest'),
  verification: z._default(z.enum([...verificationStatuses, 'all'], 'Choose unverified, pending, approved, rejected or all.'), 'all'),
  page: pageNumber,
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  country: z.nullable(z.string()),
  status: z.enum(userStatuses),
  plan: z.nullable(z.string()),
  verification_status: z.enum(verificationStatuses),
  /** The Live account: its number and figures at current prices. */
  account_number: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  balance: z.nullable(wireDecimal),
  equity: z.nullable(wireDecimal),
  is_online: z.boolean(),
  created_at: isoDateTime,
});
export type CustomerRow = z.infer<typeof customerRowSchema>;
export const customerPage = paged(customerRowSchema);

const person = z.object({ id: z.number(), name: z.string(), email: z.string() });

export const customerNoteSchema = z.object({ id: z.number(), body: z.string(), author: person, created_at: isoDateTime });
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const auditTrailEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.nullable(z.object({ id: z.number(), name: z.string(), role: z.enum(roles) })),
  details: z.record(z.string(), z.unknown()),
  created_at: isoDateTime,
});

export const ledgerLineSchema = z.object({
  id: z.number(),
  account_number: z.string(),
  kind: z.string(),
  /** balance or credit: each has its own running total. */
  bucket: z.enum(['balance', 'credit']),
  amount: wireDecimal,
  /** The bucket's total after this entry. */
  balance_after: wireDecimal,
  reference: z.nullable(z.string()),
  memo: z.nullable(z.string()),
  created_at: isoDateTime,
});

export const customerDetailSchema = z.object({
  profile: z.object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone: z.nullable(z.string()),
    country: z.nullable(z.string()),
    nationality: z.nullable(z.string()),
    promo_code: z.nullable(z.string()),
    status: z.enum(userStatuses),
    plan: z.nullable(z.object({ id: z.number(), title: z.string(), leverage: z.number() })),
    verification_status: z.string(),
    is_online: z.boolean(),
    last_seen_at: z.nullable(isoDateTime),
    created_at: isoDateTime,
    autotrader: z.object({ active: z.boolean(), level: z.nullable(z.string()) }),
    advisors: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  accounts: z.array(accountSummarySchema),
  open_trades: z.array(tradeSchema),
  closed_trades: z.array(tradeSchema),
  pending_orders: z.array(pendingOrderSchema),
  ledger: z.array(ledgerLineSchema),
  notes: z.array(customerNoteSchema),
  audit: z.array(auditTrailEntrySchema),
  plans: z.array(z.object({ id: z.number(), title: z.string(), leverage: z.number() })),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

const reasonText = z
  .string(backOfficeTexts.reasonRequired)
  .check(z.trim(), z.maxLength(500, backOfficeTexts.reasonTooLong), plainText('The reason holds characters that cannot be stored.', { multiline: true }));

/** A change of standing: a reason is required to deactivate or reactivate, optional to approve (docs/back-office.md#customer-actions). */
export const customerStatusRequest = z.strictObject({ status: z.enum(userStatuses, 'The status must be active, pending or deactivated.'), reason: z.optional(reasonText) });
export const customerPlanRequest = z.strictObject({ plan_id: positiveInt(backOfficeTexts.planNotFound), reason: z.optional(reasonText) });
export const customerNoteRequest = z.strictObject({
  body: z
    .string(backOfficeTexts.noteRequired)
    .check(z.trim(), z.minLength(1, backOfficeTexts.noteRequired), z.maxLength(2000, backOfficeTexts.noteTooLong), plainText('The note holds characters that cannot be stored.', { multiline: true })),
});

/**
 * An admin's balance adjustment (docs/back-office.md#balance-adjustments): a bonus goes to credit (only while
 * the site allows bonuses), the others to the balance; a fee refund only adds, a chargeback only takes.
 */
export const adjustmentTypes = ['bonus', 'correction', 'fee_refund', 'chargeback'] as const;
export type AdjustmentType = (typeof adjustmentTypes)[number];
export const adjustmentLabels: Record<AdjustmentType, string> = { bonus: 'Bonus (credit)', correction: 'Correction', fee_refund: 'Fee refund', chargeback: 'Chargeback' };

export const adjustmentTexts = {
  bonusesOff: 'Bonuses are switched off in the site settings (UK and EU rules ban trading incentives for retail customers).',
  wrongDirection: (type: string) => (type === 'fee_refund' ? 'A fee refund can only add to the balance.' : 'A chargeback can only take from the balance.'),
  overFreeMargin: (free: string) => `This debit would take free margin below zero: at most ${free} can be taken now.`,
  overBucket: (left: string) => `This debit would take the account below zero: at most ${left} can be taken.`,
  accountNotFound: 'Choose one of the customer’s accounts.',
  amount: 'The amount must be a positive number with at most 2 decimals, below 10,000,000.',
} as const;

export const adjustmentRequest = z.strictObject({
  account_id: positiveInt(adjustmentTexts.accountNotFound),
  type: z.enum(adjustmentTypes, 'Choose bonus, correction, fee refund or chargeback.'),
  direction: z.enum(['credit', 'debit'], 'Choose credit or debit.'),
  amount: z.string(adjustmentTexts.amount).check(z.trim(), z.regex(/^(?!0+(\.0+)?$)\d{1,7}(\.\d{1,2})?$/, adjustmentTexts.amount)),
  reason: z
    .string(backOfficeTexts.reasonRequired)
    .check(
      z.trim(),
      z.minLength(3, backOfficeTexts.reasonRequired),
      z.maxLength(500, backOfficeTexts.reasonTooLong),
      plainText('The reason holds characters that cannot be stored.', { multiline: true }),
    ),
  /** A new one per adjustment the admin means to make: the same id twice books once (a double click, a retry). */
  request_id: z.uuid('The request id must be a UUID.'),
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

export const adjustmentSchema = z.object({
  ledger_entry_id: z.number(),
  account_id: z.number(),
  bucket: z.enum(['balance', 'credit']),
  amount: wireDecimal,
  balance_after: wireDecimal,
  /** False when this request id had already been booked: the first booking is answered again. */
  created: z.boolean(),
});
