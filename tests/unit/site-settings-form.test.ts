import { describe, expect, it } from 'vitest';
import { checkSettingsChanges, settingsChanges, settingsFormFields, settingsFormOf, type SettingsForm } from '../../client/islands/site-settings/settings-values';
import { bankDetailsTexts, settingsUpdateRequest, siteSettingsSchema, type SiteSettings } from '../../shared/api/settings.schema';

const saved: SiteSettings = siteSettingsSchema.parse({
  name: 'Meridian Markets',
  status: 'enabled',
  maintenanceMessage: null,
  contactEmail: 'support@meridian.example',
  must_verify_account: true,
  website_url: 'https://meridian.example/',
  logo: '/brand/logo.svg',
  logo_sm: null,
  favicon: null,
  r_page: 'basic',
  register_page_header: null,
  register_page_footer: null,
  terms_url: '/legal/terms',
  privacy_url: '/legal/privacy',
  risk_url: null,
  help_url: null,
  review_stars: 4,
  review_count: 1196,
  reviews_url: null,
  bonuses_enabled: false,
  savings_enabled: false,
  risk_warning: null,
  display_currencies: null,
  bank_details: null,
  credit_card_deposit: false,
  is_mt4: false,
  has_marketplace: true,
  enable_plan: true,
  enable_autotrader: false,
  use_deposit_modal: false,
  livetrader_status: true,
  expert_advisor: true,
});

const edit = (changes: Partial<SettingsForm>): SettingsForm => ({ ...settingsFormOf(saved), ...changes });

describe('the site settings form', () => {
  it('edits every field the API takes and only those', () => {
    expect([...settingsFormFields].sort()).toEqual(Object.keys(settingsUpdateRequest.shape).sort());
  });

  it('shows unset fields as empty and numbers as typed text', () => {
    const form = settingsFormOf(saved);
    expect(form.logo_sm).toBe('');
    expect(form.review_stars).toBe('4');
    expect(form.review_count).toBe('1196');
    expect(form.must_verify_account).toBe(true);
  });

  it('has no changes until a value differs, and a change of spaces alone is none', () => {
    const baseline = settingsFormOf(saved);
    expect(settingsChanges(baseline, baseline)).toEqual({});
    expect(settingsChanges(baseline, edit({ name: '  Meridian Markets ', logo_sm: '   ' }))).toEqual({});
  });

  it('sends only the changed fields, trimmed, with blanks as null and numbers as numbers', () => {
    const changes = settingsChanges(
      settingsFormOf(saved),
      edit({ status: 'disabled', maintenanceMessage: ' Back at 18:00 UTC. ', contactEmail: '', review_stars: '5', review_count: '', r_page: 'td', must_verify_account: false }),
    );
    expect(changes).toEqual({ status: 'disabled', maintenanceMessage: 'Back at 18:00 UTC.', contactEmail: null, review_stars: 5, review_count: null, r_page: 'td', must_verify_account: false });
    expect(checkSettingsChanges(changes)).toEqual({ ok: true, body: changes });
  });

  it('keeps a cleared name as empty, so the API schema says it is required', () => {
    const changes = settingsChanges(settingsFormOf(saved), edit({ name: ' ' }));
    expect(changes).toEqual({ name: '' });
    expect(checkSettingsChanges(changes)).toEqual({ ok: false, errors: { name: ['The site name is required'] } });
  });

  it('refuses with the API schema’s own messages, by field', () => {
    const changes = settingsChanges(settingsFormOf(saved), edit({ review_stars: '7', contactEmail: 'nope', terms_url: 'javascript:alert(1)' }));
    expect(checkSettingsChanges(changes)).toEqual({
      ok: false,
      errors: {
        contactEmail: ['Please enter a valid email address'],
        terms_url: ['Must be an http(s) URL or a path starting with /'],
        review_stars: ['Stars must be from 1 to 5'],
      },
    });
  });

  it('passes what is not a number at all to the schema as typed, which refuses it', () => {
    const changes = settingsChanges(settingsFormOf(saved), edit({ review_count: '12abc', review_stars: '4.5' }));
    expect(changes).toEqual({ review_count: '12abc', review_stars: 4.5 });
    const checked = checkSettingsChanges(changes);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors).sort()).toEqual(['review_count', 'review_stars']);
  });

  it('sends the bank details whole, trimmed, with the BIC as one word; all cleared is null (bank transfers off)', () => {
    const bank = { account_name: ' Meridian Markets Ltd ', bank_name: 'Barclays', iban: 'GB33 BUKB 2020 1555 5555 55', bic: 'BUKB GB22', bank_address: '1 Churchill Place, London' };
    const changes = settingsChanges(settingsFormOf(saved), edit({ bank_details: bank }));
    expect(changes).toEqual({ bank_details: { ...bank, account_name: 'Meridian Markets Ltd', bic: 'BUKBGB22' } });
    expect(checkSettingsChanges(changes).ok).toBe(true);
    const withBank = siteSettingsSchema.parse({ ...saved, bank_details: changes.bank_details });
    expect(settingsChanges(settingsFormOf(withBank), { ...settingsFormOf(withBank), bank_details: { account_name: ' ', bank_name: '', iban: '', bic: '', bank_address: '' } })).toEqual({
      bank_details: null,
    });
  });

  it('asks for every bank part when only some are filled in, at each empty one', () => {
    const changes = settingsChanges(settingsFormOf(saved), edit({ bank_details: { account_name: 'Meridian Markets Ltd', bank_name: '', iban: 'GB33BUKB20201555555555', bic: '', bank_address: '' } }));
    expect(checkSettingsChanges(changes)).toEqual({
      ok: false,
      errors: {
        'bank_details.bank_name': [bankDetailsTexts.required],
        'bank_details.bic': [bankDetailsTexts.required],
        'bank_details.bank_address': [bankDetailsTexts.required],
      },
    });
  });
});
