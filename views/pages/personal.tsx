import type { FieldErrors } from '../../shared/api/common.schema';
import { countryLabelOf, countryValueOf, passwordTexts, profileCompletion, profileTexts, type Profile } from '../../shared/api/profile.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User, VerificationStatus } from '../../shared/api/user.schema';
import { countries } from '../../shared/countries';
import { paths } from '../../shared/routes';
import PasswordChange from '../../client/islands/password-change.island';
import ProfilePhoto from '../../client/islands/profile-photo.island';
import { AppShell } from '../components/app-shell';
import { CsrfForm } from '../../client/components/csrf-form';
import { CheckedFormTag, FieldError, SubmitButton } from '../components/form-fields';
import { chatPathOf } from '../components/signed-in-islands';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

/** What the Account Details form shows: the saved values, or what was posted with its messages. */
export interface DetailsForm {
  values: Record<string, string>;
  errors: FieldErrors;
}

export interface PersonalView {
  /** GET /profile, or null when the API could not answer. */
  profile: Profile | null;
  form: DetailsForm;
}

export const personalTexts = {
  unreachable: 'Your profile could not be loaded. Reload the page to try again.',
  emailPendingCancel: 'Cancel change',
} as const;

const verificationLabels: Record<VerificationStatus, string> = { unverified: 'Unverified', pending: 'Pending review', approved: 'Verified', rejected: 'Rejected' };

/** The form's values from the saved profile (a legacy country name becomes the list's value; none: the placeholder). */
export function savedValues(profile: Profile): Record<string, string> {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    phone: profile.phone ?? '',
    country: countryValueOf(profile.country) ?? '',
    address: profile.address ?? '',
    birth_date: profile.birth_date ?? '',
  };
}

const dash = (value: string | null | undefined) => (value && value.trim() ? value : '—');

function Avatar({ profile, size }: { profile: Profile; size: 'large' | 'small' }) {
  const initials = `${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`.toUpperCase() || '?';
  return (
    <span className={`profile-avatar profile-avatar-${size}`} aria-hidden="true">
      {profile.avatar ? <img src={profile.avatar} alt="" width={size === 'large' ? 96 : 40} height={size === 'large' ? 96 : 40} /> : initials}
    </span>
  );
}

function Field({
  id,
  label,
  name,
  form,
  type = 'text',
  autoComplete,
  readOnly,
  hint,
}: {
  id: string;
  label: string;
  name: string;
  form: DetailsForm;
  type?: string;
  autoComplete?: string;
  readOnly?: boolean;
  hint?: string;
}) {
  const error = form.errors[name]?.[0];
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {readOnly ? (
        <input id={id} type={type} value={form.values[name] ?? ''} readOnly aria-describedby={describedBy} />
      ) : (
        <input id={id} name={name} type={type} autoComplete={autoComplete} defaultValue={form.values[name] ?? ''} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      )}
      {hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      <FieldError id={id} name={name} message={error} />
    </div>
  );
}

function CountrySelect({ form, locked, stored }: { form: DetailsForm; locked: boolean; stored: string | null }) {
  const error = form.errors.country?.[0];
  if (locked) return <Field id="profile-country" label="Country" name="country" form={{ ...form, values: { ...form.values, country: countryLabelOf(stored) ?? '' } }} readOnly />;
  return (
    <div className="form-field">
      <label htmlFor="profile-country">Country</label>
      <select id="profile-country" name="country" defaultValue={form.values.country ?? ''} aria-invalid={error ? true : undefined} aria-describedby={error ? 'profile-country-error' : undefined}>
        <option value="">{profileTexts.countryPlaceholder}</option>
        {countries.map((country) => (
          <option key={country.value} value={country.value}>
            {country.label}
          </option>
        ))}
      </select>
      <FieldError id="profile-country" name="country" message={error} />
    </div>
  );
}

