import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgSequence, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountTypes } from '../../../../shared/api/user.schema';
import { money, createdAt, inList } from './columns';
import { currencies } from './site';
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trading_accounts_user_type').on(t.userId, t.type), check('trading_accounts_type', inList('type', accountTypes))],
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
  ],
);
