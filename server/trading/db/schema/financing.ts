import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { assetClasses } from '../../../../shared/constants';
import { inList } from './columns';
import { assets } from './markets';
import { plans } from './site';
import { users } from './users';

/**
 * Overnight financing (docs/trading.md#overnight-financing). Each rate is kept with the moment it took effect and never
 * changed after, so a rollover run late (a missed night caught up) charges what was in force on its own day.
 */

/** Forex and metals: swap points per lot per night, long and short (positive is credited). */
export const swapPoints = pgTable(
  'swap_points',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    longPoints: numeric('long_points', { precision: 12, scale: 4 }).notNull(),
    shortPoints: numeric('short_points', { precision: 12, scale: 4 }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    setBy: integer('set_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.effectiveFrom] })],
);

/** The other classes: the overnight benchmark of a currency (SOFR, €STR, SONIA…), percent a year. */
export const benchmarkRates = pgTable(
  'benchmark_rates',
  {
    currency: text('currency').notNull(),
    ratePercent: numeric('rate_percent', { precision: 8, scale: 4 }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    setBy: integer('set_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.currency, t.effectiveFrom] })],
);

/** A plan's financing markup per asset class: points per lot (forex, metals) or percent a year (the rest). */
export const planFinancing = pgTable(
  'plan_financing',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    assetClass: text('asset_class', { enum: assetClasses }).notNull(),
    markup: numeric('markup', { precision: 10, scale: 4 }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    setBy: integer('set_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.assetClass, t.effectiveFrom] }),
    check('plan_financing_class', inList('asset_class', assetClasses)),
    check('plan_financing_markup', sql`${t.markup} >= 0`),
  ],
);

export const rolloverTriggers = ['schedule', 'staff', 'command'] as const;

/** Each rollover run: its local day (the key: a day is charged once), when it happened and what it booked. */
export const rollovers = pgTable(
  'rollovers',
  {
    day: date('day').primaryKey(),
    /** The instant of the rollover (ROLLOVER_TIME on `day`): positions open then are charged. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    trigger: text('trigger', { enum: rolloverTriggers }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    /** Positions booked by this run (what was charged and credited is in the ledger, per account currency). */
    positions: integer('positions').notNull().default(0),
  },
  () => [check('rollovers_trigger', inList('trigger', rolloverTriggers))],
);
