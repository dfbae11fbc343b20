import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, json, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, createdAt, inList } from './columns';
import { tradingAccounts } from './accounts';
import { expertAdvisors } from './advisors';
import { assets } from './markets';

/** Trades, their open totals, order ids and pending orders. */

export const tradeSides = ['buy', 'sell'] as const;
export const closeReasons = ['manual', 'take_profit', 'stop_loss', 'stop_out', 'partial', 'expert_advisor', 'autotrader'] as const;
/** Who opened a trade: the customer by hand, their expert advisor, or AutoTrader. */
export const tradePlacers = ['customer', 'expert_advisor', 'autotrader'] as const;

export const trades = pgTable(
  'trades',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    side: text('side', { enum: tradeSides }).notNull(),
    /** Volume in units (lots × contract size). */
    units: numeric('units', { precision: 24, scale: 8 }).notNull(),
    lots: numeric('lots', { precision: 12, scale: 2 }).notNull(),
    leverage: integer('leverage').notNull(),
    openPrice: numeric('open_price', { precision: 24, scale: 10 }).notNull(),
    closePrice: numeric('close_price', { precision: 24, scale: 10 }),
    takeProfit: numeric('take_profit', { precision: 24, scale: 10 }),
    stopLoss: numeric('stop_loss', { precision: 24, scale: 10 }),
    /** Trailing stop distance in points (docs/trading.md#trailing-stop): the engine moves `stop_loss` after the price, never back. */
    trailingStop: integer('trailing_stop'),
    /** Margin held, in the account currency. */
    margin: money('margin').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closeReason: text('close_reason', { enum: closeReasons }),
    /** Realized P/L in the account currency, booked to the ledger at close. */
    realizedPnl: money('realized_pnl'),
    /** Overnight financing booked on this position so far, in the account currency (docs/trading.md#overnight-financing). */
    swap: money('swap').notNull().default('0'),
    /** Dividend adjustments booked on this position so far, in the account currency (docs/trading.md#dividends). */
    dividends: money('dividends').notNull().default('0'),
    /** Commission charged on this trade, at its open and its close, in the account currency (docs/trading.md#trading-conditions). */
    paidCommission: money('paid_commission').notNull().default('0'),
    /** For a partial close: the open trade this closed part came from. */
    parentId: bigint('parent_id', { mode: 'number' }),
    placedBy: text('placed_by', { enum: tradePlacers }).notNull().default('customer'),
    expertAdvisorId: integer('expert_advisor_id').references((): AnyPgColumn => expertAdvisors.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('trades_side', inList('side', tradeSides)),
    check('trades_status', inList('status', ['open', 'closed'])),
    check('trades_units_positive', sql`${t.units} > 0`),
    check('trades_closed_consistent', sql`(${t.status} = 'open') = (${t.closedAt} is null)`),
    check('trades_placed_by', inList('placed_by', tradePlacers)),
    check('trades_advisor_placed', sql`(${t.placedBy} = 'expert_advisor') = (${t.expertAdvisorId} is not null)`),
    index('trades_advisor')
      .on(t.expertAdvisorId, t.accountId)
      .where(sql`${t.expertAdvisorId} is not null`),
    index('trades_account_status').on(t.accountId, t.status, t.id),
    // The closed trades list, latest closed first (read backwards): a page comes off the index, not sorted out of the whole history.
    index('trades_account_closed')
      .on(t.accountId, t.closedAt, t.id)
      .where(sql`${t.status} = 'closed'`),
    index('trades_open_asset')
      .on(t.assetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Each account's open trades summed per instrument and side, kept by triggers on `trades` (migration
 * 0010) in the same statement as the trade change: a margin check reads a row per instrument, however
 * many trades are open. `cost` is Σ units × open price, exact.
 */
export const openExposure = pgTable(
  'open_exposure',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    assetId: integer('asset_id').notNull(),
    side: text('side', { enum: tradeSides }).notNull(),
    units: numeric('units').notNull(),
    cost: numeric('cost').notNull(),
    margin: numeric('margin').notNull(),
    positions: integer('positions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.assetId, t.side] })],
);

/**
 * Each account's trading record (docs/accounts-and-ledger.md#the-user-object), kept by triggers in the statement that
 * closes a trade or books an entry: pages read one row instead of summing the account's whole history.
 * `pnl` is its `realized_pnl` entries (equal to its closed trades' realized P/L), `deposits` its `deposit` entries.
 */
export const accountRecords = pgTable('account_records', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => tradingAccounts.id),
  closed: integer('closed').notNull().default(0),
  wins: integer('wins').notNull().default(0),
  losses: integer('losses').notNull().default(0),
  pnl: numeric('pnl').notNull().default('0'),
  deposits: numeric('deposits').notNull().default('0'),
});

/** Every answer to an order, by the client's order id: the same id gets the first answer again, never a second trade. */
export const orderRequests = pgTable(
  'order_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    clientOrderId: text('client_order_id').notNull(),
    /** SHA-256 of the order as first asked: the same id with another order is refused, not answered. */
    requestHash: text('request_hash'),
    /**
     * The first outcome (`Outcome` in server/trading/errors.ts): the order's trade, or why it was refused.
     * `json`, not `jsonb`: replayed as first given, keys in their order (jsonb reorders them).
     */
    outcome: json('outcome'),
    /** Before migration 0018 the answer was stored as an HTTP status and body; still written (db/legacy-order-answers.ts) until no earlier release runs. */
    status: integer('status'),
    response: json('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_requests_client_id').on(t.accountId, t.clientOrderId)],
);

export const pendingKinds = ['limit', 'stop'] as const;
export const pendingStatuses = ['pending', 'filled', 'cancelled', 'rejected'] as const;

/** Buy/sell limit and stop orders: stored, shown, cancelled, and filled by the engine when the price reaches them. */
export const pendingOrders = pgTable(
  'pending_orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => tradingAccounts.id),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    side: text('side', { enum: tradeSides }).notNull(),
    kind: text('kind', { enum: pendingKinds }).notNull(),
    price: numeric('price', { precision: 24, scale: 10 }).notNull(),
    units: numeric('units', { precision: 24, scale: 8 }).notNull(),
    lots: numeric('lots', { precision: 12, scale: 2 }).notNull(),
    leverage: integer('leverage').notNull(),
    takeProfit: numeric('take_profit', { precision: 24, scale: 10 }),
    stopLoss: numeric('stop_loss', { precision: 24, scale: 10 }),
    status: text('status', { enum: pendingStatuses }).notNull().default('pending'),
    tradeId: bigint('trade_id', { mode: 'number' }).references(() => trades.id),
    reason: text('reason'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    check('pending_orders_side', inList('side', tradeSides)),
    check('pending_orders_kind', inList('kind', pendingKinds)),
    check('pending_orders_status', inList('status', pendingStatuses)),
    check('pending_orders_price_positive', sql`${t.price} > 0`),
    index('pending_orders_account_status').on(t.accountId, t.status, t.id),
  ],
);
