import './site-settings.css';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { pathOf } from '../../shared/api/endpoint';
import { adminApi } from '../../shared/api/endpoints/admin';
import {
  bankDetailsTexts,
  registrationPages,
  settingsUpdateRequest,
  siteSettingsSchema,
  type BankDetails,
  type EntryLook,
  type SettingsUpdate,
  type SiteSettings,
} from '../../shared/api/settings.schema';
import { defaultCurrency } from '../../shared/constants';
import { paths } from '../../shared/routes';
import { gateTexts } from '../../shared/texts';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { csrfToken } from '../state/session';
import { showToast } from '../state/toasts';

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

type TextField = (typeof textFields)[number];
type NumberField = (typeof numberFields)[number];

/** The broker's bank account's parts, in the form's order (docs/site-settings.md): all set, or all empty (bank transfers off). */
export const bankParts = ['account_name', 'bank_name', 'iban', 'bic', 'bank_address'] as const;
type BankPart = (typeof bankParts)[number];

/** What the form holds: every field of `settingsUpdateRequest`, text and numbers as typed. */
export type SettingsForm = Record<TextField | NumberField, string> & {
  status: SiteSettings['status'];
  must_verify_account: boolean;
  bonuses_enabled: boolean;
  savings_enabled: boolean;
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
const messageKeys: readonly string[] = settingsFormFields.flatMap((key) => (key === 'bank_details' ? bankParts.map((part) => `bank_details.${part}`) : [key]));

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

/** A field's element id (`bank_details.iban` → `site-bank_details-iban`: a dot would read as a class in a selector). */
const fieldId = (key: string) => `site-${key.replace('.', '-')}`;

/** After a save, drop the web tier's cached settings as Check Status does (`POST /session/refresh`), so pages it serves next read the new ones. */
function dropCachedSettings(): void {
  void fetch('/session/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken.value },
    body: '{}',
  }).catch(() => undefined);
}

const lookTexts: Record<EntryLook, { title: string; description: string }> = {
  basic: { title: 'Basic', description: 'Dark. The whole registration form on one page.' },
  ic: { title: 'IC', description: 'Dark two-column start page, “Live Trading Account Application”, then three steps; shows the header and footer notes.' },
  td: { title: 'TD', description: 'Light page, “Sign up to power up your trading”, with the trust block and the risk banner, then three steps; shows the header and footer notes.' },
};

