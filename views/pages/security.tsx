import type { SiteSettings } from '../../shared/api/settings.schema';
import type { TwoFactorStatus } from '../../shared/api/two-factor.schema';
import { isStaffRole, type User } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import TwoFactorCodes from '../../client/islands/two-factor-codes.island';
import { AppShell } from '../components/app-shell';
import { CheckedFormTag, FieldError, PasswordInput, SubmitButton } from '../components/form-fields';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';
import { formatDate } from '../../client/lib/format';

export interface SecurityView {
  /** Null when the API could not be read. */
  status: TwoFactorStatus | null;
  /** Recovery codes just made: shown this once. */
  codes: string[] | null;
  /** Messages beside the fields of the form that was posted. */
  errors: { confirm?: string | undefined; regenerate?: string | undefined; password?: string | undefined; disable?: string | undefined };
}

/**
 * `/main/security` "Security Settings" (docs/access.md#two-factor-sign-in): two-factor sign-in (set up
 * with a QR code or the key, confirm with a code, recovery codes shown once, new codes, turn off) and a
 * link to the sessions on the Settings page. Every action is a plain form post.
 */
export function SecurityPage({ settings, user, csrfToken, view }: { settings: SiteSettings; user: User; csrfToken: string; view: SecurityView }) {
  const { status } = view;
  // Sessions and the password live on customers' pages (Settings, Personal information), which send staff to the back office.
  const staff = isStaffRole(user.role);
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="security">
      <Stylesheet src="views/pages/security.css" />
      <section className="page-heading">
        <h1>Security Settings</h1>
        <p>Two-factor sign-in and the devices signed in to your account</p>
      </section>
      <div className={staff ? 'security-layout is-single' : 'security-layout'}>
        <section className="security-card" aria-labelledby="two-factor-title">
          <header className="security-card-head">
            <h2 id="two-factor-title">Two-factor sign-in</h2>
            {status ? <span className={`security-state ${status.enabled ? 'is-on' : 'is-off'}`}>{status.enabled ? 'On' : 'Off'}</span> : null}
          </header>
          {status === null ? (
            <p className="notice notice-warning" role="alert">
              Your security settings could not be loaded. Reload the page to try again.
            </p>
          ) : (
            <TwoFactorPanel status={status} view={view} csrfToken={csrfToken} site={settings.name} staff={staff} />
          )}
        </section>
        {staff ? null : (
          <aside className="security-side">
            <section className="security-card" aria-labelledby="sessions-title">
              <h2 id="sessions-title">Sign-in sessions</h2>
              <p className="security-hint">See the devices signed in to your account and sign out the ones you do not recognise.</p>
              <a href={paths.settings} className="security-link">
                Manage sessions on the Settings page
              </a>
            </section>
            <section className="security-card" aria-labelledby="password-title">
              <h2 id="password-title">Password</h2>
              <p className="security-hint">Changing your password signs out your other devices.</p>
              <a href={`${paths.personal}#password`} className="security-link">
                Change password
              </a>
            </section>
          </aside>
        )}
      </div>
    </AppShell>
  );
}

