import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { autotraderLevels } from '../../../../shared/api/autotrader.schema';
import { notificationColors, roles, userStatuses } from '../../../../shared/api/user.schema';
import { createdAt, inList } from './columns';
import { tradingAccounts } from './accounts';
import { currencies, plans } from './site';

/** People and their access: users, single-use tokens, API tokens, notifications and the audit trail. */

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
    /** Residential address and date of birth (docs/customer-area.md#personal-information). */
    address: text('address'),
    birthDate: date('birth_date'),
    /** The currency the customer's figures are shown in (docs/customer-area.md#settings); null: the account's. */
    displayCurrency: text('display_currency').references(() => currencies.code),
    language: text('language'),
    soundsEnabled: boolean('sounds_enabled').notNull().default(true),
    /** One-click trading (docs/trade-room.md#one-click-trading): when the customer accepted its risk and switched it on; null is off. */
    oneClickTradingAt: timestamp('one_click_trading_at', { withTimezone: true }),
    /** Market watch prices at 3 decimals (the original's) or at each instrument's own digits. */
    watchDigits: text('watch_digits', { enum: ['fixed', 'instrument'] })
      .notNull()
      .default('fixed'),
    /** The trade room the customer chose (docs/trade-room.md#terminals): `/mt4` (classic) or `/mt4-light` (light). */
    terminal: text('terminal', { enum: ['classic', 'light'] })
      .notNull()
      .default('classic'),
    /** Which notifications the customer wants by e-mail, by topic; a missing topic is on. */
    notificationPrefs: jsonb('notification_prefs').$type<Record<string, boolean>>().notNull().default({}),
    /** Two-factor sign-in (docs/access.md#two-factor-sign-in): the TOTP secret, sealed; enabled once confirmed. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('customer'),
    status: text('status', { enum: userStatuses }).notNull().default('pending'),
    /** Why staff last set the status (a deactivation's reason, shown on the customer's disabled screen); null once active. */
    statusReason: text('status_reason'),
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
    // The back office's customer search by prefix (docs/back-office.md#customers): `like 'abc%'` uses
    // these under any collation; the e-mail is stored lower-cased, names are matched lower-cased.
    index('users_email_prefix').using('btree', sql`${t.email} text_pattern_ops`),
    index('users_full_name_prefix').using('btree', sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`),
    index('users_last_name_prefix').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_role_status').on(t.role, t.status, t.createdAt),
  ],
);

/** Staff's notes on a customer (never shown to the customer), newest first on the customer's page. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_customer').on(t.customerId, t.id)],
);

export const oneTimePurposes = ['password_reset', 'auto_login', 'login_challenge', 'email_change'] as const;

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
    /** Wrong codes tried against a login challenge. */
    attempts: integer('attempts').notNull().default(0),
    /** What the token carries: the new address of an e-mail change. */
    payload: jsonb('payload').$type<Record<string, string>>(),
  },
  (t) => [check('one_time_tokens_purpose', inList('purpose', oneTimePurposes)), index('one_time_tokens_user').on(t.userId)],
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
  (t) => [
    index('audit_log_subject').on(t.subjectType, t.subjectId),
    index('audit_log_actor').on(t.actorId, t.id),
    // The audit log page (docs/back-office-audit.md): by action, and by date.
    index('audit_log_action').on(t.action, t.id),
    index('audit_log_created').on(t.createdAt),
  ],
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
  (t) => [
    check('notifications_color', inList('color', notificationColors)),
    index('notifications_user_unread')
      .on(t.userId, t.id)
      .where(sql`${t.readAt} is null`),
    // The notifications list (GET /notifications), newest first.
    index('notifications_user').on(t.userId, t.id),
  ],
);

/** Two-factor recovery codes, shown once; stored as SHA-256 only, each used at most once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code').on(t.userId, t.codeHash)],
);

export const planRequestStatuses = ['pending', 'approved', 'rejected', 'paid'] as const;

/** A customer's move to another plan (docs/customer-area.md#plans): paid at once at the plan's price, or waiting for staff. */
export const planChangeRequests = pgTable(
  'plan_change_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromPlanId: integer('from_plan_id').references(() => plans.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: planRequestStatuses }).notNull().default('pending'),
    /** What was charged (a `plan_fee` entry referenced `plan:{id}`), for a paid move. */
    price: numeric('price', { precision: 20, scale: 2 }),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('plan_change_requests_status', inList('status', planRequestStatuses)),
    uniqueIndex('plan_change_requests_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('plan_change_requests_status').on(t.status, t.id),
  ],
);
