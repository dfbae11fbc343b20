import type { EntryLook, SiteSettings } from '../../shared/api/settings.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import { twoFactorTexts } from '../../shared/api/two-factor.schema';
import { AuthLayout, LegalLinks } from '../components/auth-frames';
import { CheckedFormTag, FieldError, Input, PasswordInput, SubmitButton } from '../components/form-fields';
import { TdFrame } from '../components/td-frame';

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

/** What the site does, in words: no figure here, since a typed count would not follow the catalogue (the "2000+ products" it claimed was 213). */
const highlights = ['Fast account opening', 'Card, bank and crypto deposits', 'Six asset classes', 'Costs shown before every order'];

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
      <LoginForm csrfToken={csrfToken} next={next} email={email} errors={errors} basicLook={basicLook} />
      <p className="auth-switch">
        <a href={`/forgot-password${keep}`}>Forgot your password?</a> · <a href={`/signup${keep}`}>Create an account</a>
      </p>
    </article>
  );
}

/**
 * The login form: a plain form post (the server answers with the page again and its messages when it
 * fails); the `forms` script checks the fields in place first and shows "Signing in..." while it posts.
 */
function LoginForm({ csrfToken, next, email, errors, basicLook }: { csrfToken: string; next: string | null; email: string; errors: FieldErrors; basicLook: boolean }) {
  const emailError = errors.email?.[0];
  const passwordError = errors.password?.[0];
  return (
    <CheckedFormTag check="login" className="login-form" action={basicLook ? '/session?type=basic' : '/session'} csrfToken={csrfToken}>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <label htmlFor="login-email">Email</label>
      <Input id="login-email" name="email" type="email" autoComplete="username" required value={email} error={emailError} />
      <FieldError id="login-email" name="email" message={emailError} />
      <label htmlFor="login-password">Password</label>
      <PasswordInput id="login-password" name="password" autoComplete="current-password" required error={passwordError} />
      <FieldError id="login-password" name="password" message={passwordError} />
      <SubmitButton busyLabel="Signing in...">Sign in</SubmitButton>
    </CheckedFormTag>
  );
}

interface LoginVerifyProps {
  settings: SiteSettings;
  csrfToken: string;
  look: EntryLook;
  /** The address step 1 was for (shown, never sent again). */
  email: string;
  /** The authenticator app's code, or a recovery code instead. */
  method: 'app' | 'recovery';
  error: string | undefined;
}

/**
 * `/login/verify`: step 2 of a two-factor sign-in (docs/access.md#two-factor-sign-in). The challenge
 * waits in the session; this form sends only the code. "Exit" ends the half-done sign-in.
 */
export function LoginVerifyPage({ look, ...props }: LoginVerifyProps) {
  if (look === 'td') return <TdFrame settings={props.settings}>{<VerifyCard {...props} heading="h1" />}</TdFrame>;
  return (
    <AuthLayout
      settings={props.settings}
      title="Trade global markets with confidence."
      lead="Forex, stocks, indices, crypto, commodities and metals as CFDs, from one account."
      points={highlights}
      footer={<LegalLinks settings={props.settings} />}
    >
      <VerifyCard {...props} heading="h2" />
    </AuthLayout>
  );
}

function VerifyCard({ csrfToken, email, method, error, heading: Heading }: Omit<LoginVerifyProps, 'look' | 'settings'> & { heading: 'h1' | 'h2' }) {
  const app = method === 'app';
  return (
    <article className="auth-card verify-card">
      <header>
        <Heading className="auth-card-title">{twoFactorTexts.verifyTitle}</Heading>
        <p>
          {app ? 'Enter the 6-digit code your authenticator app shows for ' : 'Enter one of the recovery codes you saved when you set up two-factor sign-in for '}
          <strong>{email}</strong>.
        </p>
      </header>
      <CheckedFormTag check="" className="verify-form" action={app ? '/session/verify' : '/session/verify?method=recovery'} csrfToken={csrfToken}>
        <input type="hidden" name="method" value={method} />
        <label htmlFor="verify-code">{app ? 'Security code' : 'Recovery code'}</label>
        <input
          id="verify-code"
          name="code"
          type="text"
          inputMode={app ? 'numeric' : 'text'}
          autoComplete={app ? 'one-time-code' : 'off'}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={app ? 'Enter your code' : 'abcde-12345'}
          maxLength={app ? 8 : 16}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'verify-code-error' : undefined}
        />
        <FieldError id="verify-code" name="code" message={error} />
        <SubmitButton busyLabel={twoFactorTexts.verifying}>{twoFactorTexts.verifyButton}</SubmitButton>
      </CheckedFormTag>
      <p className="auth-switch">{app ? <a href="/login/verify?method=recovery">Use a recovery code instead</a> : <a href="/login/verify">Use your authenticator app instead</a>}</p>
      <form method="post" action="/session/logout" className="verify-exit">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="secondary outline">
          Exit
        </button>
      </form>
    </article>
  );
}
