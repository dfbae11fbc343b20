import './password-change.css';
import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { fieldErrors, type FieldErrors } from '../../shared/api/common.schema';
import { profileApi } from '../../shared/api/endpoints/profile';
import { changePasswordRequest, passwordStrength, passwordTexts } from '../../shared/api/profile.schema';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

/** `email`: the account's, for password managers (a change form with no user name is saved against nothing). */
const props = z.object({ placeholder: z.string(), email: z.string() });

type Field = 'current_password' | 'new_password' | 'confirm_new_password';
const empty: Record<Field, string> = { current_password: '', new_password: '', confirm_new_password: '' };
const labels: Record<Field, string> = { current_password: 'Current Password', new_password: 'New Password', confirm_new_password: 'Confirm New Password' };
const autoCompletes: Record<Field, string> = { current_password: 'current-password', new_password: 'new-password', confirm_new_password: 'new-password' };

/**
 * Change password (docs/customer-area.md#personal-information): the original's fields, messages and
 * strength bar; the server checks the current password, signs every other session out and mails a notice.
 */
function PasswordChange({ placeholder, email }: z.infer<typeof props>) {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  const strength = passwordStrength(values.new_password);

  const set = (field: Field, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    if (errors[field]) setErrors((old) => ({ ...old, [field]: [] }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordRequest.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setBusy(true);
    const result = await call(profileApi.changePassword, { body: parsed.data });
    setBusy(false);
    if (result.ok) {
      setValues(empty);
      setErrors({});
      showToast({ kind: 'success', title: result.data.message });
      return;
    }
    setErrors(result.errors);
    showToast({ kind: 'error', title: result.message ?? passwordTexts.failed });
  }

  const reset = () => {
    setValues(empty);
    setErrors({});
  };

  return (
    <form className="password-form" onSubmit={(event) => void submit(event)} noValidate>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {(Object.keys(labels) as Field[]).map((field) => {
        const error = errors[field]?.[0];
        const inputId = `${id}-${field}`;
        return (
          <div key={field} className="form-field">
            <label htmlFor={inputId}>{labels[field]}</label>
            <input
              id={inputId}
              type={shown ? 'text' : 'password'}
              autoComplete={autoCompletes[field]}
              placeholder={field === 'new_password' ? placeholder : undefined}
              value={values[field]}
              onChange={(event) => set(field, event.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : field === 'new_password' ? `${id}-strength` : undefined}
            />
            {field === 'new_password' ? (
              <div className="strength" id={`${id}-strength`} aria-live="polite">
                <div className={`strength-bar strength-${strength.score}`} aria-hidden="true">
                  {[1, 2, 3, 4, 5].map((step) => (
                    <span key={step} className={step <= strength.score ? 'on' : undefined} />
                  ))}
                </div>
                <small>{strength.label ? `Strength: ${strength.label}` : 'Use 12 or more characters with upper case, digits and symbols.'}</small>
              </div>
            ) : null}
            {error ? <small id={`${inputId}-error`}>{error}</small> : null}
          </div>
        );
      })}
      <label className="show-passwords">
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.currentTarget.checked)} /> Show passwords
      </label>
      <div className="profile-actions">
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Changing Password...' : 'Change Password'}
        </button>
        <button type="button" className="outline secondary" onClick={reset} disabled={busy}>
          Reset
        </button>
      </div>
    </form>
  );
}

export default defineIsland({ name: 'password-change', component: PasswordChange, props });
