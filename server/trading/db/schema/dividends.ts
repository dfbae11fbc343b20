import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { assets } from './markets';
import { users } from './users';

/**
 * Dividends staff enter for share and index CFDs (docs/trading.md#dividends): at the ex-date's open every position then
 * held is adjusted, once (`booked_at` set in the same transaction as its ledger entries).
 */
export const dividends = pgTable(
  'dividends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    exDate: date('ex_date').notNull(),
    /** Per share, or index points per unit, in the instrument's quote currency. */
    amount: numeric('amount', { precision: 20, scale: 6 }).notNull(),
    /** The share of the dividend longs are credited (shorts are debited all of it). */
    longPercent: numeric('long_percent', { precision: 6, scale: 2 }).notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    positions: integer('positions').notNull().default(0),
  },
  (t) => [
    uniqueIndex('dividends_asset_ex_date').on(t.assetId, t.exDate),
    check('dividends_amount', sql`${t.amount} > 0`),
    check('dividends_long_percent', sql`${t.longPercent} >= 0 and ${t.longPercent} <= 100`),
  ],
);
