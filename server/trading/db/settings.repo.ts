import { eq } from 'drizzle-orm';
import type { SettingsUpdate, SiteSettings } from '../../../shared/api/settings.schema';
import type { Executor } from './database';
import { siteSettings } from './schema';

type Row = typeof siteSettings.$inferSelect;

/**
 * The original client's switches: not staff settings but what this product does, so they cannot be
 * turned into a way to hide a feature or lock a customer out (docs/site-settings.md#the-original-clients-switches).
 */
const originalClientSwitches = {
  credit_card_deposit: false,
  is_mt4: false,
  has_marketplace: true,
  enable_plan: true,
  enable_autotrader: false,
  use_deposit_modal: false,
  livetrader_status: true,
  expert_advisor: true,
} as const;

function toApi(row: Row): SiteSettings {
  return {
    name: row.name,
    status: row.status,
    maintenanceMessage: row.maintenanceMessage,
    contactEmail: row.contactEmail,
    must_verify_account: row.mustVerifyAccount,
    website_url: row.websiteUrl,
    logo: row.logo,
    logo_sm: row.logoSm,
    favicon: row.favicon,
    r_page: row.rPage,
    register_page_header: row.registerPageHeader,
    register_page_footer: row.registerPageFooter,
    terms_url: row.termsUrl,
    privacy_url: row.privacyUrl,
    risk_url: row.riskUrl,
    help_url: row.helpUrl,
    review_stars: row.reviewStars,
    review_count: row.reviewCount,
    reviews_url: row.reviewsUrl,
    bonuses_enabled: row.bonusesEnabled,
    savings_enabled: row.savingsEnabled,
    risk_warning: row.riskWarning,
    display_currencies: row.displayCurrencies,
    bank_details: row.bankDetails,
    ...originalClientSwitches,
  };
}

const columnOf = {
  name: 'name',
  status: 'status',
  maintenanceMessage: 'maintenanceMessage',
  contactEmail: 'contactEmail',
  must_verify_account: 'mustVerifyAccount',
  website_url: 'websiteUrl',
  logo: 'logo',
  logo_sm: 'logoSm',
  favicon: 'favicon',
  r_page: 'rPage',
  register_page_header: 'registerPageHeader',
  register_page_footer: 'registerPageFooter',
  terms_url: 'termsUrl',
  privacy_url: 'privacyUrl',
  risk_url: 'riskUrl',
  help_url: 'helpUrl',
  review_stars: 'reviewStars',
  review_count: 'reviewCount',
  reviews_url: 'reviewsUrl',
  bonuses_enabled: 'bonusesEnabled',
  savings_enabled: 'savingsEnabled',
  risk_warning: 'riskWarning',
  display_currencies: 'displayCurrencies',
  bank_details: 'bankDetails',
} as const satisfies Record<keyof SettingsUpdate, keyof Row>;

export async function getSettings(db: Executor): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!row) throw new Error('site_settings row 1 is missing: run the migrations');
  return toApi(row);
}

export async function updateSettings(db: Executor, patch: SettingsUpdate): Promise<SiteSettings> {
  const values: Partial<Record<keyof Row, unknown>> = { updatedAt: new Date() };
  for (const [key, value] of Object.entries(patch) as [keyof SettingsUpdate, unknown][]) {
    if (value !== undefined) values[columnOf[key]] = value;
  }
  const [row] = await db
    .update(siteSettings)
    .set(values as Partial<typeof siteSettings.$inferInsert>)
    .where(eq(siteSettings.id, 1))
    .returning();
  if (!row) throw new Error('site_settings row 1 is missing: run the migrations');
  return toApi(row);
}
