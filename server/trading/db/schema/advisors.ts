import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { autotraderLevels, autotraderRequestStatuses } from '../../../../shared/api/autotrader.schema';
import { money, createdAt, inList } from './columns';
import { tradingAccounts, ledgerEntries } from './accounts';
import { assets } from './markets';
import { plans } from './site';
import { users } from './users';

/** Expert advisors (catalogue, plans, ownership, activations) and AutoTrader requests. */

export const eaStrategies = ['ma_trend', 'rsi_reversion', 'breakout', 'grid'] as const;
export const eaBillings = ['one_time', 'monthly'] as const;

/**
 * Expert advisors (docs/advisors.md#catalogue): strategies the server runs on live prices. `price` 0 is free;
 * `params` are the strategy's own settings (periods, thresholds, risk limits).
 */
export const expertAdvisors = pgTable(
  'expert_advisors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    author: text('author').notNull(),
    strategy: text('strategy', { enum: eaStrategies }).notNull(),
    category: text('category').notNull(),
    price: money('price').notNull().default('0'),
    billing: text('billing', { enum: eaBillings }).notNull().default('one_time'),
    image: text('image'),
    /** The average of `advisor_ratings`' stars, to one decimal; 0 while it has none (docs/advisors.md#ratings). */
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0'),
    /** How many customers rated it. */
    ratingsCount: integer('ratings_count').notNull().default(0),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    params: jsonb('params').$type<Record<string, number>>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    /** On sale in the marketplace; a disabled advisor is not sold, and those who have it keep it (docs/back-office.md#catalogue). */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('expert_advisors_strategy', inList('strategy', eaStrategies)),
    check('expert_advisors_billing', inList('billing', eaBillings)),
    check('expert_advisors_price', sql`${t.price} >= 0`),
    check('expert_advisors_rating', sql`${t.rating} between 0 and 5`),
  ],
);

/** Which expert advisors each plan includes. */
export const planExpertAdvisors = pgTable(
  'plan_expert_advisors',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    expertAdvisorId: integer('expert_advisor_id')
      .notNull()
      .references(() => expertAdvisors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.expertAdvisorId] })],
);

/** Expert advisors a customer owns (bought, or taken free); one row per customer and advisor. */
export const ownedExpertAdvisors = pgTable(
  'owned_expert_advisors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertAdvisorId: integer('expert_advisor_id')
      .notNull()
      .references(() => expertAdvisors.id),
    /** The purchase's (or latest renewal's) ledger entry (none for a free advisor). */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    acquiredAt: createdAt(),
    /** A monthly advisor's paid period ends here (renewed from the Live balance, else it lapses); null: owned for good. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** When a renewal found too little balance: it is not tried again until the customer buys it anew. */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.expertAdvisorId] }),
    index('owned_expert_advisors_advisor').on(t.expertAdvisorId),
    index('owned_expert_advisors_paid_until')
      .on(t.paidUntil)
      .where(sql`${t.paidUntil} is not null`),
  ],
);

/** A customer's stars (1 to 5) for an advisor they have, one per customer and advisor: rating again replaces it (docs/advisors.md#ratings). */
export const advisorRatings = pgTable(
  'advisor_ratings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertAdvisorId: integer('expert_advisor_id')
      .notNull()
      .references(() => expertAdvisors.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.expertAdvisorId] }), index('advisor_ratings_advisor').on(t.expertAdvisorId), check('advisor_ratings_stars', sql`${t.stars} between 1 and 5`)],
);

/**
 * Each customer's one activated expert advisor (docs/advisors.md#activation) and, while `running`, the account and
 * instrument the server trades it on; `state` is the strategy's own memory (a grid's anchor), so a
 * restarted server carries on where it was.
 */
export const advisorActivations = pgTable(
  'advisor_activations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    expertAdvisorId: integer('expert_advisor_id')
      .notNull()
      .references(() => expertAdvisors.id),
    running: boolean('running').notNull().default(false),
    accountId: integer('account_id').references(() => tradingAccounts.id),
    assetId: integer('asset_id').references(() => assets.id),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    stoppedReason: text('stopped_reason'),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (t) => [
    check('advisor_activations_running_target', sql`not ${t.running} or (${t.accountId} is not null and ${t.assetId} is not null)`),
    index('advisor_activations_running')
      .on(t.userId)
      .where(sql`${t.running}`),
  ],
);

/** AutoTrader requests (docs/advisors.md#autotrader): a customer asks for a level, staff approve or refuse with a reason. */
export const autotraderRequests = pgTable(
  'autotrader_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level', { enum: autotraderLevels }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    status: text('status', { enum: autotraderRequestStatuses }).notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('autotrader_requests_level', inList('level', autotraderLevels)),
    check('autotrader_requests_status', inList('status', autotraderRequestStatuses)),
    check('autotrader_requests_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    // One pending request per customer: a second one is refused by the database itself, even when raced.
    uniqueIndex('autotrader_requests_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('autotrader_requests_status').on(t.status, t.id),
  ],
);
