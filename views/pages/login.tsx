import type { SiteSettings } from '../../shared/api/settings.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import LoginForm from '../../client/islands/login-form.island';
import Toaster from '../../client/islands/toaster.island';
import { Brand } from '../components/brand';
import { CheckIcon } from '../components/icons';
import { RiskWarning } from '../components/risk-warning';
import { Island } from '../island';

interface LoginPageProps {
  settings: SiteSettings;
  csrfToken: string;
  next: string | null;
  email: string;
  errors: FieldErrors;
  /** The site is switched off: only staff can continue after signing in. */
  maintenance: boolean;
}

const highlights = ['Fast account opening', 'Instant funding', 'Six asset classes', '2000+ products'];

function LegalLinks({ settings }: { settings: SiteSettings }) {
  const links = [
    ['Terms', settings.terms_url],
    ['Privacy', settings.privacy_url],
    ['Risk disclosure', settings.risk_url],
    ['Help centre', settings.help_url],
  ].filter((link): link is [string, string] => Boolean(link[1]));
  if (links.length === 0) return null;
  return (
    <nav className="legal-links" aria-label="Legal">
      {links.map(([label, href]) => (
        <a key={label} href={href}>
          {label}
        </a>
      ))}
    </nav>
  );
}

export function LoginPage({ settings, csrfToken, next, email, errors, maintenance }: LoginPageProps) {
  return (
    <div className="auth-layout">
      <section className="auth-hero">
        <Brand name={settings.name} logo={settings.logo} href={settings.website_url ?? '/'} />
        <div className="auth-hero-copy">
          <h1>Trade global markets with confidence.</h1>
          <p>Forex, stocks, indices, crypto, commodities and metals as CFDs, from one account.</p>
          <ul className="highlights">
            {highlights.map((text) => (
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
            <h2>Sign in to your account</h2>
            <p>Welcome back. Enter your e-mail and password to continue.</p>
          </header>
          {maintenance ? (
            <p className="notice notice-warning" role="note">
              The site is in maintenance. Only staff can continue after signing in.
            </p>
          ) : null}
          <Island island={LoginForm} client="load" props={{ csrfToken, next, email, errors }} />
          <p className="auth-switch">
            <a href="/forgot-password">Forgot your password?</a> · <a href="/signup">Create an account</a>
          </p>
        </article>
        <footer className="auth-footer">
          <RiskWarning />
          <LegalLinks settings={settings} />
        </footer>
      </main>
      <Island island={Toaster} client="load" props={{}} />
    </div>
  );
}