function AccountDetails({ profile, user, form, csrfToken }: { profile: Profile; user: User; form: DetailsForm; csrfToken: string }) {
  const locked = profile.identity_locked;
  return (
    <section className="profile-card" aria-labelledby="details-title">
      <h2 id="details-title">Account Details</h2>
      {locked ? (
        <p className="notice notice-info" role="note">
          {profileTexts.lockedNote} <a href={chatPathOf(user)}>Contact support</a>
        </p>
      ) : null}
      {profile.pending_email ? (
        <div className="notice notice-warning profile-pending">
          <p>{profileTexts.emailChangePending(profile.pending_email)}</p>
          <CsrfForm action={`${paths.personal}/email/cancel`} csrfToken={csrfToken}>
            <button type="submit" className="outline secondary small">
              {personalTexts.emailPendingCancel}
            </button>
          </CsrfForm>
        </div>
      ) : null}
      <CheckedFormTag check="" className="profile-form" action={paths.personal} csrfToken={csrfToken}>
        <div className="profile-grid">
          <Field id="profile-first-name" label="First Name" name="first_name" form={form} autoComplete="given-name" readOnly={locked} />
          <Field id="profile-last-name" label="Last Name" name="last_name" form={form} autoComplete="family-name" readOnly={locked} />
          <Field id="profile-email" label="Email" name="email" type="email" form={form} autoComplete="email" hint="A new address changes once you follow the link we send to it." />
          <Field id="profile-phone" label="Phone" name="phone" type="tel" form={form} autoComplete="tel" />
          <Field
            id="profile-current-password"
            label="Current password"
            name="current_password"
            type="password"
            form={{ ...form, values: { ...form.values, current_password: '' } }}
            autoComplete="current-password"
            hint="Needed only to change your e-mail address."
          />
          <CountrySelect form={form} locked={locked} stored={profile.country} />
          <Field id="profile-birth-date" label="Date of Birth" name="birth_date" type="date" form={form} autoComplete="bday" readOnly={locked} />
          <div className="span-2">
            <Field id="profile-address" label="Address" name="address" form={form} autoComplete="street-address" />
          </div>
          <div className="form-field span-2">
            <label htmlFor="profile-account-type">Account Type</label>
            <input id="profile-account-type" type="text" value={user.account_type?.title ?? profileTexts.basicPlan} disabled aria-describedby="profile-account-type-hint" />
            <small id="profile-account-type-hint" className="field-hint">
              {profileTexts.accountType}
            </small>
          </div>
        </div>
        <div className="profile-actions">
          <SubmitButton busyLabel="Submitting...">Save Changes</SubmitButton>
          {/* Back to the saved values (the original blanked every field instead). */}
          <a className="outline secondary" role="button" href={paths.personal}>
            Reset
          </a>
        </div>
      </CheckedFormTag>
    </section>
  );
}

/** `/main/personal`: "Personal Information" (docs/customer-area.md#personal-information). */
export function PersonalPage({ settings, user, csrfToken, view }: { settings: SiteSettings; user: User; csrfToken: string; view: PersonalView }) {
  const { profile, form } = view;
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="personal">
      <Stylesheet src="client/styles/pico-forms.scss" />
      <Stylesheet src="views/pages/personal.css" />
      <section className="page-heading">
        <h1>{profileTexts.title}</h1>
        <p>{profileTexts.subtitle}</p>
      </section>
      {!profile ? (
        <p className="notice notice-warning" role="alert">
          {personalTexts.unreachable}
        </p>
      ) : (
        <div className="personal-layout">
          <div className="personal-main">
            <Hero profile={profile} user={user} />
            <AccountDetails profile={profile} user={user} form={form} csrfToken={csrfToken} />
            <section className="profile-card" aria-labelledby="photo-title">
              <h2 id="photo-title">Profile Photo</h2>
              <Island island={ProfilePhoto} client="load" props={{ avatar: profile.avatar, initials: `${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`.toUpperCase() }} />
            </section>
            <section className="profile-card" aria-labelledby="password-title">
              <h2 id="password-title">Change Password</h2>
              <p className="card-lead">Changing it signs you out everywhere else, and we send a notice to {profile.email}.</p>
              <Island island={PasswordChange} client="load" props={{ placeholder: passwordTexts.placeholder, email: profile.email }} />
            </section>
          </div>
          <aside className="personal-side" aria-label="Account summary">
            <SideCards profile={profile} user={user} />
          </aside>
        </div>
      )}
    </AppShell>
  );
}