function TwoFactorPanel({ status, view, csrfToken, site, staff }: { status: TwoFactorStatus; view: SecurityView; csrfToken: string; site: string; staff: boolean }) {
  const { errors, codes } = view;
  return (
    <>
      {status.required && !status.enabled ? (
        <p className="notice notice-warning" role="note">
          Staff must turn on two-factor sign-in before using the back office.
        </p>
      ) : null}
      {codes ? (
        <div className="security-codes" aria-labelledby="codes-title">
          <h3 id="codes-title">Your recovery codes</h3>
          <p className="notice notice-warning" role="note">
            Save these now: they are shown only this once. Each code signs you in once if you lose your phone.
          </p>
          <Island island={TwoFactorCodes} client="load" props={{ codes, site }} />
        </div>
      ) : null}
      {status.enabled ? (
        <Enabled status={status} errors={errors} csrfToken={csrfToken} />
      ) : status.setup ? (
        <Setup setup={status.setup} error={errors.confirm} csrfToken={csrfToken} />
      ) : (
        <>
          <p className="security-hint">
            Each time you sign in, we will also ask for a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy and others). Someone who
            learns your password still cannot get in.
          </p>
          <form method="post" action="/main/security/setup">
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="security-button">
              Set up two-factor sign-in
            </button>
          </form>
        </>
      )}
      {staff && status.enabled && status.required ? <p className="security-hint">Staff accounts keep two-factor sign-in on while the site requires it.</p> : null}
    </>
  );
}

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function Setup({ setup, error, csrfToken }: { setup: NonNullable<TwoFactorStatus['setup']>; error: string | undefined; csrfToken: string }) {
  return (
    <div className="security-setup">
      <ol className="security-steps">
        <li>
          <strong>Scan this QR code</strong> with your authenticator app.
          <img className="security-qr" src={setup.qr_svg} width={184} height={184} alt="QR code to add this account to your authenticator app" />
          <details className="security-key">
            <summary>Can’t scan it? Enter the key instead</summary>
            <p>Choose “enter a setup key” in the app, use your e-mail address as the account name, time-based, and type:</p>
            <code className="totp-key" data-secret={setup.secret}>
              {grouped(setup.secret)}
            </code>
          </details>
        </li>
        <li>
          <strong>Enter the 6-digit code</strong> the app now shows.
          <CheckedFormTag check="" className="security-form" action="/main/security/confirm" csrfToken={csrfToken}>
            <label htmlFor="confirm-code">Security code</label>
            <CodeInput id="confirm-code" error={error} />
            <FieldError id="confirm-code" name="code" message={error} />
            <SubmitButton busyLabel="Turning on...">Turn on two-factor sign-in</SubmitButton>
          </CheckedFormTag>
        </li>
      </ol>
      <form method="post" action="/main/security/setup/cancel">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="secondary outline security-button">
          Cancel set-up
        </button>
      </form>
    </div>
  );
}

function Enabled({ status, errors, csrfToken }: { status: TwoFactorStatus; errors: SecurityView['errors']; csrfToken: string }) {
  const since = status.enabled_at ? formatDate(status.enabled_at, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : null;
  const left = status.recovery_codes_left;
  return (
    <>
      <p className="security-hint">A code from your authenticator app is asked each time you sign in{since ? `, since ${since}` : ''}.</p>
      <p className={left <= 2 ? 'notice notice-warning' : 'security-hint'}>
        {left === 0 ? 'You have no recovery codes left. Make new ones below.' : `${left} recovery ${left === 1 ? 'code' : 'codes'} left.`}
      </p>
      <details className="security-action" open={errors.regenerate !== undefined}>
        <summary>Make new recovery codes</summary>
        <p className="security-hint">The codes you have now stop working.</p>
        <CheckedFormTag check="" className="security-form" action="/main/security/recovery-codes" csrfToken={csrfToken}>
          <label htmlFor="regenerate-code">Security code</label>
          <CodeInput id="regenerate-code" error={errors.regenerate} />
          <FieldError id="regenerate-code" name="code" message={errors.regenerate} />
          <SubmitButton busyLabel="Making codes...">Make new codes</SubmitButton>
        </CheckedFormTag>
      </details>
      {status.required ? null : (
        <details className="security-action" open={errors.password !== undefined || errors.disable !== undefined}>
          <summary>Turn off two-factor sign-in</summary>
          <p className="security-hint">Your password and a code from the app (or a recovery code) are needed.</p>
          <CheckedFormTag check="" className="security-form" action="/main/security/disable" csrfToken={csrfToken}>
            <label htmlFor="disable-password">Password</label>
            <PasswordInput id="disable-password" name="password" autoComplete="current-password" required error={errors.password} />
            <FieldError id="disable-password" name="password" message={errors.password} />
            <label htmlFor="disable-code">Security code or recovery code</label>
            <CodeInput id="disable-code" error={errors.disable} recovery />
            <FieldError id="disable-code" name="code" message={errors.disable} />
            <SubmitButton busyLabel="Turning off...">Turn off</SubmitButton>
          </CheckedFormTag>
        </details>
      )}
    </>
  );
}

function CodeInput({ id, error, recovery = false }: { id: string; error: string | undefined; recovery?: boolean }) {
  return (
    <input
      id={id}
      name="code"
      type="text"
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={recovery ? '123456 or abcde-12345' : 'Enter your code'}
      maxLength={16}
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    />
  );
}