/** A field's message (first: it is what needs doing) and its hint, each with the id the field's `aria-describedby` names. */
function Notes({ id, hint, error }: { id: string; hint?: ReactNode; error: string | undefined }) {
  if (!hint && !error) return null;
  return (
    <div className="settings-notes">
      {error ? (
        <small id={`${id}-error`} className="settings-error">
          {error}
        </small>
      ) : null}
      {hint ? (
        <small id={`${id}-hint`} className="settings-hint">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

/** The `aria-describedby` of a field with `Notes`: its message first, then its hint. */
const describedBy = (id: string, hint: boolean, error: string | undefined) => [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

interface FieldProps {
  /** Its key in the form, and the API's name for its messages (`bank_details.iban`). */
  name: TextField | NumberField | `bank_details.${BankPart}`;
  label: string;
  hint?: ReactNode;
  errors: FieldErrors;
  value: string;
  onChange: (value: string) => void;
  kind?: 'text' | 'link' | 'email' | 'number' | 'textarea';
  required?: boolean;
  /** Shown as "(optional)" unless required or said otherwise (the bank parts: all or none). */
  optionalNote?: boolean;
  autoCapitalize?: 'characters';
  min?: number;
  max?: number;
}

/**
 * Uploads an image for one of the site's image fields (docs/site-settings.md#images) and puts its address in
 * the field; Save keeps it. Raster images only, known by their bytes on the server.
 */
function ImageUpload({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  async function upload(file: File) {
    setBusy(true);
    setProblem(null);
    const form = new FormData();
    form.append('file', file);
    const res = await fetch(pathOf(adminApi.uploadSiteImage), { method: 'POST', body: form, headers: { Accept: 'application/json', 'X-CSRF-Token': csrfToken.value } }).catch(() => null);
    const body: unknown = res ? await res.json().catch(() => null) : null;
    const parsed = adminApi.uploadSiteImage.response.safeParse(body);
    setBusy(false);
    if (res?.status === 201 && parsed.success) return onUploaded(parsed.data.url);
    setProblem(messageOf(body, 'The image could not be uploaded. Try again.'));
  }
  return (
    <div className="settings-upload">
      <button type="button" className="outline secondary" aria-busy={busy || undefined} disabled={busy} onClick={() => picker.current?.click()}>
        {busy ? 'Uploading…' : `Upload ${label.toLowerCase()}`}
      </button>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        hidden
        aria-label={`${label} image file`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {problem ? (
        <small className="settings-error" role="alert">
          {problem}
        </small>
      ) : null}
    </div>
  );
}

/**
 * Which currencies customers may show their figures in (the account bar's selector): a box per currency;
 * USD, the accounts' own, is always one. Every box ticked saves "all" (null), so new currencies join.
 */
function DisplayCurrencies({
  currencies,
  value,
  onChange,
  error,
}: {
  currencies: readonly { code: string; name: string }[];
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const chosen = new Set(value === '' ? currencies.map((c) => c.code) : value.split(','));
  const toggle = (code: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(code);
    else next.delete(code);
    next.add(defaultCurrency);
    onChange(currencies.every((c) => next.has(c.code)) ? '' : [...next].sort().join(','));
  };
  return (
    <fieldset className="settings-field settings-currencies" aria-describedby={error ? `${fieldId('display_currencies')}-error` : undefined}>
      <legend>Display currencies</legend>
      <p className="settings-hint">The currencies customers may show their figures in; their accounts stay in USD.</p>
      <div className="settings-currency-list">
        {currencies.map((c) => (
          <label key={c.code}>
            <input type="checkbox" checked={c.code === defaultCurrency || chosen.has(c.code)} disabled={c.code === defaultCurrency} onChange={(e) => toggle(c.code, e.target.checked)} />
            <span className="currency-code">{c.code}</span>
            <span className="currency-name">{c.name}</span>
          </label>
        ))}
      </div>
      {error ? (
        <small id={`${fieldId('display_currencies')}-error`} className="settings-error" role="alert">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}

/** A label, its input, a hint and the field's messages, tied together by `aria-describedby`. */
function Field({ name, label, hint, errors, value, onChange, kind = 'text', required, optionalNote = !required, autoCapitalize, min, max }: FieldProps) {
  const id = fieldId(name);
  const error = errors[name]?.[0];
  const common = {
    id,
    name,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, Boolean(hint), error),
  } as const;
  return (
    <div className="settings-field">
      <label htmlFor={id}>
        {label}
        {optionalNote ? <span className="settings-optional"> (optional)</span> : null}
      </label>
      {kind === 'textarea' ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={kind === 'number' ? 'number' : kind === 'email' ? 'email' : 'text'}
          inputMode={kind === 'link' ? 'url' : kind === 'number' ? 'numeric' : undefined}
          autoComplete="off"
          spellCheck={kind === 'text' && !autoCapitalize ? undefined : false}
          autoCapitalize={autoCapitalize}
          min={min}
          max={max}
          step={kind === 'number' ? 1 : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

const linkHint = 'An http(s) address or a path on this site starting with /.';

/** `/admin/settings` (docs/site-settings.md#editing): the site's settings, saved by `PATCH /admin/settings` with only what changed. */
function SiteSettingsForm({ settings, currencies }: { settings: SiteSettings; currencies: { code: string; name: string }[] }) {
  const [baseline, setBaseline] = useState(() => settingsFormOf(settings));
  const [form, setForm] = useState(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const changes = settingsChanges(baseline, form);
  const dirty = Object.keys(changes).length > 0;

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [dirty]);

  function set<K extends SettingsField>(key: K, value: SettingsForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _dropped, ...rest }) => rest);
  }

  /** A bank part as typed; its message goes once it is edited. */
  function setBank(part: BankPart, value: string) {
    setForm((current) => ({ ...current, bank_details: { ...current.bank_details, [part]: value } }));
    const key = `bank_details.${part}`;
    if (errors[key] || errors.bank_details) setErrors(({ [key]: _dropped, bank_details: _whole, ...rest }) => rest);
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = messageKeys.find((key) => found[key]);
    setProblem(first ? 'Please correct the highlighted fields.' : (Object.values(found)[0]?.[0] ?? 'The given data was invalid.'));
    // The first field with a message takes the focus, so a keyboard or screen-reader user lands on it.
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${fieldId(first === 'r_page' ? `r_page-${form.r_page}` : first)}`)?.focus());
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!dirty || saving) return;
    const checked = checkSettingsChanges(changes);
    if (!checked.ok) return showErrors(checked.errors);
    setSaving(true);
    setProblem(null);
    const result = await call(adminApi.changeSettings, { body: checked.body });
    setSaving(false);
    if (result.ok) {
      const saved = settingsFormOf(result.data.data);
      setBaseline(saved);
      setForm(saved);
      setErrors({});
      dropCachedSettings();
      showToast({ kind: 'success', title: 'Settings saved', description: 'Customers see the change at their next page.' });
      return;
    }
    if (Object.keys(result.errors).length > 0) return showErrors(result.errors);
    const message = result.message ?? (result.failure === 'unreachable' ? 'The server did not answer. Please try again.' : 'The settings were not saved. Please try again.');
    setProblem(message);
    showToast({ kind: 'error', title: 'Settings not saved', description: message });
  }

  function discard() {
    setForm(baseline);
    setErrors({});
    setProblem(null);
  }

  const field = (name: TextField | NumberField, label: string, options: Omit<FieldProps, 'name' | 'label' | 'errors' | 'value' | 'onChange'> = {}) => (
    <Field name={name} label={label} errors={errors} value={form[name]} onChange={(value) => set(name, value)} {...options} />
  );
  const bankField = (part: BankPart, label: string, options: Omit<FieldProps, 'name' | 'label' | 'errors' | 'value' | 'onChange'> = {}) => (
    <Field name={`bank_details.${part}`} label={label} errors={errors} value={form.bank_details[part]} onChange={(value) => setBank(part, value)} optionalNote={false} {...options} />
  );
  const bankSaved = baseline.bank_details.iban !== '';
  const switchedOff = form.status === 'disabled';
  const statusError = errors.status?.[0];
  const lookError = errors.r_page?.[0];
  const checkbox = (name: 'must_verify_account' | 'bonuses_enabled' | 'savings_enabled', label: string, hint: string) => {
    const error = errors[name]?.[0];
    return (
      <div className="settings-field">
        <label htmlFor={fieldId(name)}>
          <input
            id={fieldId(name)}
            name={name}
            type="checkbox"
            checked={form[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fieldId(name), true, error)}
            onChange={(event) => set(name, event.target.checked)}
          />
          {label}
        </label>
        <Notes id={fieldId(name)} error={error} hint={hint} />
      </div>
    );
  };

  return (
    <form ref={formRef} className="site-settings" noValidate onSubmit={(event) => void save(event)} aria-describedby={problem ? 'site-settings-problem' : undefined}>
      <fieldset className="settings-group" disabled={saving}>
        <legend>Brand</legend>
        {field('name', 'Site name', { required: true, hint: 'Page titles, the splash screen and mails.' })}
        {field('logo', 'Logo URL', { kind: 'link', hint: linkHint })}
        <ImageUpload label="Logo" onUploaded={(url) => set('logo', url)} />
        {field('logo_sm', 'Small logo URL', { kind: 'link', hint: 'In the top bar and the trade room.' })}
        <ImageUpload label="Small logo" onUploaded={(url) => set('logo_sm', url)} />
        {field('favicon', 'Favicon URL', { kind: 'link' })}
        <ImageUpload label="Favicon" onUploaded={(url) => set('favicon', url)} />
        {field('website_url', 'Website URL', { kind: 'link', hint: 'Where the logo on the sign-in and sign-up pages leads (else /).' })}
      </fieldset>

      <fieldset className="settings-group" disabled={saving}>
        <legend>Availability</legend>
        <div className={`settings-switch${switchedOff ? ' is-off' : ''}`}>
          <label htmlFor={fieldId('status')}>
            <input
              id={fieldId('status')}
              name="status"
              type="checkbox"
              role="switch"
              checked={switchedOff}
              aria-invalid={statusError ? true : undefined}
              aria-describedby={describedBy(fieldId('status'), true, statusError)}
              onChange={(event) => set('status', event.target.checked ? 'disabled' : 'enabled')}
            />
            Site switched off (maintenance)
          </label>
          <Notes
            id={fieldId('status')}
            error={statusError}
            hint={
              switchedOff
                ? baseline.status === 'disabled'
                  ? 'Switched off: customers see Site Temporarily Disabled. Staff still sign in and work.'
                  : 'Once saved, customers see Site Temporarily Disabled. Staff still sign in and work.'
                : 'The site is open to customers.'
            }
          />
        </div>
        {field('maintenanceMessage', 'Maintenance message', { kind: 'textarea', hint: `Shown while the site is switched off. Empty: “${gateTexts.siteDisabled.fallback}”` })}
        {field('contactEmail', 'Contact e-mail', { kind: 'email', hint: 'A mail link on the switched-off and disabled-account screens.' })}
      </fieldset>

      <fieldset className="settings-group" disabled={saving}>
        <legend>Registration</legend>
        <fieldset className="settings-looks" aria-invalid={lookError ? true : undefined} aria-describedby={describedBy(fieldId('r_page'), true, lookError)}>
          <legend>Sign-in and sign-up look</legend>
          <div className="look-cards">
            {registrationPages.map((look) => (
              <label key={look} className="look-card" htmlFor={fieldId(`r_page-${look}`)}>
                <input
                  id={fieldId(`r_page-${look}`)}
                  type="radio"
                  name="r_page"
                  value={look}
                  checked={form.r_page === look}
                  aria-labelledby={`${fieldId(`r_page-${look}`)}-title`}
                  aria-describedby={`${baseline.r_page === look ? `${fieldId('r_page')}-in-use ` : ''}${fieldId(`r_page-${look}`)}-description`}
                  onChange={() => set('r_page', look)}
                />
                <span className="look-title">
                  <span id={`${fieldId(`r_page-${look}`)}-title`}>{lookTexts[look].title}</span>
                  {baseline.r_page === look ? (
                    <span id={`${fieldId('r_page')}-in-use`} className="look-in-use">
                      In use
                    </span>
                  ) : null}
                </span>
                <span id={`${fieldId(`r_page-${look}`)}-description`} className="look-description">
                  {lookTexts[look].description}
                </span>
                <a className="look-preview" href={`${paths.adminSettings}/preview/${look}`} target="_blank" rel="noopener">
                  Preview
                </a>
              </label>
            ))}
          </div>
          <Notes
            id={fieldId('r_page')}
            error={lookError}
            hint={
              <>
                Preview opens a look as visitors see it, with its forms switched off. <code>/signup?type=basic</code> always shows the basic look.
              </>
            }
          />
        </fieldset>
        {checkbox('must_verify_account', 'New customers wait for approval', 'They can sign in but see Awaiting Approval until staff approve them.')}
        {field('register_page_header', 'Sign-up page header', { kind: 'textarea', hint: 'A note above the form on the IC and TD looks.' })}
        {field('register_page_footer', 'Sign-up page footer', { kind: 'textarea', hint: 'A note below the form on the IC and TD looks.' })}
      </fieldset>

      <fieldset className="settings-group" disabled={saving}>
        <legend>Legal links</legend>
        <p className="settings-hint settings-group-hint">Shown on the sign-in and sign-up pages when set. This site serves its own at /legal/terms, /legal/privacy, /legal/risk and /legal/help.</p>
        {field('terms_url', 'Terms URL', { kind: 'link' })}
        {field('privacy_url', 'Privacy URL', { kind: 'link' })}
        {field('risk_url', 'Risk disclosure URL', { kind: 'link' })}
        {field('help_url', 'Help centre URL', { kind: 'link' })}
        {field('risk_warning', 'Risk warning', {
          kind: 'textarea',
          hint: 'Shown on every page: your regulator’s wording (for example with the share of retail accounts that lose money). Empty: the product’s own warning.',
        })}
      </fieldset>

      <fieldset className="settings-group" disabled={saving}>
        <legend>Trust block</legend>
        <p className="settings-hint settings-group-hint">Shown on the TD sign-up page only when the stars and the count are both set; your own figures, never invented.</p>
        <div className="settings-row">
          {field('review_stars', 'Review stars', { kind: 'number', min: 1, max: 5, hint: 'From 1 to 5.' })}
          {field('review_count', 'Review count', { kind: 'number', min: 0, hint: 'Shown as “1,196 reviews”.' })}
        </div>
        {field('reviews_url', 'Reviews URL', { kind: 'link', hint: 'Where the stars and count lead, when set.' })}
      </fieldset>

      <fieldset className="settings-group" disabled={saving}>
        <legend>Customers’ money</legend>
        {checkbox(
          'bonuses_enabled',
          'Admins may credit bonuses',
          'A bonus goes to the customer’s credit, never their balance. Leave off where the rules ban trading incentives for retail customers (the UK and the EU).',
        )}
        {checkbox(
          'savings_enabled',
          'Offer savings',
          'Customers may move money from a Live account into the savings plans (Savings in the back office). Switch on only where your licence permits it. When off, no new savings can be opened; savings already open stay visible and can be closed.',
        )}
        <DisplayCurrencies currencies={currencies} value={form.display_currencies} onChange={(value) => set('display_currencies', value)} error={errors.display_currencies?.[0]} />
      </fieldset>

      <fieldset className="settings-group" disabled={saving}>
        <legend>Bank transfers</legend>
        <p className="settings-hint settings-group-hint">
          The client-money account customers wire deposits to: the bank-transfer step shows it with each customer’s reference. Fill in every field, or clear them all to switch bank transfers off.{' '}
          <strong className={`settings-bank-state ${bankSaved ? 'is-on' : 'is-off'}`}>{bankSaved ? 'Bank transfers are on.' : 'Bank transfers are off.'}</strong>
        </p>
        {errors.bank_details ? (
          <p className="settings-error settings-group-hint" role="alert">
            {errors.bank_details[0]}
          </p>
        ) : null}
        {bankField('account_name', 'Account name', { hint: 'The account holder, as the bank has it.' })}
        {bankField('bank_name', 'Bank name')}
        {bankField('iban', 'IBAN', { autoCapitalize: 'characters', hint: 'Spaces are fine; it is checked and saved without them.' })}
        {bankField('bic', 'BIC / SWIFT', { autoCapitalize: 'characters', hint: 'The bank’s SWIFT code; saved in capitals.' })}
        {bankField('bank_address', 'Bank address', { kind: 'textarea' })}
      </fieldset>

      <div className="settings-actions">
        <p id="site-settings-problem" className="settings-problem" role="alert">
          {problem}
        </p>
        <span className="settings-state" aria-live="polite">
          {saving ? 'Saving…' : dirty ? `${Object.keys(changes).length} unsaved ${Object.keys(changes).length === 1 ? 'change' : 'changes'}` : 'No changes'}
        </span>
        <button type="button" className="secondary outline" disabled={!dirty || saving} onClick={discard}>
          Discard changes
        </button>
        <button type="submit" disabled={!dirty || saving} aria-busy={saving || undefined}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

export default defineIsland({
  name: 'site-settings',
  component: SiteSettingsForm,
  props: z.object({ settings: siteSettingsSchema, currencies: z.array(z.object({ code: z.string(), name: z.string() })) }),
});
