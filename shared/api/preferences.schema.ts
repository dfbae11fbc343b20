import * as z from 'zod/mini';
import { resource } from './common.schema';

/**
 * The customer's settings (docs/customer-area.md#settings): the display currency, the language (which
 * sets how dates and numbers are written: the site's text is in English), sounds, which e-mails they
 * want, and the devices signed in to their account.
 */

/** The original's twelve languages, in its order, each with the locale its dates and numbers are written in. */
export const languages = [
  { code: 'en', label: 'English', locale: 'en-GB' },
  { code: 'es', label: 'Español', locale: 'es-ES' },
  { code: 'fr', label: 'Français', locale: 'fr-FR' },
  { code: 'de', label: 'Deutsch', locale: 'de-DE' },
  { code: 'it', label: 'Italiano', locale: 'it-IT' },
  { code: 'pt', label: 'Português', locale: 'pt-PT' },
  { code: 'ru', label: 'Русский', locale: 'ru-RU' },
  { code: 'zh', label: '中文', locale: 'zh-CN' },
  { code: 'ja', label: '日本語', locale: 'ja-JP' },
  { code: 'ko', label: '한국어', locale: 'ko-KR' },
  { code: 'ar', label: 'العربية', locale: 'ar' },
  { code: 'hi', label: 'हिन्दी', locale: 'hi-IN' },
] as const;
export type LanguageCode = (typeof languages)[number]['code'];
export const languageCodes = languages.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
export const defaultLanguage: LanguageCode = 'en';

/**
 * The locale dates and numbers are written in for a stored language (null or unknown: English). Arabic
 * keeps Western digits (`-u-nu-latn`) so figures read the same as on the trade room's tickets.
 */
export function localeOf(language: string | null | undefined): string {
  const found = languages.find((l) => l.code === language);
  return found ? (found.code === 'ar' ? 'ar-u-nu-latn' : found.locale) : 'en-GB';
}

/**
 * The e-mails a customer may switch off, each tied to mail we really send (`mailCustomer` in
 * server/trading/users/preferences.ts). A topic missing from the stored choices is on. Security mail
 * (password reset links, password and sign-in changes) and notices that restrict the account are
 * always sent and are not listed here.
 */
export const notificationTopics = {
  account: { label: 'Account status', description: 'When your account is approved or reactivated, a document you sent is decided, or your plan changes.' },
  funding: { label: 'Deposits and withdrawals', description: 'When a deposit is credited, and when a withdrawal is approved, paid or declined.' },
} as const;
export type NotificationTopic = keyof typeof notificationTopics;
export const notificationTopicKeys = Object.keys(notificationTopics) as [NotificationTopic, ...NotificationTopic[]];

export const preferencesTexts = {
  currency: 'Choose one of the currencies offered.',
  language: 'Choose one of the listed languages.',
  sounds: 'Sounds are either on or off.',
  oneClick: 'One-click trading is either on or off.',
  oneClickRisk: 'Confirm that you understand one-click trading places orders without asking first.',
  watchDigits: 'Choose 3 decimals or each instrument\u2019s own digits.',
  terminal: 'Choose the classic or the light terminal.',
  terminalNotSaved: 'Your choice of terminal could not be saved; links still open the one you chose before.',
  topic: 'Each e-mail choice is on or off.',
  nothing: 'Nothing to change.',
  saved: 'Settings saved',
  sessionNotFound: 'Session not found.',
  signedOut: 'That device is signed out.',
  signedOutHere: 'You are signed out on this device.',
  othersSignedOut: (n: number) => (n === 0 ? 'No other device was signed in.' : n === 1 ? '1 other device is signed out.' : `${n} other devices are signed out.`),
  languageNote: 'The site’s text is in English; dates and numbers follow your language.',
  alwaysSent: 'Security e-mails (password reset links, password and sign-in changes) and notices that restrict your account are always sent.',
} as const;

export const watchDigitsModes = ['fixed', 'instrument'] as const;
export type WatchDigits = (typeof watchDigitsModes)[number];

