import type { EntryLook, SiteSettings } from '../../shared/api/settings.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import LoginForm from '../../client/islands/login-form.island';
import { AuthLayout, LegalLinks } from '../components/auth-frames';
import { TdFrame } from '../components/td-frame';
import { Island } from '../island';

interface LoginPageProps {
  settings: SiteSettings;
  csrfToken: string;
  next: string | null;
  email: string;
  errors: FieldErrors;
  /** The site is switched off: only staff can continue after signing in. */
  maintenance: boolean;
  look: EntryLook;
}

const highlights = ['Fast account opening', 'Instant funding', 'Six asset classes', '2000+ products'];

/** `/`: sign-in in the look of the site's sign-up pages (the light `td` frame, or the dark two columns). */
export function LoginPage({ look, ...props }: LoginPageProps) {
  const card = <LoginCard {...props} />;
  if (look === 'td') return <TdFrame settings={props.settings}>{card}</TdFrame>;
  return (
    <AuthLayout
      settings={props.settings}
      title="Trade global markets with confidence."
      lead="Forex, stocks, indices, crypto, commodities and metals as CFDs, from one account."
      points={highlights}
      footer={<LegalLinks settings={props.settings} />}
    >
      {card}
    </AuthLayout>
  );
}

function LoginCard({ csrfToken, next, email, errors, maintenance }: Omit<LoginPageProps, 'look' | 'settings'>) {
  return (
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
  );
}
