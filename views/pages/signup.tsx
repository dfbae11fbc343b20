import type { SiteSettings } from '../../shared/api/settings.schema';
import { basicFormCountries } from '../../shared/countries';
import { registrationTexts } from '../../shared/texts';
import RegisterForm from '../../client/islands/register-form.island';
import SignupStart from '../../client/islands/signup-start.island';
import { AuthLayout, LegalLinks } from '../components/auth-frames';
import { Island } from '../island';

/** `/signup`: the variant the `r_page` setting chooses (`td` shows the `ic` start page until its own design lands). */
export function SignupPage({ settings, missingDraft }: { settings: SiteSettings; missingDraft: boolean }) {
  return settings.r_page === 'basic' ? <BasicSignup settings={settings} missingDraft={missingDraft} /> : <StartPage settings={settings} missingDraft={missingDraft} />;
}

const applicationPoints = ['Trade forex, stocks, indices, crypto, commodities and metals', 'A Demo account with 10,000 USD to practise', 'Your money held with a regulated broker', 'Support from real people, every trading day'];

/** The `ic` start page (client-spec §2): step 1, then on to `/register/country-residence`. */
function StartPage({ settings, missingDraft }: { settings: SiteSettings; missingDraft: boolean }) {
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
function BasicSignup({ settings, missingDraft }: { settings: SiteSettings; missingDraft: boolean }) {
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
        <Island island={RegisterForm} client="load" props={{ countries: [...basicFormCountries] }} />
      </article>
    </AuthLayout>
  );
}
