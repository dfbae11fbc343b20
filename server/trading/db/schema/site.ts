import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, jsonb } from 'drizzle-orm/pg-core';
import { registrationPages, siteStatuses, type BankDetails } from '../../../../shared/api/settings.schema';
import { createdAt, inList } from './columns';

/** Site settings and the reference data: asset classes, currencies, plans and their features. */

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
    /** The currencies customers may show their figures in (codes); null: every currency. USD is always one. */
    displayCurrencies: jsonb('display_currencies').$type<string[]>(),
    /** The risk warning every page shows; the product's own text while unset (`riskWarningText`). */
    riskWarning: text('risk_warning'),
    /** Whether admins may credit bonuses (docs/back-office.md#balance-adjustments): off, as UK and EU rules ban trading incentives for retail customers. */
    bonusesEnabled: boolean('bonuses_enabled').notNull().default(false),
    /** The segregated client-money account customers wire to (docs/funding.md#bank-transfers); bank transfers are off while unset. */
    bankDetails: jsonb('bank_details').$type<BankDetails>(),
    /** Whether customers may open savings (docs/customer-area.md#savings): off until a broker is permitted to offer them. */
    savingsEnabled: boolean('savings_enabled').notNull().default(false),
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
    /** Whether customers on this plan may ask for AutoTrader (docs/advisors.md#autotrader). */
    autotraderAllowed: boolean('autotrader_allowed').notNull().default(false),
    /** What moving to this plan costs, taken from the Live balance; null: the move needs staff approval instead (docs/customer-area.md#plans). */
    price: numeric('price', { precision: 20, scale: 2 }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('plans_leverage_positive', sql`${t.leverage} > 0`),
    uniqueIndex('plans_one_default')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
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
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => planFeatures.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.featureId] })],
);
