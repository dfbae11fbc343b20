import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cryptoPaymentStatuses, depositMethods, depositStatuses, withdrawalMethods, withdrawalStatuses, type DepositDetails, type WithdrawalDetails } from '../../../../shared/api/funding.schema';
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
    /** Card deposits: the provider, its checkout session and, once paid, its payment (a refund names it). */
    provider: text('provider'),
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    /** What the method adds: a crypto payment's coin, network, transaction and rate. */
    details: jsonb('details').$type<DepositDetails>(),
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
    uniqueIndex('deposits_provider_session').on(t.provider, t.providerSessionId),
    check('deposits_card', sql`${t.method} <> 'card' or (${t.provider} is not null and ${t.amountExpected} > 0)`),
    index('deposits_status').on(t.status, t.id),
    index('deposits_user').on(t.userId, t.id),
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
    /** The destination's parts as given (bank fields, or coin, network and address, or the card deposit refunded). */
    details: jsonb('details').$type<WithdrawalDetails>(),
    /** A card withdrawal is a refund of this card deposit. */
    depositId: bigint('deposit_id', { mode: 'number' }).references(() => deposits.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    /** Our fee, taken from the amount (the customer receives amount − fee). */
    fee: money('fee').notNull().default('0'),
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
    check('withdrawals_card', sql`${t.method} <> 'card' or ${t.depositId} is not null`),
    check('withdrawals_fee', sql`${t.fee} >= 0 and ${t.fee} < ${t.amount}`),
    index('withdrawals_status').on(t.status, t.id),
    index('withdrawals_user').on(t.userId, t.id),
  ],
);

/** Each provider event handled, once (docs/funding.md#card-deposits): a replay finds its row and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    depositId: bigint('deposit_id', { mode: 'number' }).references(() => deposits.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A customer's deposit address for one coin on one network, derived from the broker's watch-only key (docs/funding.md#crypto-deposits). */
export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `shared/funding/crypto-channels.ts`: btc, eth, usdt-trc20, usdt-erc20. */
    channel: text('channel').notNull(),
    /** The child of the account key: the user's id, so an address never changes and two never collide. */
    derivationIndex: integer('derivation_index').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crypto_wallets_user_channel').on(t.userId, t.channel), uniqueIndex('crypto_wallets_channel_address').on(t.channel, t.address)],
);

/** A payment seen on a chain to one of our addresses, with its confirmations; credited once (docs/funding.md#crypto-deposits). */
export const cryptoPayments = pgTable(
  'crypto_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => cryptoWallets.id),
    txId: text('tx_id').notNull(),
    /** In the coin, to its smallest unit. */
    amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    status: text('status', { enum: cryptoPaymentStatuses }).notNull().default('seen'),
    /** The deposit row it shows as (pending until credited). */
    depositId: bigint('deposit_id', { mode: 'number' }).references(() => deposits.id),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crypto_payments_tx').on(t.walletId, t.txId),
    check('crypto_payments_status', inList('status', cryptoPaymentStatuses)),
    check('crypto_payments_amount_positive', sql`${t.amount} > 0`),
    check('crypto_payments_confirmations', sql`${t.confirmations} >= 0`),
    index('crypto_payments_wallet').on(t.walletId, t.id),
  ],
);
