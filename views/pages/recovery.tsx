import type { SiteSettings } from '../../shared/api/settings.schema';
import RecoveryForm from '../../client/islands/recovery-form.island';
import { StepFrame } from '../components/auth-frames';
import { Island } from '../island';

/** `/forgot-password` and `/reset-password`: one card each. */
export function RecoveryPage({ settings, mode, token }: { settings: SiteSettings; mode: 'forgot' | 'reset'; token: string }) {
  return (
    <StepFrame settings={settings}>
      <article className="auth-card">
        <header>
          <h2>{mode === 'forgot' ? 'Forgot your password?' : 'Choose a new password'}</h2>
          <p>{mode === 'forgot' ? 'Enter the e-mail address of your account and we will send you a link to reset its password.' : 'The link works once and for an hour. Every device signed in to your account will be signed out.'}</p>
        </header>
        <Island island={RecoveryForm} client="load" props={{ mode, token }} />
      </article>
    </StepFrame>
  );
}
