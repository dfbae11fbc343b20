import type { EntryLook, SiteSettings } from '../../shared/api/settings.schema';
import { basicFormCountries } from '../../shared/countries';
import { registrationTexts } from '../../shared/texts';
import { AuthLayout, LegalLinks } from '../components/auth-frames';
import { CheckedFormTag, FormField, PasswordInput, SubmitButton } from '../components/form-fields';
import { RegisterForm, type FormState } from '../components/register-form';
import { ProviderButtons, TdFrame, TrustBlock } from '../components/td-frame';

interface SignupProps {
  settings: SiteSettings;
  csrfToken: string;
  missingDraft: boolean;
  /** `?type=basic` asked for the basic look on a site with another: the form keeps it when it comes back. */
  basicLook: boolean;
  form: FormState;
}

/** `/signup`: the variant the `r_page` setting (or `?type=basic`) chooses. */
export function SignupPage({ look, ...props }: SignupProps & { look: EntryLook }) {
  if (look === 'td') return <TdStartPage {...props} />;
  if (look === 'ic') return <StartPage {...props} />;
  return <BasicSignup {...props} />;
}

const applicationPoints = [
  'Trade forex, stocks, indices, crypto, commodities and metals',
  'A Demo account with 10,000 USD to practise',
  'Your money held with a regulated broker',
  'Support from real people, every trading day',
];

/** The `ic` start page (docs/access.md#registration-look): step 1, then on to `/register/country-residence`. */
function StartPage({ settings, csrfToken, form }: SignupProps) {
  return (
    <AuthLayout
      settings={settings}
      className="start-page"
      title="Live Trading Account Application"
      points={applicationPoints}
      note={settings.register_page_header}
      footer={
        <>
          <LegalLinks settings={settings} />
          {settings.register_page_footer ? <p className="start-page-note">{settings.register_page_footer}</p> : null}
        </>
      }
    >
      <article className="auth-card">
        <header>
          <h2>Create Your Account</h2>
        </header>
        <StartForm csrfToken={csrfToken} form={form} submitLabel="Continue" />
        <p className="auth-switch">
          <a href="/">Sign in to your account</a>
        </p>
      </article>
    </AuthLayout>
  );
}

/** The `basic` variant: the whole form on one page. */
function BasicSignup({ settings, csrfToken, missingDraft, basicLook, form }: SignupProps) {
  return (
    <AuthLayout settings={settings} title="Open your trading account." lead="A Live account for real trading and a Demo account with 10,000 USD to practise, in a few minutes.">
      <article className="auth-card register-card">
        <header>
          <h2>CREATE A NEW ACCOUNT</h2>
        </header>
        {missingDraft ? <p className="notice notice-warning">{registrationTexts.missingDraft}</p> : null}
        <RegisterForm csrfToken={csrfToken} action={basicLook ? '/signup?type=basic' : '/signup'} countries={basicFormCountries} step={false} form={form} />
      </article>
    </AuthLayout>
  );
}

/** The `td` sign-up start screen (docs/access.md#registration-look): step 1, then `/register/country-residence`. */
function TdStartPage({ settings, csrfToken, form }: SignupProps) {
  return (
    <TdFrame settings={settings} registration>
      <article className="td-card">
        <h1>Sign up to power up your trading</h1>
        <ProviderButtons />
        <p className="or-divider">
          <span>OR</span>
        </p>
        <StartForm csrfToken={csrfToken} form={form} submitLabel="Sign up now" />
        <p className="auth-switch">
          Already have an account?{' '}
          <a className="only-wide" href="/">
            Log in
          </a>
          <a className="only-narrow" href="/?type=basic">
            Log in
          </a>
        </p>
      </article>
      <TrustBlock settings={settings} />
    </TdFrame>
  );
}

/**
 * Step 1 (docs/access.md#sign-up-steps): e-mail and password with show/hide; the server checks the
 * address is free ("Checking email availability...") and keeps the password sealed in the session:
 * nothing is written to browser storage.
 */
function StartForm({ csrfToken, form, submitLabel }: { csrfToken: string; form: FormState; submitLabel: string }) {
  const emailError = form.errors.email?.[0];
  const passwordError = form.errors.password?.[0];
  return (
    <CheckedFormTag check="signup-start" className="register-form" action="/signup/start" csrfToken={csrfToken}>
      <FormField id="start-email" name="email" label="Email" type="email" autoComplete="email" value={form.values.email} error={emailError} />
      <FormField id="start-password" name="password" label="Password" error={passwordError}>
        <PasswordInput id="start-password" name="password" autoComplete="new-password" error={passwordError} />
      </FormField>
      <SubmitButton busyLabel="Checking email availability...">{submitLabel}</SubmitButton>
    </CheckedFormTag>
  );
}
