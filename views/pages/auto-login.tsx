import type { SiteSettings } from '../../shared/api/settings.schema';
import { StepFrame } from '../components/auth-frames';
import { CsrfForm } from '../../client/components/csrf-form';
import { Stylesheet } from '../page-needs';

/**
 * The page a sign-in link opens: nothing is used up until the person presses Continue (a POST with the
 * page's CSRF token), so link previews and mail scanners that fetch the link cannot burn it, and another
 * site cannot sign a browser in behind its owner's back.
 */
export function AutoLoginPage({ settings, csrfToken, token, path }: { settings: SiteSettings; csrfToken: string; token: string; path: string }) {
  return (
    <StepFrame settings={settings}>
      <Stylesheet src="views/components/form-fields.css" />
      <article className="auth-card">
        <header>
          <h2>Continue to your account</h2>
          <p>This sign-in link works once, for a few minutes.</p>
        </header>
        <CsrfForm action="/auto-login" csrfToken={csrfToken} className="register-form">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="path" value={path} />
          <button type="submit">Continue</button>
        </CsrfForm>
      </article>
    </StepFrame>
  );
}
