import { useEffect, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { fieldErrors, messageOf, type FieldErrors } from '../../shared/api/common.schema';
import { registerRequest } from '../../shared/api/registration.schema';
import { paths } from '../../shared/routes';
import { registrationTexts } from '../../shared/texts';
import { CountrySelect, countryOption } from '../components/country-select';
import { requestJson } from '../lib/api';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const props = z.object({
  countries: z.array(countryOption),
  /** Step 3 of the three-step sign-up: what earlier steps gave (the password stays on the server). */
  prefilled: z.optional(z.object({ email: z.string(), country: z.string(), nationality: z.string() })),
});
type Props = z.infer<typeof props>;

type Field = 'first_name' | 'last_name' | 'username' | 'email' | 'country_code' | 'phone' | 'country' | 'nationality' | 'password' | 'confirm_password' | 'promo_code';

/**
 * The one-page registration form (client-spec §2 `/register`, the `basic` variant): every rule and
 * message of §5 checked in place with the schema the server uses again, the privacy consent, an optional
 * promo code, "Creating account..." while it runs; on success the new customer goes to sign in.
 */
function RegisterForm({ countries, prefilled }: Props) {
  const [values, setValues] = useState<Record<Field, string>>({
    first_name: '',
    last_name: '',
    username: '',
    email: prefilled?.email ?? '',
    country_code: '+1',
    phone: '',
    country: prefilled?.country ?? countries[0]?.value ?? '',
    nationality: prefilled?.nationality ?? countries[0]?.value ?? '',
    // The three-step flow's password is sealed in the session; these stand in so the schema passes here.
    password: prefilled ? 'kept-on-the-server' : '',
    confirm_password: prefilled ? 'kept-on-the-server' : '',
    promo_code: '',
  });
  // Step 2 took the consent already in the three-step flow.
  const [agreed, setAgreed] = useState(Boolean(prefilled));
  const [promo, setPromo] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const setValue = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const set = (field: Field) => (event: { target: { value: string } }) => setValue(field, event.target.value);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registerRequest.safeParse({ ...values, promo_code: promo && values.promo_code ? values.promo_code : undefined });
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (!agreed) found.privacy = [registrationTexts.privacy];
    setErrors(found);
    if (!parsed.success || !agreed) {
      if (!agreed && parsed.success) showToast({ kind: 'error', title: registrationTexts.privacy });
      return;
    }
    setBusy(true);
    let done = false;
    try {
      const { email, password, confirm_password, country, nationality, ...asked } = parsed.data;
      const result = prefilled
        ? await requestJson<{ message?: string; errors?: FieldErrors; next?: string }>('/signup/complete', { method: 'POST', body: asked })
        : await requestJson<{ message?: string; errors?: FieldErrors; next?: string }>('/api/v1/auth/register', { method: 'POST', body: { ...asked, email, password, confirm_password, country, nationality } });
      if (result.status === 409 && result.body.next) {
        showToast({ kind: 'error', title: messageOf(result.body, registrationTexts.missingDraft) });
        window.location.assign(result.body.next);
        return;
      }
      if (result.ok) {
        // Stays busy until the page changes: a second press would find the draft gone.
        done = true;
        showToast({ kind: 'success', title: messageOf(result.body, registrationTexts.registered) });
        window.setTimeout(() => window.location.assign(paths.login), 1_200);
        return;
      }
      if (result.body.errors) setErrors(result.body.errors);
      showToast({ kind: 'error', title: messageOf(result.body, registrationTexts.registrationFailed) });
    } catch {
      showToast({ kind: 'error', title: registrationTexts.genericError });
    } finally {
      if (!done) setBusy(false);
    }
  }

  const field = (name: Field, label: string, type = 'text', autoComplete?: string) => {
    const error = errors[name]?.[0];
    return (
      <div className="form-field">
        <label htmlFor={`register-${name}`}>{label}</label>
        <input
          id={`register-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={set(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `register-${name}-error` : undefined}
        />
        {error ? <small id={`register-${name}-error`}>{error}</small> : null}
      </div>
    );
  };
  const choice = (name: 'country' | 'nationality', label: string) => (
    <div className="form-field">
      <label htmlFor={`register-${name}`}>{label}</label>
      <CountrySelect id={`register-${name}`} name={name} value={values[name]} options={countries} onChange={(value) => setValue(name, value)} />
    </div>
  );

  return (
    <form className="register-form" noValidate onSubmit={submit}>
      {prefilled ? <p className="notice notice-info">Some fields have been pre-filled from your previous step</p> : null}
      <div className="form-row">
        {field('first_name', 'First name', 'text', 'given-name')}
        {field('last_name', 'Last name', 'text', 'family-name')}
      </div>
      {field('username', 'Username', 'text', 'username')}
      {prefilled ? null : field('email', 'Email', 'email', 'email')}
      <div className="form-row phone-row">
        {field('country_code', 'Code', 'text', 'tel-country-code')}
        {field('phone', 'Phone', 'tel', 'tel-national')}
      </div>
      {prefilled ? (
        <>
          <input type="hidden" name="email" value={values.email} />
          <input type="hidden" name="country" value={values.country} />
          <input type="hidden" name="nationality" value={values.nationality} />
        </>
      ) : (
        <>
          <div className="form-row">
            {choice('country', 'Country')}
            {choice('nationality', 'Nationality')}
          </div>
          {field('password', 'Password', 'password', 'new-password')}
          {field('confirm_password', 'Confirm password', 'password', 'new-password')}
        </>
      )}
      {promo ? (
        field('promo_code', 'Promo code')
      ) : (
        <button type="button" className="link-button" onClick={() => setPromo(true)}>
          I have a promo-code
        </button>
      )}
      {prefilled ? null : (
        <label className="consent">
          <input type="checkbox" name="privacy" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} aria-invalid={errors.privacy ? true : undefined} />
          I agree to the Privacy Policy and I am over 18
        </label>
      )}
      {errors.privacy ? <small className="consent-error">{errors.privacy[0]}</small> : null}
      <button type="submit" disabled={busy || !hydrated} aria-busy={busy || undefined}>
        {busy ? 'Creating account...' : 'Create account'}
      </button>
      <p className="auth-switch">
        Already have an account? <a href={paths.login}>Login</a>
      </p>
    </form>
  );
}

export default defineIsland({ name: 'register-form', component: RegisterForm, props });
