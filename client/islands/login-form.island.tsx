import { useEffect, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { loginRequest } from '../../shared/api/auth.schema';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { paths } from '../../shared/routes';
import { authTexts } from '../../shared/texts';
import { requestJson } from '../lib/api';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({
  csrfToken: z.string(),
  next: z.nullable(z.string()),
  email: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  /** `?type=basic` was asked for: a failed plain post comes back in the same look. */
  basicLook: z.boolean(),
});
type Props = z.infer<typeof props>;

/**
 * The login form. It works as a plain form post before (or without) JavaScript; once hydrated it
 * checks the fields in place, posts JSON and shows the API's errors as toasts.
 */
function LoginForm({ csrfToken, next, email: initialEmail, errors: initialErrors, basicLook }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [busy, setBusy] = useState(false);
  const [reveal, setReveal] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginRequest.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await requestJson<{ data?: { redirect?: string }; errors?: FieldErrors }>('/session', {
        method: 'POST',
        body: { ...parsed.data, next },
      });
      if (result.ok) {
        window.location.assign(result.body.data?.redirect ?? paths.main);
        return;
      }
      if (result.body.errors) setErrors(result.body.errors);
      showToast({ kind: 'error', title: authTexts.loginFailedTitle, description: messageOf(result.body, authTexts.loginFailed) });
    } catch {
      showToast({ kind: 'error', title: authTexts.loginFailedTitle, description: authTexts.serviceUnreachable });
    } finally {
      setBusy(false);
    }
  }

  const emailError = errors.email?.[0];
  const passwordError = errors.password?.[0];
  return (
    <form className="login-form" method="post" action={basicLook ? '/session?type=basic' : '/session'} noValidate onSubmit={submit}>
      <input type="hidden" name="_csrf" value={csrfToken} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <label htmlFor="login-email">Email</label>
      <input
        id="login-email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={emailError ? true : undefined}
        aria-describedby={emailError ? 'login-email-error' : undefined}
      />
      {emailError ? <small id="login-email-error">{emailError}</small> : null}
      <label htmlFor="login-password">Password</label>
      <div className="password-field">
        <input
          id="login-password"
          name="password"
          type={reveal ? 'text' : 'password'}
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'login-password-error' : undefined}
        />
        <button
          type="button"
          className="reveal"
          hidden={!hydrated}
          aria-pressed={reveal}
          aria-label={reveal ? 'Hide password' : 'Show password'}
          onClick={() => setReveal((r) => !r)}
        >
          {reveal ? 'Hide' : 'Show'}
        </button>
      </div>
      {passwordError ? <small id="login-password-error">{passwordError}</small> : null}
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Signing in...' : 'Sign in'}
      </button>
    </form>
  );
}

export default defineIsland({ name: 'login-form', component: LoginForm, props });
