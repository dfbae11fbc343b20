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
  // The look was forced to basic (`?type=basic`) when it differs from the site's: links and the form keep it.
  const basicLook = look === 'basic' && props.settings.r_page !== 'basic';
  if (look === 'td') return <TdFrame settings={props.settings}>{<LoginCard {...props} basicLook={false} heading="h1" />}</TdFrame>;
  const card = <LoginCard {...props} basicLook={basicLook} heading="h2" />;
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

function LoginCard({ csrfToken, next, email, errors, maintenance, basicLook, heading: Heading }: Omit<LoginPageProps, 'look' | 'settings'> & { basicLook: boolean; heading: 'h1' | 'h2' }) {
  const keep = basicLook ? '?type=basic' : '';
  return (
    <article className="auth-card">
      <header>
        <Heading className="auth-card-title">Sign in to your account</Heading>
        <p>Welcome back. Enter your e-mail and password to continue.</p>
      </header>
      {maintenance ? (
        <p className="notice notice-warning" role="note">
          The site is in maintenance. Only staff can continue after signing in.
        </p>
      ) : null}
      <Island island={LoginForm} client="load" props={{ csrfToken, next, email, errors, basicLook }} />
      <p className="auth-switch">
        <a href={`/forgot-password${keep}`}>Forgot your password?</a> · <a href={`/signup${keep}`}>Create an account</a>
      </p>
    </article>
  );
}
