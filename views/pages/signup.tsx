import type { EntryLook, SiteSettings } from '../../shared/api/settings.schema';
import { basicFormCountries } from '../../shared/countries';
import { registrationTexts } from '../../shared/texts';
import RegisterForm from '../../client/islands/register-form.island';
import SignupStart from '../../client/islands/signup-start.island';
import { AuthLayout, LegalLinks } from '../components/auth-frames';
import { ProviderButtons, TdFrame, TrustBlock } from '../components/td-frame';
import { Island } from '../island';

interface SignupProps {
  settings: SiteSettings;
  missingDraft: boolean;
}

/** `/signup`: the variant the `r_page` setting (or `?type=basic`) chooses. */
export function SignupPage({ look, ...props }: SignupProps & { look: EntryLook }) {
  if (look === 'td') return <TdStartPage {...props} />;
  if (look === 'ic') return <StartPage {...props} />;
  return <BasicSignup {...props} />;
}

const applicationPoints = ['Trade forex, stocks, indices, crypto, commodities and metals', 'A Demo account with 10,000 USD to practise', 'Your money held with a regulated broker', 'Support from real people, every trading day'];

/** The `ic` start page (client-spec §2): step 1, then on to `/register/country-residence`. */
function StartPage({ settings, missingDraft }: SignupProps) {
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
        <Island island={SignupStart} client="load" props={{ submitLabel: 'Continue', missingDraft }} />
        <p className="auth-switch">
          <a href="/">Sign in to your account</a>
        </p>
      </article>
    </AuthLayout>
  );
}

/** The `basic` variant: the whole form on one page. */
function BasicSignup({ settings, missingDraft }: SignupProps) {
  return (
    <AuthLayout settings={settings} title="Open your trading account." lead="A Live account for real trading and a Demo account with 10,000 USD to practise, in a few minutes.">
      <article className="auth-card register-card">
        <header>
          <h2>CREATE A NEW ACCOUNT</h2>
        </header>
        <noscript>
          <p className="notice notice-warning">Creating an account needs JavaScript switched on in your browser.</p>
        </noscript>
        {missingDraft ? <p className="notice notice-warning">{registrationTexts.missingDraft}</p> : null}
        <Island island={RegisterForm} client="load" props={{ countries: basicFormCountries.map(({ value, label, flag }) => ({ value, label, flag })) }} />
      </article>
    </AuthLayout>
  );
}

/** The `td` sign-up start screen (client-spec §2 "Sign-up start screen"): step 1, then `/register/country-residence`. */
function TdStartPage({ settings, missingDraft }: SignupProps) {
  return (
    <TdFrame settings={settings} registration>
      <article className="td-card">
        <h1>Sign up to power up your trading</h1>
        <ProviderButtons />
        <p className="or-divider">
          <span>OR</span>
        </p>
        <Island island={SignupStart} client="load" props={{ submitLabel: 'Sign up now', missingDraft }} />
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
