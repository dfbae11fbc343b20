import { useEffect, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { startPageForm } from '../../shared/api/registration.schema';
import { registrationTexts } from '../../shared/texts';
import { requestJson } from '../lib/api';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({ submitLabel: z.string(), missingDraft: z.boolean() });

/**
 * Step 1 (client-spec §2 sign-up start): e-mail and password with show/hide; the availability check runs
 * on submit ("Checking email availability..."). The password goes to our server, which keeps it sealed
 * in the session: nothing is written to browser storage.
 */
function SignupStart({ submitLabel, missingDraft }: z.infer<typeof props>) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [reveal, setReveal] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (missingDraft) showToast({ kind: 'error', title: registrationTexts.missingDraft });
  }, [missingDraft]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = startPageForm.safeParse({ email, password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const result = await requestJson<{ success?: boolean; message?: string; next?: string }>('/signup/start', { method: 'POST', body: parsed.data });
      if (result.ok && result.body.success) {
        showToast({ kind: 'success', title: registrationTexts.emailVerified });
        window.location.assign(result.body.next ?? '/register/country-residence');
        return;
      }
      const fallback = result.status === 409 ? registrationTexts.emailTaken : registrationTexts.checkFailed;
      showToast({ kind: 'error', title: messageOf(result.body, fallback) });
    } catch {
      showToast({ kind: 'error', title: registrationTexts.genericError });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="register-form" noValidate onSubmit={submit}>
      <div className="form-field">
        <label htmlFor="start-email">Email</label>
        <input id="start-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={errors.email ? true : undefined} />
        {errors.email ? <small>{errors.email[0]}</small> : null}
      </div>
      <div className="form-field">
        <label htmlFor="start-password">Password</label>
        <div className="password-field">
          <input id="start-password" type={reveal ? 'text' : 'password'} autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={errors.password ? true : undefined} />
          <button type="button" className="reveal" aria-pressed={reveal} aria-label={reveal ? 'Hide password' : 'Show password'} onClick={() => setReveal((r) => !r)}>
            {reveal ? 'Hide' : 'Show'}
          </button>
        </div>
        {errors.password ? <small>{errors.password[0]}</small> : null}
      </div>
      <button type="submit" disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Checking email availability...' : submitLabel}
      </button>
    </form>
  );
}

export default defineIsland({ name: 'signup-start', component: SignupStart, props });
