import type { SiteSettings } from '../../shared/api/settings.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import LoginForm from '../../client/islands/login-form.island';
import { AuthLayout, LegalLinks } from '../components/auth-frames';
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

export function LoginPage({ settings, csrfToken, next, email, errors, maintenance }: LoginPageProps) {
  return (
    <AuthLayout
      settings={settings}
      title="Trade global markets with confidence."
      lead="Forex, stocks, indices, crypto, commodities and metals as CFDs, from one account."
      points={highlights}
      footer={<LegalLinks settings={settings} />}
    >
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
    </AuthLayout>
  );
}
