import type { SiteSettings } from '../../shared/api/settings.schema';
import { countries } from '../../shared/countries';
import { StepFrame } from '../components/auth-frames';
import { CheckedFormTag, ConsentField, CountryField, SubmitButton } from '../components/form-fields';
import { RegisterForm, type FormState } from '../components/register-form';

const steps = ['Set Up', 'Financial Profile', 'ID Check'] as const;
const countryOptions = countries.map(({ value, label, flag }) => ({ value, label, flag }));

function Steps({ current }: { current: number }) {
  return (
    <ol className="signup-steps" aria-label="Progress">
      {steps.map((label, i) => (
        <li key={label} aria-current={i === current ? 'step' : undefined} className={i <= current ? 'done' : undefined}>
          <span>{i + 1}</span>
          {label}
        </li>
      ))}
    </ol>
  );
}

/** Step 2: `/register/country-residence` (docs/access.md#sign-up-steps): residence and nationality, the consent gating Continue. */
export function ResidencePage({ settings, csrfToken, country, nationality, errors }: { settings: SiteSettings; csrfToken: string; country: string; nationality: string; errors: FormState['errors'] }) {
  return (
    <StepFrame settings={settings}>
      <article className="auth-card">
        <header>
          <h2>Let's get you set up!</h2>
          <Steps current={0} />
        </header>
        <CheckedFormTag check="" className="register-form" action="/signup/residence" csrfToken={csrfToken}>
          <CountryField id="residence" name="country_of_residence" label="Country of Residence" value={country} options={countryOptions} />
          <CountryField id="nationality" name="nationality" label="Nationality" value={nationality} options={countryOptions} />
          <ConsentField id="residence-agree" name="agree" error={errors.agree?.[0]} />
          <SubmitButton busyLabel="Processing..." enabledBy="residence-agree">
            Continue
          </SubmitButton>
        </CheckedFormTag>
      </article>
    </StepFrame>
  );
}

/** Step 3: `/register`, with what the earlier steps gave. */
export function RegisterStepPage({ settings, csrfToken, form }: { settings: SiteSettings; csrfToken: string; form: FormState }) {
  return (
    <StepFrame settings={settings}>
      <article className="auth-card register-card">
        <header>
          <h2>CREATE A NEW ACCOUNT</h2>
        </header>
        <RegisterForm csrfToken={csrfToken} action="/signup/complete" countries={countryOptions} step form={form} />
      </article>
    </StepFrame>
  );
}
