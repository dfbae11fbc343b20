import * as z from 'zod/mini';
import { resource } from './common.schema';

export const registrationPages = ['basic', 'ic', 'td'] as const;
export const siteStatuses = ['enabled', 'disabled'] as const;

const optionalText = z.nullable(z.string());

/** The broker's client-money bank account for transfers in (docs/funding.md#bank-transfers). */
export interface BankDetails {
  account_name: string;
  bank_name: string;
  iban: string;
  bic: string;
  bank_address: string;
}

export const siteSettingsSchema = z.object({
  name: z.string(),
  status: z.enum(siteStatuses),
  maintenanceMessage: optionalText,
  contactEmail: optionalText,
  must_verify_account: z.boolean(),
  website_url: optionalText,
  logo: optionalText,
  logo_sm: optionalText,
  favicon: optionalText,
  r_page: z.enum(registrationPages),
  register_page_header: optionalText,
  register_page_footer: optionalText,
  terms_url: optionalText,
  privacy_url: optionalText,
  risk_url: optionalText,
  help_url: optionalText,
  /** The trust block of the `td` sign-up screen: the broker's own review score and count, hidden while unset. */
  review_stars: z.nullable(z.number()),
  review_count: z.nullable(z.number()),
  reviews_url: optionalText,
  /** Admins may credit bonuses to customers' credit (docs/back-office.md#balance-adjustments); off by default. */
  bonuses_enabled: z.boolean(),
  /** Whether customers may open savings (docs/customer-area.md#savings): off until the broker is permitted to offer them; savings already open stay visible and closable. */
  savings_enabled: z.boolean(),
  /** The risk warning every page shows (the regulator's wording, e.g. with the share of losing accounts); null: the product's own text. */
  risk_warning: optionalText,
  /** The currencies customers may show their figures in (codes); null: all of them. USD, the accounts' own, always is. */
  display_currencies: z.nullable(z.array(z.string())),
  /** The client-money account customers wire to, shown on the bank-transfer step with their reference; null: bank transfers are off. */
  bank_details: z.nullable(z.object({ account_name: z.string(), bank_name: z.string(), iban: z.string(), bic: z.string(), bank_address: z.string() })),
  /**
   * Whether the original client offers its card method (docs/site-settings.md#card-deposits). Always false: that
   * method posts the card number, expiry and CVC to the broker's own API, and we never take card data
   * (docs/site-settings.md#card-deposits); cards are paid on the payment provider's own page (docs/funding.md#card-deposits).
   */
  credit_card_deposit: z.boolean(),
  /** The original client's other switches, fixed by what this product offers (docs/site-settings.md#the-original-clients-switches). */
  is_mt4: z.boolean(),
  has_marketplace: z.boolean(),
  enable_plan: z.boolean(),
  enable_autotrader: z.boolean(),
  use_deposit_modal: z.boolean(),
  livetrader_status: z.boolean(),
  expert_advisor: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export type EntryLook = SiteSettings['r_page'];

/** The look of the sign-in and sign-up pages: the `r_page` setting, or basic when the address asks `?type=basic`. */
export function entryLook(settings: SiteSettings, type: unknown): EntryLook {
  return type === 'basic' ? 'basic' : settings.r_page;
}

/** The `td` look is light; the others are dark. */
export const themeOf = (look: EntryLook): 'light' | 'dark' => (look === 'td' ? 'light' : 'dark');

export const settingsResponse = resource(siteSettingsSchema);

const editableText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

/** Links and images staff set end up in `href`/`src`: only http(s) URLs and paths on this site. */
export function isSafeLink(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  return /^https?:\/\/[^\s/]+/i.test(value);
}
const editableLink = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2048), z.refine(isSafeLink, 'Must be an http(s) URL or a path starting with /'))));

/** IBAN and BIC are checked on the server (ibantools) where the update is applied; here only their shape. */
export const bankDetailsTexts = {
  required: 'Fill in the account name, bank name, IBAN, BIC and bank address (or clear them all to switch bank transfers off).',
  iban: 'Enter a valid IBAN.',
  bic: 'Enter a valid SWIFT/BIC code (8 or 11 characters).',
} as const;

/** What staff may change; every field optional, unknown fields refused. */
export const settingsUpdateRequest = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.minLength(1, 'The site name is required'), z.maxLength(120))),
  status: z.optional(z.enum(siteStatuses)),
  maintenanceMessage: editableText(2000),
  contactEmail: z.optional(z.nullable(z.email('Please enter a valid email address'))),
  must_verify_account: z.optional(z.boolean()),
  website_url: editableLink,
  logo: editableLink,
  logo_sm: editableLink,
  favicon: editableLink,
  r_page: z.optional(z.enum(registrationPages)),
  register_page_header: editableText(2000),
  register_page_footer: editableText(2000),
  terms_url: editableLink,
  privacy_url: editableLink,
  risk_url: editableLink,
  help_url: editableLink,
  review_stars: z.optional(z.nullable(z.int().check(z.minimum(1, 'Stars must be from 1 to 5'), z.maximum(5, 'Stars must be from 1 to 5')))),
  review_count: z.optional(z.nullable(z.int().check(z.minimum(0, 'The review count cannot be negative'), z.maximum(100_000_000)))),
  reviews_url: editableLink,
  bonuses_enabled: z.optional(z.boolean()),
  savings_enabled: z.optional(z.boolean()),
  risk_warning: editableText(1000),
  display_currencies: z.optional(
    z.nullable(
      z.array(z.string().check(z.regex(/^[A-Z]{3}$/, 'A currency is its three-letter code, like EUR.')), 'Choose the display currencies.').check(z.maxLength(50, 'Choose at most 50 currencies.')),
    ),
  ),
  bank_details: z.optional(
    z.nullable(
      z.strictObject({
        account_name: z.string(bankDetailsTexts.required).check(z.trim(), z.minLength(1, bankDetailsTexts.required), z.maxLength(140)),
        bank_name: z.string(bankDetailsTexts.required).check(z.trim(), z.minLength(1, bankDetailsTexts.required), z.maxLength(140)),
        iban: z.string(bankDetailsTexts.iban).check(z.trim(), z.minLength(15, bankDetailsTexts.iban), z.maxLength(42, bankDetailsTexts.iban)),
        bic: z.string(bankDetailsTexts.bic).check(z.trim(), z.regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/, bankDetailsTexts.bic)),
        bank_address: z.string(bankDetailsTexts.required).check(z.trim(), z.minLength(1, bankDetailsTexts.required), z.maxLength(300)),
      }),
    ),
  ),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateRequest>;

/** The site's uploaded images (docs/site-settings.md#images). */
export const siteImageTexts = {
  missing: 'Choose an image to upload.',
  type: 'Upload a PNG, JPEG, WebP or GIF image (at most 1 MB); a favicon as PNG. SVG and ICO are not accepted.',
  notFound: 'Image not found.',
} as const;
export const siteImageResponse = z.object({ url: z.string() });
