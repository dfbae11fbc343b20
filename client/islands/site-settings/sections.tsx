import type { ReactNode } from 'react';
import { registrationPages, type EntryLook } from '../../../shared/api/settings.schema';
import { paths } from '../../../shared/routes';
import { gateTexts } from '../../../shared/texts';
import { DisplayCurrencies } from './display-currencies';
import { describedBy, Notes, SettingField, SwitchBox, type SettingsKit } from './fields';
import { ImageUpload } from './image-upload';
import type { SettingsForm } from './settings-values';

/** What every section is given: the form, and the settings as saved (what is in use now). */
interface SectionProps {
  form: SettingsKit;
  saved: SettingsForm;
}

const linkHint = 'An http(s) address or a path on this site starting with /.';

/** One group of settings, switched off while the form saves. */
function Group({ form, legend, children }: { form: SettingsKit; legend: string; children: ReactNode }) {
  return (
    <fieldset className="settings-group" disabled={form.busy}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

export function BrandSection({ form }: SectionProps) {
  return (
    <Group form={form} legend="Brand">
      <SettingField form={form} name="name" label="Site name" required hint="Page titles, the splash screen and mails." />
      <SettingField form={form} name="logo" label="Logo URL" kind="link" hint={linkHint} />
      <ImageUpload label="Logo" onUploaded={(url) => form.set({ logo: url })} />
      <SettingField form={form} name="logo_sm" label="Small logo URL" kind="link" hint="In the top bar and the trade room." />
      <ImageUpload label="Small logo" onUploaded={(url) => form.set({ logo_sm: url })} />
      <SettingField form={form} name="favicon" label="Favicon URL" kind="link" />
      <ImageUpload label="Favicon" onUploaded={(url) => form.set({ favicon: url })} />
      <SettingField form={form} name="website_url" label="Website URL" kind="link" hint="Where the logo on the sign-in and sign-up pages leads (else /)." />
    </Group>
  );
}

export function AvailabilitySection({ form, saved }: SectionProps) {
  const switchedOff = form.values.status === 'disabled';
  return (
    <Group form={form} legend="Availability">
      <div className={`settings-switch${switchedOff ? ' is-off' : ''}`}>
        <label htmlFor={form.idOf('status')}>
          <input
            id={form.idOf('status')}
            name="status"
            type="checkbox"
            role="switch"
            checked={switchedOff}
            aria-invalid={form.error('status') ? true : undefined}
            aria-describedby={describedBy(form, 'status', true)}
            onChange={(event) => form.set({ status: event.target.checked ? 'disabled' : 'enabled' })}
          />
          Site switched off (maintenance)
        </label>
        <Notes
          form={form}
          name="status"
          hint={
            switchedOff
              ? saved.status === 'disabled'
                ? 'Switched off: customers see Site Temporarily Disabled. Staff still sign in and work.'
                : 'Once saved, customers see Site Temporarily Disabled. Staff still sign in and work.'
              : 'The site is open to customers.'
          }
        />
      </div>
      <SettingField form={form} name="maintenanceMessage" label="Maintenance message" kind="textarea" hint={`Shown while the site is switched off. Empty: “${gateTexts.siteDisabled.fallback}”`} />
      <SettingField form={form} name="contactEmail" label="Contact e-mail" kind="email" hint="A mail link on the switched-off and disabled-account screens." />
    </Group>
  );
}

const lookTexts: Record<EntryLook, { title: string; description: string }> = {
  basic: { title: 'Basic', description: 'Dark. The whole registration form on one page.' },
  ic: { title: 'IC', description: 'Dark two-column start page, “Live Trading Account Application”, then three steps; shows the header and footer notes.' },
  td: { title: 'TD', description: 'Light page, “Sign up to power up your trading”, with the trust block and the risk banner, then three steps; shows the header and footer notes.' },
};

/** The sign-in and sign-up look: a card per look, the one saved marked In use, each with its preview. */
function LookCards({ form, saved }: SectionProps) {
  const idOf = (look: EntryLook) => form.idOf(`r_page-${look}`);
  const inUse = `${form.idOf('r_page')}-in-use`;
  return (
    <fieldset className="settings-looks" aria-invalid={form.error('r_page') ? true : undefined} aria-describedby={describedBy(form, 'r_page', true)}>
      <legend>Sign-in and sign-up look</legend>
      <div className="look-cards">
        {registrationPages.map((look) => (
          <label key={look} className="look-card" htmlFor={idOf(look)}>
            <input
              id={idOf(look)}
              type="radio"
              name="r_page"
              value={look}
              checked={form.values.r_page === look}
              aria-labelledby={`${idOf(look)}-title`}
              aria-describedby={`${saved.r_page === look ? `${inUse} ` : ''}${idOf(look)}-description`}
              onChange={() => form.set({ r_page: look })}
            />
            <span className="look-title">
              <span id={`${idOf(look)}-title`}>{lookTexts[look].title}</span>
              {saved.r_page === look ? (
                <span id={inUse} className="look-in-use">
                  In use
                </span>
              ) : null}
            </span>
            <span id={`${idOf(look)}-description`} className="look-description">
              {lookTexts[look].description}
            </span>
            <a className="look-preview" href={`${paths.adminSettings}/preview/${look}`} target="_blank" rel="noopener">
              Preview
            </a>
          </label>
        ))}
      </div>
      <Notes
        form={form}
        name="r_page"
        hint={
          <>
            Preview opens a look as visitors see it, with its forms switched off. <code>/signup?type=basic</code> always shows the basic look.
          </>
        }
      />
    </fieldset>
  );
}

export function RegistrationSection(props: SectionProps) {
  const { form } = props;
  return (
    <Group form={form} legend="Registration">
      <LookCards {...props} />
      <SwitchBox form={form} name="must_verify_account" label="New customers wait for approval" hint="They can sign in but see Awaiting Approval until staff approve them." />
      <SettingField form={form} name="register_page_header" label="Sign-up page header" kind="textarea" hint="A note above the form on the IC and TD looks." />
      <SettingField form={form} name="register_page_footer" label="Sign-up page footer" kind="textarea" hint="A note below the form on the IC and TD looks." />
    </Group>
  );
}

export function LegalLinksSection({ form }: SectionProps) {
  return (
    <Group form={form} legend="Legal links">
      <p className="settings-hint settings-group-hint">Shown on the sign-in and sign-up pages when set. This site serves its own at /legal/terms, /legal/privacy, /legal/risk and /legal/help.</p>
      <SettingField form={form} name="terms_url" label="Terms URL" kind="link" />
      <SettingField form={form} name="privacy_url" label="Privacy URL" kind="link" />
      <SettingField form={form} name="risk_url" label="Risk disclosure URL" kind="link" />
      <SettingField form={form} name="help_url" label="Help centre URL" kind="link" />
      <SettingField
        form={form}
        name="risk_warning"
        label="Risk warning"
        kind="textarea"
        hint="Shown on every page: your regulator’s wording (for example with the share of retail accounts that lose money). Empty: the product’s own warning."
      />
    </Group>
  );
}

export function TrustSection({ form }: SectionProps) {
  return (
    <Group form={form} legend="Trust block">
      <p className="settings-hint settings-group-hint">Shown on the TD sign-up page only when the stars and the count are both set; your own figures, never invented.</p>
      <div className="settings-row">
        <SettingField form={form} name="review_stars" label="Review stars" kind="number" min={1} max={5} hint="From 1 to 5." />
        <SettingField form={form} name="review_count" label="Review count" kind="number" min={0} hint="Shown as “1,196 reviews”." />
      </div>
      <SettingField form={form} name="reviews_url" label="Reviews URL" kind="link" hint="Where the stars and count lead, when set." />
    </Group>
  );
}

export function MoneySection({ form, currencies }: SectionProps & { currencies: readonly { code: string; name: string }[] }) {
  return (
    <Group form={form} legend="Customers’ money">
      <SwitchBox
        form={form}
        name="bonuses_enabled"
        label="Admins may credit bonuses"
        hint="A bonus goes to the customer’s credit, never their balance. Leave off where the rules ban trading incentives for retail customers (the UK and the EU)."
      />
      <SwitchBox
        form={form}
        name="savings_enabled"
        label="Offer savings"
        hint="Customers may move money from a Live account into the savings plans (Savings in the back office). Switch on only where your licence permits it. When off, no new savings can be opened; savings already open stay visible and can be closed."
      />
      <DisplayCurrencies form={form} currencies={currencies} />
    </Group>
  );
}

export function BankSection({ form, saved }: SectionProps) {
  const bankSaved = saved.bank_details.iban !== '';
  const whole = form.error('bank_details');
  return (
    <Group form={form} legend="Bank transfers">
      <p className="settings-hint settings-group-hint">
        The client-money account customers wire deposits to: the bank-transfer step shows it with each customer’s reference. Fill in every field, or clear them all to switch bank transfers off.{' '}
        <strong className={`settings-bank-state ${bankSaved ? 'is-on' : 'is-off'}`}>{bankSaved ? 'Bank transfers are on.' : 'Bank transfers are off.'}</strong>
      </p>
      {whole ? (
        <p className="settings-error settings-group-hint" role="alert">
          {whole}
        </p>
      ) : null}
      <SettingField form={form} name="bank_details.account_name" label="Account name" optionalNote={false} hint="The account holder, as the bank has it." />
      <SettingField form={form} name="bank_details.bank_name" label="Bank name" optionalNote={false} />
      <SettingField form={form} name="bank_details.iban" label="IBAN" optionalNote={false} autoCapitalize="characters" hint="Spaces are fine; it is checked and saved without them." />
      <SettingField form={form} name="bank_details.bic" label="BIC / SWIFT" optionalNote={false} autoCapitalize="characters" hint="The bank’s SWIFT code; saved in capitals." />
      <SettingField form={form} name="bank_details.bank_address" label="Bank address" optionalNote={false} kind="textarea" />
    </Group>
  );
}
