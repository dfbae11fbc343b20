import type { SiteSettings } from '../../shared/api/settings.schema';
import RegisterForm from '../../client/islands/register-form.island';
import Toaster from '../../client/islands/toaster.island';
import { Brand } from '../components/brand';
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

/** `/signup` with the `basic` registration variant: the whole form on one page. */
export function SignupPage({ settings }: { settings: SiteSettings }) {
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
