import type { SiteSettings } from '../../shared/api/settings.schema';
import RecoveryForm from '../../client/islands/recovery-form.island';
import Toaster from '../../client/islands/toaster.island';
import { Brand } from '../components/brand';
import { RiskWarning } from '../components/risk-warning';
import { Island } from '../island';

/** `/forgot-password` and `/reset-password`: one card each, in the sign-up steps' frame. */
export function RecoveryPage({ settings, mode, token }: { settings: SiteSettings; mode: 'forgot' | 'reset'; token: string }) {
  return (
    <div className="signup-step">
      <header className="signup-step-header">
        <Brand name={settings.name} logo={settings.logo} href={settings.website_url ?? '/'} />
      </header>
      <main className="signup-step-main">
        <article className="auth-card">
          <header>
            <h2>{mode === 'forgot' ? 'Forgot your password?' : 'Choose a new password'}</h2>
            <p>{mode === 'forgot' ? 'Enter the e-mail address of your account and we will send you a link to reset its password.' : 'The link works once and for an hour. Every device signed in to your account will be signed out.'}</p>
          </header>
          <Island island={RecoveryForm} client="load" props={{ mode, token }} />
        </article>
      </main>
      <footer className="auth-footer signup-step-footer">
        <RiskWarning />
      </footer>
      <Island island={Toaster} client="load" props={{}} />
    </div>
  );
}