/** The two layouts of the trade room (docs/trade-room.md#terminals): `/mt4` and the light terminal `/mt4-light`. */
export const terminalKinds = ['classic', 'light'] as const;
export type TerminalKind = (typeof terminalKinds)[number];
export const terminalLabels: Record<TerminalKind, string> = { classic: 'Classic terminal', light: 'Light terminal' };

const notificationsSchema = z.object(Object.fromEntries(notificationTopicKeys.map((t) => [t, z.boolean()])) as Record<NotificationTopic, z.ZodMiniBoolean>);

export const preferencesSchema = z.object({
  /** The currency figures are shown in; null: each account's own. */
  display_currency: z.nullable(z.string()),
  language: z.enum(languageCodes),
  sounds_enabled: z.boolean(),
  /** One-click trading (docs/trade-room.md#one-click-trading): BUY/SELL place an order at once at the default volume. */
  one_click_trading: z.boolean(),
  /** The market watch's prices: 3 decimals (`fixed`, the original's) or each instrument's own digits. */
  watch_digits: z.enum(watchDigitsModes),
  /** Where "Trade room" links lead: the classic terminal or the light one. */
  terminal: z.enum(terminalKinds),
  /** Every topic, on or off. */
  notifications: notificationsSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesResponse = resource(preferencesSchema);

/** A change of some settings; what is not sent stays. */
export const preferencesUpdate = z.strictObject({
  display_currency: z.optional(z.nullable(z.string(preferencesTexts.currency).check(z.regex(/^[A-Z]{3}$/, preferencesTexts.currency)))),
  language: z.optional(z.enum(languageCodes, preferencesTexts.language)),
  sounds_enabled: z.optional(z.boolean(preferencesTexts.sounds)),
  /** Switching it on needs `one_click_risk_accepted: true` in the same change (the risk confirmation). */
  one_click_trading: z.optional(z.boolean(preferencesTexts.oneClick)),
  one_click_risk_accepted: z.optional(z.boolean(preferencesTexts.oneClickRisk)),
  watch_digits: z.optional(z.enum(watchDigitsModes, preferencesTexts.watchDigits)),
  terminal: z.optional(z.enum(terminalKinds, preferencesTexts.terminal)),
  notifications: z.optional(
    z.strictObject(
      Object.fromEntries(notificationTopicKeys.map((t) => [t, z.optional(z.boolean(preferencesTexts.topic))])) as Record<NotificationTopic, z.ZodMiniOptional<z.ZodMiniBoolean>>,
      preferencesTexts.topic,
    ),
  ),
});
export type PreferencesUpdate = z.infer<typeof preferencesUpdate>;

/** A device signed in to the account: one API token, named from its browser's user agent. */
export const sessionSchema = z.object({
  id: z.number(),
  /** "Chrome on Windows", "Safari on iPhone", … ("Unknown device" when the browser did not say). */
  device: z.string(),
  ip: z.nullable(z.string()),
  signed_in_at: z.string(),
  last_active_at: z.nullable(z.string()),
  expires_at: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionSchema>;
export const sessionsResponse = z.object({ data: z.array(sessionSchema) });
export const sessionRevokedResponse = z.object({ data: z.object({ current: z.boolean() }), message: z.string() });
export const othersRevokedResponse = z.object({ data: z.object({ revoked: z.number() }), message: z.string() });

/** What the system status page reads (docs/customer-area.md#system-status): no one's data, only the platform's state. */
export const systemStatusSchema = z.object({
  /** The API's clock when it answered (ISO 8601), for the browser to measure its own clock against. */
  server_time: z.string(),
  database: z.enum(['ok', 'unavailable']),
  price_feed: z.object({
    /** Instruments this process prices. */
    instruments: z.number(),
    /** When the newest price arrived on the server (ISO 8601), or null before any. */
    last_price_at: z.nullable(z.string()),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
export const systemStatusResponse = resource(systemStatusSchema);
