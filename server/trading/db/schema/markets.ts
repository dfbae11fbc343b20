import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { inList } from './columns';
import { assetClasses } from './site';

/** Instruments and their candles. */

export const assets = pgTable(
  'assets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull().unique(),
    name: text('name').notNull(),
    /** The short key (`sy`) market search also matches (docs/trade-room.md#market-search). */
    shortKey: text('short_key').notNull(),
    /** The asset class (the asset's `type` on the wire; docs/trading.md#instruments): forex, stocks, indices, crypto, commodities, metals. */
    assetClass: text('asset_class')
      .notNull()
      .references(() => assetClasses.id),
    /** The market-watch group. */
    category: text('category').notNull(),
    baseCurrency: text('base_currency'),
    quoteCurrency: text('quote_currency').notNull(),
    digits: integer('digits').notNull(),
    contractSize: numeric('contract_size', { precision: 20, scale: 4 }).notNull(),
    buySpread: numeric('buy_spread', { precision: 12, scale: 8 }).notNull(),
    sellSpread: numeric('sell_spread', { precision: 12, scale: 8 }).notNull(),
    /** The largest adverse move, as a fraction of the price, accepted between what the customer saw and the fill. */
    maxDeviation: numeric('max_deviation', { precision: 12, scale: 8 }).notNull(),
    regulatoryLeverageCap: integer('regulatory_leverage_cap').notNull(),
    schedule: text('schedule').notNull(),
    tvSymbol: text('tv_symbol').notNull(),
    image: text('image').notNull(),
    /** Where the simulator starts when there is no price history. */
    seedPrice: numeric('seed_price', { precision: 24, scale: 10 }).notNull(),
    volatility: numeric('volatility', { precision: 8, scale: 4 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('assets_digits', sql`${t.digits} between 0 and 10`), check('assets_contract_size_positive', sql`${t.contractSize} > 0`)],
);

export const timeframes = ['M1', 'M5', 'M15', 'H1', 'D1'] as const;

/** OHLC candles of the mid price per instrument and timeframe, with bounded retention. */
export const candles = pgTable(
  'candles',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    timeframe: text('timeframe', { enum: timeframes }).notNull(),
    openTime: timestamp('open_time', { withTimezone: true }).notNull(),
    open: numeric('open', { precision: 24, scale: 10 }).notNull(),
    high: numeric('high', { precision: 24, scale: 10 }).notNull(),
    low: numeric('low', { precision: 24, scale: 10 }).notNull(),
    close: numeric('close', { precision: 24, scale: 10 }).notNull(),
    /** Price changes in the period (tick volume). */
    ticks: integer('ticks').notNull().default(0),
    /** Made up to give an empty database a chart history; never a price anyone traded at. */
    synthetic: boolean('synthetic').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.timeframe, t.openTime] }), check('candles_timeframe', inList('timeframe', timeframes))],
);
