import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgSequence, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountTypes } from '../../../../shared/api/user.schema';
import { money, createdAt, inList } from './columns';
import { currencies, plans } from './site';
import { users } from './users';

/** Trading accounts and the ledger that is their only way to change. */

export const accountNumberSeq = pgSequence('account_number_seq', { startWith: 5_000_001, increment: 1 });

export const tradingAccounts = pgTable(
  'trading_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: accountTypes }).notNull(),
    number: text('number')
      .notNull()
      .unique()
      .default(sql`nextval('account_number_seq')::text`),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    /** Maintained only by the ledger trigger: always the sum of the account's balance entries. */
    balance: money('balance').notNull().default('0'),
    /** Maintained only by the ledger trigger: the sum of the account's credit entries. */
    credit: money('credit').notNull().default('0'),
    /** The account made at sign-up, one of each type; more are opened from the Accounts page (docs/customer-area.md#accounts). */
    isPrimary: boolean('is_primary').notNull().default(true),
    /**
     * The owner's plan, copied by database triggers whenever it is set or changed: the client group whose quotes and
     * commissions the account trades at (docs/trading.md#trading-conditions). Null: the default plan's.
     */
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trading_accounts_user_type')
      .on(t.userId, t.type)
      .where(sql`${t.isPrimary}`),
    index('trading_accounts_user').on(t.userId, t.id),
    check('trading_accounts_type', inList('type', accountTypes)),
  ],
);

export const ledgerKinds = [
  'deposit',
  'withdrawal',
  'realized_pnl',
  'ea_purchase',
  'bonus_credit',
  'negative_balance_correction',
  'demo_funding',
  'demo_reset',
  'correction',
  'fee_refund',
  'chargeback',
  'withdrawal_reversal',
  'transfer',
  'savings',
  'savings_interest',
  'plan_fee',
  /** Overnight financing of one position at one rollover (docs/trading.md#overnight-financing). */
  'swap',
  /** The commission of one side of a trade, at its open or its close (docs/trading.md#trading-conditions). */
  'commission',
  /** A dividend adjustment of one position at an ex-date's open (docs/trading.md#dividends). */
  'dividend',
] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    bucket: text('bucket', { enum: ['balance', 'credit'] })
      .notNull()
      .default('balance'),
    amount: money('amount').notNull(),
    /** Set by the ledger trigger: the bucket's running total after this entry. */
    balanceAfter: money('balance_after').notNull().default('0'),
    /** Idempotency key within (account, kind): a trade id, a deposit id… */
    reference: text('reference'),
    memo: text('memo'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // A realized P/L of exactly 0.00 is still booked, so every closed trade has its one P/L entry.
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0 or ${t.kind} = 'realized_pnl'`),
    check('ledger_entries_kind', inList('kind', ledgerKinds)),
    check('ledger_entries_bucket', inList('bucket', ['balance', 'credit'])),
    uniqueIndex('ledger_entries_reference').on(t.accountId, t.kind, t.reference),
    index('ledger_entries_account').on(t.accountId, t.id),
    // The dashboard's daily series read one range of an account's entries, not its whole history.
    index('ledger_entries_account_time').on(t.accountId, t.createdAt),
  ],
);

/** Money a customer moves between two of their own accounts: one transaction, two `transfer` entries referenced `transfer:{id}`. */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('account_transfers_amount_positive', sql`${t.amount} > 0`),
    check('account_transfers_two_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    index('account_transfers_user').on(t.userId, t.id),
  ],
);

export const savingsPeriods = ['flexible', '1_month', '3_months', '6_months', '12_months'] as const;
export const savingsEarlyRules = ['forfeit_interest', 'locked'] as const;

/** Savings products (docs/customer-area.md#savings), edited by admins in the back-office catalogue. */
export const savingsPlans = pgTable(
  'savings_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    active: boolean('active').notNull().default(true),
    /** What ending a fixed term early does: pay the principal back without interest, or not allowed. */
    earlyWithdrawal: text('early_withdrawal', { enum: savingsEarlyRules }).notNull().default('forfeit_interest'),
    minAmount: money('min_amount').notNull().default('10'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check('savings_plans_early_withdrawal', inList('early_withdrawal', savingsEarlyRules)), check('savings_plans_min_amount', sql`${t.minAmount} > 0`)],
);

/** A plan's rate for one period, versioned: a new rate is a new row and the old one is retired, so a saving keeps the terms it was opened on. */
export const savingsTerms = pgTable(
  'savings_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => savingsPlans.id, { onDelete: 'cascade' }),
    period: text('period', { enum: savingsPeriods }).notNull(),
    /** Yearly rate in percent. */
    roi: numeric('roi', { precision: 7, scale: 3 }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('savings_terms_period', inList('period', savingsPeriods)),
    check('savings_terms_roi', sql`${t.roi} > 0 and ${t.roi} <= 100`),
    uniqueIndex('savings_terms_current')
      .on(t.planId, t.period)
      .where(sql`${t.retiredAt} is null`),
  ],
);

export const savingStatuses = ['active', 'closed'] as const;

/** A customer's saving: principal taken from a Live account by a `savings` entry, interest accrued daily, paid by `savings_interest` entries. */
export const savings = pgTable(
  'savings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    termId: integer('term_id')
      .notNull()
      .references(() => savingsTerms.id),
    period: text('period', { enum: savingsPeriods }).notNull(),
    roi: numeric('roi', { precision: 7, scale: 3 }).notNull(),
    /** 0 for flexible. */
    days: integer('days').notNull(),
    amount: money('amount').notNull(),
    /** Interest accrued and not yet paid, exact (accruals are kept to 10 decimals, paid in cents). */
    accrued: numeric('accrued', { precision: 30, scale: 10 }).notNull().default('0'),
    paid: money('paid').notNull().default('0'),
    status: text('status', { enum: savingStatuses }).notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('savings_period', inList('period', savingsPeriods)),
    check('savings_status', inList('status', savingStatuses)),
    check('savings_amount_positive', sql`${t.amount} > 0`),
    index('savings_user').on(t.userId, t.id),
    index('savings_active').on(t.status, t.id),
  ],
);

/** One day's interest on one saving: the primary key makes each day accrue once, whatever runs the job. */
export const savingsAccruals = pgTable(
  'savings_accruals',
  {
    savingId: bigint('saving_id', { mode: 'number' })
      .notNull()
      .references(() => savings.id),
    day: date('day').notNull(),
    amount: numeric('amount', { precision: 30, scale: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.savingId, t.day] })],
);
