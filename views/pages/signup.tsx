import type { SiteSettings } from '../../shared/api/settings.schema';
import RegisterForm from '../../client/islands/register-form.island';
import SignupStart from '../../client/islands/signup-start.island';
import { registrationTexts } from '../../shared/texts';
import Toaster from '../../client/islands/toaster.island';
import { Brand } from '../components/brand';
import { CheckIcon } from '../components/icons';
import { RiskWarning } from '../components/risk-warning';
import { Island } from '../island';

/** The basic form's countries (client-spec §2 `/register`), with the labels a customer reads. */
const basicCountries = [
  { value: 'nigeria', label: 'Nigeria' },
  { value: 'uk', label: 'United Kingdom' },
  { value: 'us', label: 'United States' },
  { value: 'ca', label: 'Canada' },
  { value: 'au', label: 'Australia' },
];

/** `/signup`: the variant the `r_page` setting chooses (`td` shows the `ic` start page until its own design lands). */
export function SignupPage({ settings, missingDraft }: { settings: SiteSettings; missingDraft: boolean }) {
  return settings.r_page === 'basic' ? <BasicSignup settings={settings} missingDraft={missingDraft} /> : <StartPage settings={settings} missingDraft={missingDraft} />;
}

const applicationPoints = ['Trade forex, stocks, indices, crypto, commodities and metals', 'A Demo account with 10,000 USD to practise', 'Your money held with a regulated broker', 'Support from real people, every trading day'];

/** The `ic` start page (client-spec §2): step 1, then on to `/register/country-residence`. */
function StartPage({ settings, missingDraft }: { settings: SiteSettings; missingDraft: boolean }) {
  const links = [
    ['Terms', settings.terms_url],
    ['Privacy', settings.privacy_url],
    ['Risk disclosure', settings.risk_url],
    ['Help centre', settings.help_url],
  ].filter((link): link is [string, string] => Boolean(link[1]));
  return (
    <div className="auth-layout start-page">
      <section className="auth-hero">
        <Brand name={settings.name} logo={settings.logo} href={settings.website_url ?? '/'} />
        <div className="auth-hero-copy">
          {settings.register_page_header ? <p className="start-page-note">{settings.register_page_header}</p> : null}
          <h1>Live Trading Account Application</h1>
          <ul className="highlights">
            {applicationPoints.map((text) => (
              <li key={text}>
                <CheckIcon />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="regulatory-notice">You will be onboarded with a regulated UK-registered broker entity.</p>
      </section>
      <main className="auth-panel">
        <article className="auth-card">
          <header>
            <h2>Create Your Account</h2>
          </header>
          <Island island={SignupStart} client="load" props={{ submitLabel: 'Continue', missingDraft }} />
          <p className="auth-switch">
            <a href="/">Sign in to your account</a>
          </p>
        </article>
        <footer className="auth-footer">
          <RiskWarning />
          {links.length > 0 ? (
            <nav className="legal-links" aria-label="Legal">
              {links.map(([label, href]) => (
                <a key={label} href={href}>
                  {label}
                </a>
              ))}
            </nav>
          ) : null}
          {settings.register_page_footer ? <p className="start-page-note">{settings.register_page_footer}</p> : null}
        </footer>
      </main>
      <Island island={Toaster} client="load" props={{}} />
    </div>
  );
}

/** The `basic` variant: the whole form on one page. */
function BasicSignup({ settings, missingDraft }: { settings: SiteSettings; missingDraft: boolean }) {
  return (
    <div className="auth-layout">
      <section className="auth-hero">
        <Brand name={settings.name} logo={settings.logo} href={settings.website_url ?? '/'} />
        <div className="auth-hero-copy">
          <h1>Open your trading account.</h1>
          <p>A Live account for real trading and a Demo account with 10,000 USD to practise, in a few minutes.</p>
        </div>
        <p className="regulatory-notice">You will be onboarded with a regulated UK-registered broker entity.</p>
      </section>
      <main className="auth-panel">
        <article className="auth-card register-card">
          <header>
            <h2>CREATE A NEW ACCOUNT</h2>
          </header>
          <noscript>
            <p className="notice notice-warning">Creating an account needs JavaScript switched on in your browser.</p>
          </noscript>
          {missingDraft ? <p className="notice notice-warning">{registrationTexts.missingDraft}</p> : null}
          <Island island={RegisterForm} client="load" props={{ countries: basicCountries }} />
        </article>
        <footer className="auth-footer">
          <RiskWarning />
        </footer>
      </main>
      <Island island={Toaster} client="load" props={{}} />
    </div>
  );
}
