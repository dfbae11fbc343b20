import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { depositMethods, depositStatuses, withdrawalMethods, withdrawalStatuses } from '../../../../shared/api/funding.schema';
import { tradingAccounts, ledgerEntries } from './accounts';
import { createdAt, inList, money } from './columns';
import { users } from './users';

/** Money in and out that staff decide (docs/back-office.md#funding-queues). */

export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    method: text('method', { enum: depositMethods }).notNull(),
    /** What the customer quotes on the transfer, matched by staff against the bank statement. */
    reference: text('reference').notNull(),
    currency: text('currency').notNull(),
    amountExpected: money('amount_expected'),
    amountReceived: money('amount_received'),
    status: text('status', { enum: depositStatuses }).notNull().default('pending'),
    reason: text('reason'),
    /** The credit booked when confirmed. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('deposits_status', inList('status', depositStatuses)),
    check('deposits_method', inList('method', depositMethods)),
    check('deposits_confirmed', sql`${t.status} <> 'confirmed' or (${t.amountReceived} > 0 and ${t.ledgerEntryId} is not null)`),
    check('deposits_rejected', sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
    uniqueIndex('deposits_reference').on(t.reference),
    index('deposits_status').on(t.status, t.id),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    method: text('method', { enum: withdrawalMethods }).notNull(),
    /** Where it is paid: the bank account or the wallet, as the customer gave it. */
    destination: text('destination').notNull(),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    status: text('status', { enum: withdrawalStatuses }).notNull().default('pending'),
    /** The debit that holds the funds from the request on; a rejection books it back. */
    holdEntryId: bigint('hold_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    payoutReference: text('payout_reference'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('withdrawals_status', inList('status', withdrawalStatuses)),
    check('withdrawals_method', inList('method', withdrawalMethods)),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_paid', sql`${t.status} <> 'paid' or ${t.payoutReference} is not null`),
    check('withdrawals_rejected', sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
    index('withdrawals_status').on(t.status, t.id),
  ],
);