/** The avatar and completion: rendered again in place when the photo changes (profile-photo.island.tsx). */
function Hero({ profile, user }: { profile: Profile; user: User }) {
  const name = `${profile.first_name} ${profile.last_name}`.trim() || profileTexts.unnamed;
  const completion = profileCompletion(profile);
  const status = user.verification_status;
  return (
    <section className="profile-card profile-hero" aria-label="Profile summary" data-region="profile-summary">
      <div className="hero-identity">
        <Avatar profile={profile} size="large" />
        <div>
          <p className="hero-name">{name}</p>
          <p className="hero-email">{profile.email}</p>
          <p className="hero-pills">
            <span className="pill">{user.account_type?.title ?? profileTexts.basicPlan}</span>
            <span className={`pill pill-${status}`}>{verificationLabels[status]}</span>
          </p>
        </div>
      </div>
      <div className="completion">
        <p className="completion-head">
          <span id="completion-label">Profile Completion</span>
          <strong>{completion}%</strong>
        </p>
        <div className="completion-bar" role="progressbar" aria-labelledby="completion-label" aria-valuemin={0} aria-valuemax={100} aria-valuenow={completion}>
          <span style={{ width: `${completion}%` }} />
        </div>
      </div>
    </section>
  );
}

function SideCards({ profile, user }: { profile: Profile; user: User }) {
  const status = user.verification_status;
  return (
    <>
      <section className="profile-card side-card" aria-labelledby="identity-title">
        <h2 id="identity-title">Identity</h2>
        <dl>
          <dt>Account ID</dt>
          <dd>{dash(user.account_id)}</dd>
          <dt>Plan</dt>
          <dd>{user.account_type?.title ?? profileTexts.basicPlan}</dd>
          <dt>Verification</dt>
          <dd>
            <span className={`pill pill-${status}`}>{verificationLabels[status]}</span>
          </dd>
          <dt>Country</dt>
          <dd>{dash(countryLabelOf(profile.country))}</dd>
          <dt>Phone</dt>
          <dd>{dash(profile.phone)}</dd>
        </dl>
      </section>
      <section className="profile-card side-card" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact</h2>
        <dl className="stacked">
          <dt>Email</dt>
          <dd className="wrap">{profile.email}</dd>
          <dt>Phone</dt>
          <dd>{dash(profile.phone)}</dd>
          <dt>Address</dt>
          <dd className="wrap">{dash(profile.address)}</dd>
        </dl>
      </section>
      <section className="profile-card side-card" aria-labelledby="tips-title">
        <h2 id="tips-title">Profile Tips</h2>
        <ul className="tips">
          <li>Use your name exactly as it appears on your identity document: verification compares them.</li>
          <li>Keep your phone number and address current so we can reach you about your account.</li>
          <li>{status === 'approved' ? 'Your identity is verified: name, date of birth and country now change only through support.' : 'Verify your identity to unlock withdrawals.'}</li>
          <li>Turn on two-factor sign-in so a stolen password alone cannot open your account.</li>
        </ul>
      </section>
      <section className="profile-card side-card" aria-labelledby="links-title">
        <h2 id="links-title">Quick Links</h2>
        <ul className="quick-links">
          <li>
            <a href={paths.verification}>Verification</a>
          </li>
          <li>
            <a href={paths.security}>Security and two-factor sign-in</a>
          </li>
          <li>
            <a href={paths.settings}>Settings</a>
          </li>
          <li>
            <a href={chatPathOf(user)}>Support chat</a>
          </li>
        </ul>
      </section>
    </>
  );
}
