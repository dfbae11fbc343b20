import type { SiteSettings } from '../../shared/api/settings.schema';
import { countries } from '../../shared/countries';
import RegisterForm from '../../client/islands/register-form.island';
import ResidenceForm from '../../client/islands/residence-form.island';
import { StepFrame } from '../components/auth-frames';
import { Island } from '../island';

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

/** Step 2: `/register/country-residence`. */
export function ResidencePage({ settings, country, nationality }: { settings: SiteSettings; country: string; nationality: string }) {
  return (
    <StepFrame settings={settings}>
      <article className="auth-card">
        <header>
          <h2>Let's get you set up!</h2>
          <Steps current={0} />
        </header>
        <Island island={ResidenceForm} client="load" props={{ countries: countryOptions, country, nationality }} />
      </article>
    </StepFrame>
  );
}

/** Step 3: `/register`, with what the earlier steps gave. */
export function RegisterStepPage({ settings, prefilled }: { settings: SiteSettings; prefilled: { email: string; country: string; nationality: string } }) {
  return (
    <StepFrame settings={settings}>
      <article className="auth-card register-card">
        <header>
          <h2>CREATE A NEW ACCOUNT</h2>
        </header>
        <Island island={RegisterForm} client="load" props={{ countries: countryOptions, prefilled }} />
      </article>
    </StepFrame>
  );
}
