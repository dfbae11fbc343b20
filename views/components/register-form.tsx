import type { FieldErrors } from '../../shared/api/common.schema';
import { dialOfCountry } from '../../shared/countries';
import { paths } from '../../shared/routes';
import { registrationTexts } from '../../shared/texts';
import { CheckedFormTag, ConsentField, CountryField, FormField, SubmitButton, type CountryOption } from './form-fields';

/** What a form post brought back: the values to show again (never a password) and the messages per field. */
export interface FormState {
  values: Readonly<Record<string, string>>;
  errors: FieldErrors;
}
export const emptyForm: FormState = { values: {}, errors: {} };

/**
 * The registration form (`/register`, docs/access.md#registration-look): the whole form for the `basic` variant, or step 3
 * of the three-step sign-up (`step`), where the e-mail, password, countries and consent came earlier and
 * stay on the server. Every rule and message (docs/access.md#registration-rules) is checked in place before posting (the `forms`
 * script, with the schema the server uses again); the privacy consent; an optional promo code.
 */
export function RegisterForm({ csrfToken, action, countries, step, form }: { csrfToken: string; action: string; countries: readonly CountryOption[]; step: boolean; form: FormState }) {
  const { values, errors } = form;
  const field = (name: string, label: string, type = 'text', autoComplete?: string) => (
    <FormField id={`register-${name}`} name={name} label={label} type={type} autoComplete={autoComplete} value={type === 'password' ? undefined : values[name]} error={errors[name]?.[0]} />
  );
  const promoOpen = Boolean(values.promo_code || errors.promo_code);
  // A form the server sent back: the passwords never come back with it.
  const sentBack = Object.keys(errors).length > 0;
  return (
    <CheckedFormTag check="register" className="register-form" action={action} csrfToken={csrfToken}>
      {step ? <p className="notice notice-info">Some fields have been pre-filled from your previous step</p> : null}
      <div className="form-row">
        {field('first_name', 'First name', 'text', 'given-name')}
        {field('last_name', 'Last name', 'text', 'family-name')}
      </div>
      {field('username', 'Username', 'text', 'username')}
      {step ? null : field('email', 'Email', 'email', 'email')}
      <div className="form-row phone-row">
        {/* Follows the chosen country until the customer types their own (the `country-flag` script: the select's id + `_code`). */}
        <FormField
          id="register-country_code"
          name="country_code"
          label="Code"
          autoComplete="tel-country-code"
          value={values.country_code ?? dialOfCountry(values.country ?? countries[0]?.value) ?? '+1'}
          error={errors.country_code?.[0]}
        />
        {field('phone', 'Phone', 'tel', 'tel-national')}
      </div>
      {step ? null : (
        <>
          <div className="form-row">
            <CountryField id="register-country" name="country" label="Country" value={values.country ?? countries[0]?.value ?? ''} options={countries} />
            <CountryField id="register-nationality" name="nationality" label="Nationality" value={values.nationality ?? countries[0]?.value ?? ''} options={countries} />
          </div>
          {field('password', 'Password', 'password', 'new-password')}
          {sentBack ? <p className="field-note">{registrationTexts.passwordAgain}</p> : null}
          {field('confirm_password', 'Confirm password', 'password', 'new-password')}
        </>
      )}
      {/* A disclosure, so the promo code can be given with or without scripts. */}
      <details className="promo-code" open={promoOpen}>
        <summary role="button" className="link-button">
          I have a promo-code
        </summary>
        {field('promo_code', 'Promo code')}
      </details>
      {step ? null : <ConsentField id="register-agree" name="agree" error={errors.agree?.[0]} checked={values.agree === 'on'} />}
      <SubmitButton busyLabel="Creating account...">Create account</SubmitButton>
      <p className="auth-switch">
        Already have an account? <a href={paths.login}>Login</a>
      </p>
    </CheckedFormTag>
  );
}
