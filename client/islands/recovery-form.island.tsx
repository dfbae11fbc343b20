import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { emailField } from '../../shared/api/auth.schema';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { resetPasswordRequest } from '../../shared/api/registration.schema';
import { paths } from '../../shared/routes';
import { recoveryTexts, registrationTexts } from '../../shared/texts';
import { requestJson } from '../lib/api';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({ mode: z.enum(['forgot', 'reset']), token: z.string() });

/**
 * Password recovery: `forgot` asks for the address (the same answer whoever it belongs to); `reset` sets
 * the new password with the mailed link's token, then sends the customer to sign in.
 */
function RecoveryForm({ mode, token }: z.infer<typeof props>) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = mode === 'forgot' ? z.object({ email: emailField }).safeParse({ email }) : resetPasswordRequest.safeParse({ token, password, password_confirmation: confirmation });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const result = await requestJson<{ message?: string; errors?: FieldErrors }>(`/api/v1/auth/${mode === 'forgot' ? 'forgot-password' : 'reset-password'}`, { method: 'POST', body: parsed.data });
      if (result.ok) {
        const message = messageOf(result.body, mode === 'forgot' ? recoveryTexts.linkSent : recoveryTexts.passwordReset);
        showToast({ kind: 'success', title: message });
        if (mode === 'forgot') setSent(message);
        else window.setTimeout(() => window.location.assign(paths.login), 1_200);
        return;
      }
      if (result.body.errors) setErrors(result.body.errors);
      showToast({ kind: 'error', title: messageOf(result.body, registrationTexts.genericError) });
    } catch {
      showToast({ kind: 'error', title: registrationTexts.genericError });
    } finally {
      setBusy(false);
    }
  }

  const input = (id: string, label: string, type: string, value: string, onChange: (v: string) => void, error: string | undefined, autoComplete: string) => (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} autoComplete={autoComplete} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} />
      {error ? <small>{error}</small> : null}
    </div>
  );

  if (sent) return <p className="notice notice-info">{sent}</p>;
  const tokenError = errors.token?.[0];
  return (
    <form className="register-form" noValidate onSubmit={submit}>
      {tokenError ? <p className="notice notice-warning">{tokenError}</p> : null}
      {mode === 'forgot'
        ? input('recovery-email', 'Email', 'email', email, setEmail, errors.email?.[0], 'email')
        : [input('recovery-password', 'New password', 'password', password, setPassword, errors.password?.[0], 'new-password'), input('recovery-confirmation', 'Confirm new password', 'password', confirmation, setConfirmation, errors.password_confirmation?.[0], 'new-password')]}
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {mode === 'forgot' ? (busy ? 'Sending...' : 'Send reset link') : busy ? 'Saving...' : 'Set new password'}
      </button>
      <p className="auth-switch">
        <a href={paths.login}>Back to sign in</a>
      </p>
    </form>
  );
}

export default defineIsland({ name: 'recovery-form', component: RecoveryForm, props });
