import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { assetClasses } from '../../../../shared/constants';
import { commissionKinds } from '../../../../shared/trading/conditions';
import { inList, money } from './columns';
import { assets } from './markets';
import { plans } from './site';
import { users } from './users';

/**
 * A plan's trading conditions (docs/trading.md#trading-conditions): per asset class, and per instrument where an
 * admin overrides its class, the points added to the raw spread and the commission charged per side.
 */
export const planConditions = pgTable(
  'plan_conditions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    assetClass: text('asset_class', { enum: assetClasses }).notNull(),
    /** An instrument whose conditions differ from its class's; null for the class's own. */
    assetId: integer('asset_id').references(() => assets.id),
    /** Points (price × 10^digits) added to the raw spread: half above the ask, half below the bid. */
    spreadMarkup: integer('spread_markup').notNull().default(0),
    commissionKind: text('commission_kind', { enum: commissionKinds }).notNull().default('per_lot'),
    /** USD per lot per side (`per_lot`), or basis points of the notional per side (`notional`). */
    commissionRate: numeric('commission_rate', { precision: 12, scale: 4 }).notNull().default('0'),
    /** The least charged per side, USD. */
    commissionMinimum: money('commission_minimum').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('plan_conditions_scope').on(t.planId, t.assetClass, sql`coalesce(${t.assetId}, 0)`),
    check('plan_conditions_class', inList('asset_class', assetClasses)),
    check('plan_conditions_kind', inList('commission_kind', commissionKinds)),
    check('plan_conditions_markup', sql`${t.spreadMarkup} >= 0`),
    check('plan_conditions_commission', sql`${t.commissionRate} >= 0 and ${t.commissionMinimum} >= 0`),
  ],
);
