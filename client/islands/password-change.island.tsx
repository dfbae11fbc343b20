import './password-change.css';
import { useState } from 'react';
import * as z from 'zod/mini';
import { profileApi } from '../../shared/api/endpoints/profile';
import { passwordStrength, passwordTexts } from '../../shared/api/profile.schema';
import { Field } from '../forms/field';
import { useEndpointForm } from '../forms/use-endpoint-form';
import { defineIsland } from '../runtime/define-island';

/** `email`: the account's, for password managers (a change form with no user name is saved against nothing). */
const props = z.object({ placeholder: z.string(), email: z.string() });

type Name = 'current_password' | 'new_password' | 'confirm_new_password';
const empty: Record<Name, string> = { current_password: '', new_password: '', confirm_new_password: '' };
const labels: Record<Name, string> = { current_password: 'Current Password', new_password: 'New Password', confirm_new_password: 'Confirm New Password' };
const autoCompletes: Record<Name, string> = { current_password: 'current-password', new_password: 'new-password', confirm_new_password: 'new-password' };

/** The new password's strength bar and its words. */
function Strength({ id, password }: { id: string; password: string }) {
  const strength = passwordStrength(password);
  return (
    <div className="strength" id={id} aria-live="polite">
      <div className={`strength-bar strength-${strength.score}`} aria-hidden="true">
        {[1, 2, 3, 4, 5].map((step) => (
          <span key={step} className={step <= strength.score ? 'on' : undefined} />
        ))}
      </div>
      <small>{strength.label ? `Strength: ${strength.label}` : 'Use 12 or more characters with upper case, digits and symbols.'}</small>
    </div>
  );
}

/**
 * Change password (docs/customer-area.md#personal-information): the original's fields, messages and
 * strength bar; the server checks the current password, signs every other session out and mails a notice.
 */
function PasswordChange({ placeholder, email }: z.infer<typeof props>) {
  const [shown, setShown] = useState(false);
  const form = useEndpointForm(profileApi.changePassword, {
    initial: empty,
    request: (values) => ({ body: values }),
    done: ({ message }) => ({ kind: 'success', title: message ?? '' }),
    failureTitle: passwordTexts.failed,
    onDone: (): void => form.reset(),
  });
  const strengthId = form.idOf('strength');
  const input = (name: Name) => {
    const props = form.field(name);
    return (
      <input
        {...props}
        type={shown ? 'text' : 'password'}
        autoComplete={autoCompletes[name]}
        placeholder={name === 'new_password' ? placeholder : undefined}
        aria-describedby={props['aria-describedby'] ?? (name === 'new_password' ? strengthId : undefined)}
      />
    );
  };

  return (
    <form className="password-form" onSubmit={form.submit} noValidate>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {(Object.keys(labels) as Name[]).map((name) => (
        <Field key={name} form={form} name={name} label={labels[name]}>
          {input(name)}
          {name === 'new_password' ? <Strength id={strengthId} password={form.values.new_password} /> : null}
        </Field>
      ))}
      <label className="show-passwords">
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.currentTarget.checked)} /> Show passwords
      </label>
      <div className="profile-actions">
        <button type="submit" disabled={form.busy} aria-busy={form.busy || undefined}>
          {form.busy ? 'Changing Password...' : 'Change Password'}
        </button>
        <button type="button" className="outline secondary" onClick={() => form.reset()} disabled={form.busy}>
          Reset
        </button>
      </div>
    </form>
  );
}

export default defineIsland({ name: 'password-change', component: PasswordChange, props });
