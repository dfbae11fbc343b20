import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { registrationPages, siteStatuses } from '../../../shared/api/settings.schema';
import { autotraderLevels, autotraderRequestStatuses } from '../../../shared/api/autotrader.schema';
import { accountTypes, notificationColors, roles, userStatuses } from '../../../shared/api/user.schema';

/** Money: NUMERIC(20,2) in the account's currency; read back as a decimal string, never a float. */
const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    status: text('status', { enum: siteStatuses }).notNull().default('enabled'),
    maintenanceMessage: text('maintenance_message'),
    contactEmail: text('contact_email'),
    mustVerifyAccount: boolean('must_verify_account').notNull().default(true),
    websiteUrl: text('website_url'),
    logo: text('logo'),
    logoSm: text('logo_sm'),
    favicon: text('favicon'),
    rPage: text('r_page', { enum: registrationPages }).notNull().default('basic'),
    registerPageHeader: text('register_page_header'),
    registerPageFooter: text('register_page_footer'),
    termsUrl: text('terms_url'),
    privacyUrl: text('privacy_url'),
    riskUrl: text('risk_url'),
    helpUrl: text('help_url'),
    reviewStars: integer('review_stars'),
    reviewCount: integer('review_count'),
    reviewsUrl: text('reviews_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_single_row', sql`${t.id} = 1`),
    check('site_settings_status', inList('status', siteStatuses)),
    check('site_settings_r_page', inList('r_page', registrationPages)),
    check('site_settings_review_stars', sql`${t.reviewStars} between 1 and 5`),
    check('site_settings_review_count', sql`${t.reviewCount} >= 0`),
  ],
);

export const assetClasses = pgTable('asset_classes', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  defaultLeverage: integer('default_leverage').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    /** Units of this currency per 1 USD. */
    rate: numeric('rate', { precision: 24, scale: 10 }).notNull(),
    decimals: integer('decimals').notNull().default(2),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('currencies_rate_positive', sql`${t.rate} > 0`), check('currencies_code_format', sql`${t.code} ~ '^[A-Z]{3}$'`)],
);

export const plans = pgTable(
  'plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    color: text('color'),
    icon: text('icon'),
    image: text('image'),
    leverage: integer('leverage').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isRecommended: boolean('is_recommended').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('plans_leverage_positive', sql`${t.leverage} > 0`),
    uniqueIndex('plans_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

export const planFeatures = pgTable('plan_features', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  label: text('label').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const planFeatureValues = pgTable(
  'plan_feature_values',
  {
    planId: integer('plan_id').notNull().references(() => plans.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id').notNull().references(() => planFeatures.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.featureId] })],
);


export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username').unique(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull().unique(),
    phone: text('phone'),
    /** The promo code given at registration, if any (for staff to honour; it grants nothing by itself). */
    promoCode: text('promo_code'),
    country: text('country'),
    nationality: text('nationality'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('customer'),
    status: text('status', { enum: userStatuses }).notNull().default('pending'),
    planId: integer('plan_id').references(() => plans.id),
    autotrader: boolean('autotrader').notNull().default(false),
    /** While `autotrader`: its level and the account it trades. */
    autotraderLevel: text('autotrader_level', { enum: autotraderLevels }),
    autotraderAccountId: integer('autotrader_account_id').references((): AnyPgColumn => tradingAccounts.id),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role', inList('role', roles)),
    check('users_status', inList('status', userStatuses)),
    check('users_autotrader_level', inList('autotrader_level', autotraderLevels)),
    check('users_autotrader_consistent', sql`not ${t.autotrader} or (${t.autotraderLevel} is not null and ${t.autotraderAccountId} is not null)`),
    check('users_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

export const oneTimePurposes = ['password_reset', 'auto_login'] as const;

/** Single-use, short-lived tokens: password reset links and auto-login links. Stored as SHA-256 only. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: oneTimePurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [check('one_time_tokens_purpose', inList('purpose', oneTimePurposes)), index('one_time_tokens_user').on(t.userId)],
);

/** Every mail the platform sends (server-spec §2): the outbox staff and tests read, and what SMTP delivered. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('outbox_to').on(t.to, t.id)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user').on(t.userId)],
);

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
    bucket: text('bucket', { enum: ['balance', 'credit'] }).notNull().default('balance'),
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

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_subject').on(t.subjectType, t.subjectId)],
);

// ---------- Markets and trading ----------

export const assets = pgTable(
  'assets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull().unique(),
    name: text('name').notNull(),
    /** The short key market search also matches (client-spec `sy`). */
    shortKey: text('short_key').notNull(),
    /** The asset class (client-spec Asset `type`): forex, stocks, indices, crypto, commodities, metals. */
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
    /** Margin held, in the account currency. */
    margin: money('margin').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    closeReason: text('close_reason', { enum: closeReasons }),
    /** Realized P/L in the account currency, booked to the ledger at close. */
    realizedPnl: money('realized_pnl'),
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
    index('trades_advisor').on(t.expertAdvisorId, t.accountId).where(sql`${t.expertAdvisorId} is not null`),
    index('trades_account_status').on(t.accountId, t.status, t.id),
    index('trades_open_asset').on(t.assetId).where(sql`${t.status} = 'open'`),
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
    status: integer('status'),
    /** `json`, not `jsonb`: the replayed body must be the first answer byte for byte (jsonb reorders keys). */
    response: json('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('order_requests_client_id').on(t.accountId, t.clientOrderId)],
);


/** Stored notifications (fills, margin calls, stop-outs, approvals): the card shows the first unread one. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    color: text('color', { enum: notificationColors }).notNull().default('info'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('notifications_color', inList('color', notificationColors)), index('notifications_user_unread').on(t.userId, t.id).where(sql`${t.readAt} is null`)],
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

/**
 * Support chat (server-spec §9): one conversation per customer with the staff. `isAdmin` marks a staff
 * member's message; `readAt` is set when the other side has read it.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    isAdmin: boolean('is_admin').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_customer').on(t.customerId, t.id),
    index('chat_messages_unread').on(t.customerId, t.isAdmin).where(sql`${t.readAt} is null`),
    check('chat_messages_length', sql`char_length(${t.message}) <= 5000`),
  ],
);

/**
 * Chat attachments (server-spec §9): the bytes live in the file store under the server-made `id`; the
 * customer's name for the file is kept only to offer it back on download. `customerId` is the
 * conversation (a customer's own uploads belong to theirs at once, staff uploads once attached).
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: uuid('id').primaryKey(),
    uploaderId: integer('uploader_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => chatMessages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_files_message').on(t.messageId), check('chat_files_size', sql`${t.size} > 0`)],
);

export const eaStrategies = ['ma_trend', 'rsi_reversion', 'breakout', 'grid'] as const;
export const eaBillings = ['one_time', 'monthly'] as const;

/**
 * Expert advisors (server-spec §8): strategies the server runs on live prices. `price` 0 is free;
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
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    params: jsonb('params').$type<Record<string, number>>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
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
    index('owned_expert_advisors_paid_until').on(t.paidUntil).where(sql`${t.paidUntil} is not null`),
  ],
);

/**
 * Each customer's one activated expert advisor (client-spec §5) and, while `running`, the account and
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
    index('advisor_activations_running').on(t.userId).where(sql`${t.running}`),
  ],
);

/** AutoTrader requests (client-spec §6): a customer asks for a level, staff approve or refuse with a reason. */
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
    uniqueIndex('autotrader_requests_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('autotrader_requests_status').on(t.status, t.id),
  ],
);
