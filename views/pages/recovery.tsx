import type { SiteSettings } from '../../shared/api/settings.schema';
import { paths } from '../../shared/routes';
import { StepFrame } from '../components/auth-frames';
import { CheckedFormTag, FormField, SubmitButton } from '../components/form-fields';
import type { FormState } from '../components/register-form';

interface RecoveryProps {
  settings: SiteSettings;
  csrfToken: string;
  mode: 'forgot' | 'reset';
  token: string;
  form: FormState;
  /** The answer to a sent request (the same whoever the address belongs to): shown instead of the form. */
  sent: string | null;
  /** `?type=basic` asked for the basic look on a site with another: the form keeps it when it comes back. */
  keepBasic: boolean;
}

/**
 * `/forgot-password` and `/reset-password`, one card each: `forgot` asks for the address; `reset` sets
 * the new password with the mailed link's token. Both post to the web tier, which calls the API.
 */
export function RecoveryPage({ settings, csrfToken, mode, token, form, sent, keepBasic }: RecoveryProps) {
  const { values, errors } = form;
  const tokenError = errors.token?.[0];
  return (
    <StepFrame settings={settings}>
      <article className="auth-card">
        <header>
          <h2>{mode === 'forgot' ? 'Forgot your password?' : 'Choose a new password'}</h2>
          <p>
            {mode === 'forgot'
              ? 'Enter the e-mail address of your account and we will send you a link to reset its password.'
              : 'The link works once and for an hour. Every device signed in to your account will be signed out.'}
          </p>
        </header>
        {sent ? (
          <p className="notice notice-info">{sent}</p>
        ) : (
          <CheckedFormTag
            check={mode === 'forgot' ? 'forgot-password' : 'reset-password'}
            className="register-form"
            action={`${mode === 'forgot' ? '/forgot-password' : '/reset-password'}${keepBasic ? '?type=basic' : ''}`}
            csrfToken={csrfToken}
          >
            {tokenError ? <p className="notice notice-warning">{tokenError}</p> : null}
            {mode === 'forgot' ? (
              <FormField id="recovery-email" name="email" label="Email" type="email" autoComplete="email" value={values.email} error={errors.email?.[0]} />
            ) : (
              <>
                <input type="hidden" name="token" value={token} />
                <FormField id="recovery-password" name="password" label="New password" type="password" autoComplete="new-password" error={errors.password?.[0]} />
                <FormField id="recovery-confirmation" name="password_confirmation" label="Confirm new password" type="password" autoComplete="new-password" error={errors.password_confirmation?.[0]} />
              </>
            )}
            <SubmitButton busyLabel={mode === 'forgot' ? 'Sending...' : 'Saving...'}>{mode === 'forgot' ? 'Send reset link' : 'Set new password'}</SubmitButton>
            <p className="auth-switch">
              <a href={paths.login}>Back to sign in</a>
            </p>
          </CheckedFormTag>
        )}
      </article>
    </StepFrame>
  );
}
