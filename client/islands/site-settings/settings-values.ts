import { fieldErrors, type FieldErrors } from '../../../shared/api/common.schema';
import { bankDetailsTexts, settingsUpdateRequest, type BankDetails, type EntryLook, type SettingsUpdate, type SiteSettings } from '../../../shared/api/settings.schema';

/** The fields typed as text (empty means null, except the name, which is required). */
const textFields = [
  'name',
  'logo',
  'logo_sm',
  'favicon',
  'website_url',
  'maintenanceMessage',
  'contactEmail',
  'register_page_header',
  'register_page_footer',
  'terms_url',
  'privacy_url',
  'risk_url',
  'help_url',
  'reviews_url',
  'risk_warning',
] as const;
/** The whole numbers typed into number fields (empty means null). */
const numberFields = ['review_stars', 'review_count'] as const;

export type TextField = (typeof textFields)[number];
export type NumberField = (typeof numberFields)[number];
export type SwitchField = 'must_verify_account' | 'bonuses_enabled' | 'savings_enabled';

/** The broker's bank account's parts, in the form's order (docs/site-settings.md): all set, or all empty (bank transfers off). */
export const bankParts = ['account_name', 'bank_name', 'iban', 'bic', 'bank_address'] as const;
export type BankPart = (typeof bankParts)[number];
/** A bank part's field: its key in the form's values and the API's name for its messages. */
export type BankKey = `bank_details.${BankPart}`;

/** What the form holds: every field of `settingsUpdateRequest`, text and numbers as typed. */
export type SettingsForm = Record<TextField | NumberField, string> &
  Record<SwitchField, boolean> & {
    status: SiteSettings['status'];
    r_page: EntryLook;
    /** The display currencies' codes, sorted and joined by commas; empty: every currency. */
    display_currencies: string;
    /** The bank account's parts as typed; all empty: none (bank transfers off). */
    bank_details: BankDetails;
  };
export type SettingsField = keyof SettingsForm;

/** Every field the form edits, in the form's order (the same set as `settingsUpdateRequest`'s keys). */
export const settingsFormFields: readonly SettingsField[] = [
  ...textFields,
  ...numberFields,
  'status',
  'must_verify_account',
  'bonuses_enabled',
  'savings_enabled',
  'r_page',
  'display_currencies',
  'bank_details',
];
/** The form's own keys for messages: a bank part's is `bank_details.iban`, as the API names it. */
export const messageKeys: readonly string[] = settingsFormFields.flatMap((key) => (key === 'bank_details' ? bankParts.map((part) => `bank_details.${part}`) : [key]));

/** The form's values for saved settings. */
export function settingsFormOf(settings: SiteSettings): SettingsForm {
  const form = {
    status: settings.status,
    must_verify_account: settings.must_verify_account,
    bonuses_enabled: settings.bonuses_enabled,
    savings_enabled: settings.savings_enabled,
    r_page: settings.r_page,
    display_currencies: settings.display_currencies === null ? '' : [...settings.display_currencies].sort().join(','),
    bank_details: { account_name: '', bank_name: '', iban: '', bic: '', bank_address: '', ...settings.bank_details },
  } as SettingsForm;
  for (const key of textFields) form[key] = settings[key] ?? '';
  for (const key of numberFields) form[key] = settings[key] === null ? '' : String(settings[key]);
  return form;
}

/** A typed value as the API takes it: trimmed; blank is null (cleared), except the name, which the API then refuses as required. */
function wireValue(key: SettingsField, value: string | boolean | BankDetails): unknown {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'object') {
    // A BIC is one word: spaces typed into it are dropped (the API keeps it in capitals); the IBAN keeps its spaces for the server to normalise.
    const parts = Object.fromEntries(bankParts.map((part) => [part, part === 'bic' ? value[part].replace(/\s+/g, '') : value[part].trim()]));
    return Object.values(parts).every((part) => part === '') ? null : parts;
  }
  const text = value.trim();
  if (key === 'name' || key === 'status' || key === 'r_page') return text;
  if (text === '') return null;
  if (key === 'display_currencies') return text.split(',');
  if ((numberFields as readonly string[]).includes(key)) {
    // A number the schema then checks (whole, in range); what is not a number at all goes as typed, for the schema's own message.
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  return text;
}

/** Only the fields whose value differs from the baseline, as the API takes them (a change of spaces alone is no change). */
export function settingsChanges(baseline: SettingsForm, form: SettingsForm): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of settingsFormFields) {
    const value = wireValue(key, form[key]);
    if (JSON.stringify(value) !== JSON.stringify(wireValue(key, baseline[key]))) changes[key] = value;
  }
  return changes;
}

/** The changes checked by the API's own schema: the body to send, or the messages it would answer with (`{field: [msg]}`). */
export function checkSettingsChanges(changes: Record<string, unknown>): { ok: true; body: SettingsUpdate } | { ok: false; errors: FieldErrors } {
  const parsed = settingsUpdateRequest.safeParse(changes);
  // Some bank parts but not all: each empty one is required (not "enter a valid IBAN" for an IBAN left empty).
  const bank = changes.bank_details as Record<BankPart, string> | null | undefined;
  const missing: FieldErrors = Object.fromEntries(bank ? bankParts.filter((part) => bank[part] === '').map((part) => [`bank_details.${part}`, [bankDetailsTexts.required]]) : []);
  if (parsed.success && Object.keys(missing).length === 0) return { ok: true, body: parsed.data };
  return { ok: false, errors: { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...missing } };
}

/** The form's values as the form kit holds them: flat, a bank part under its message key (`bank_details.iban`). */
export type SettingsValues = Omit<SettingsForm, 'bank_details'> & Record<BankKey, string>;

export function flatValues({ bank_details: bank, ...rest }: SettingsForm): SettingsValues {
  return {
    ...rest,
    'bank_details.account_name': bank.account_name,
    'bank_details.bank_name': bank.bank_name,
    'bank_details.iban': bank.iban,
    'bank_details.bic': bank.bic,
    'bank_details.bank_address': bank.bank_address,
  };
}

export function nestedForm(values: SettingsValues): SettingsForm {
  const {
    'bank_details.account_name': account_name,
    'bank_details.bank_name': bank_name,
    'bank_details.iban': iban,
    'bank_details.bic': bic,
    'bank_details.bank_address': bank_address,
    ...rest
  } = values;
  return { ...rest, bank_details: { account_name, bank_name, iban, bic, bank_address } };
}
