import type { Currency } from '../../shared/api/data.schema';
import type { Preferences, SessionView } from '../../shared/api/preferences.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User, VerificationStatus } from '../../shared/api/user.schema';
import { paths, terminalPathOf } from '../../shared/routes';
import SettingsPreferences from '../../client/islands/settings-preferences.island';
import SettingsSessions from '../../client/islands/settings-sessions.island';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

export interface SettingsView {
  preferences: Preferences | null;
  currencies: Currency[] | null;
  sessions: SessionView[] | null;
  /** The server's clock when it rendered (ms). */
  now: number;
}

const verificationWords: Record<VerificationStatus, string> = { unverified: 'Not verified', pending: 'Under review', approved: 'Verified', rejected: 'Rejected' };

const quickLinks: readonly [string, string][] = [
  [paths.personal, 'Personal information'],
  [paths.security, 'Security & two-factor'],
  [paths.verification, 'Verification'],
  [paths.wallet, 'Wallet'],
  [paths.accounts, 'Accounts'],
  [paths.systemStatus, 'System status'],
];

/** `/main/settings` (docs/customer-area.md#settings): password and sign-in links, localization, sounds, e-mail choices, devices signed in. */
export function SettingsPage({ settings, user, csrfToken, view }: { settings: SiteSettings; user: User; csrfToken: string; view: SettingsView }) {
  const tips = [
    user.two_factor_enabled ? 'Two-factor authentication is on: keep your recovery codes somewhere safe and offline.' : 'Enable two-factor authentication to add an extra layer of protection.',
    'Sign out devices you do not recognise below, then change your password.',
    'Converted figures are estimates: deposits, withdrawals and statements are always in your account’s own currency.',
    'Never share your password or sign-in codes: our staff will never ask for them.',
  ];
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="settings-customer">
      <Stylesheet src="views/pages/settings.css" />
      <section className="page-heading">
        <h1>Settings</h1>
        <p>Manage your password, currency, and language preferences</p>
      </section>
      <section className="settings-hero" aria-label="Welcome">
        <h2>Welcome back, {user.first_name.trim() || 'Trader'}</h2>
        <p>Your choices here are saved on your account, so they follow you to every device you sign in on.</p>
      </section>
      <div className="settings-layout">
        <div className="settings-main">
          <section className="settings-card" aria-labelledby="password-title">
            <h2 id="password-title">Password &amp; Login</h2>
            <ul className="settings-links">
              <li>
                <a href={`${paths.personal}#password`}>
                  <strong>Change password</strong>
                  <small>On your personal information page. Changing it signs out your other devices.</small>
                </a>
              </li>
              <li>
                <a href={paths.security}>
                  <strong>Two-factor authentication</strong>
                  <small>{user.two_factor_enabled ? 'On: a code from your authenticator app is asked at sign-in.' : 'Off: turn it on to ask for a code from your phone at sign-in.'}</small>
                </a>
              </li>
            </ul>
          </section>
          <Island island={SettingsPreferences} client="load" props={{ preferences: view.preferences, currencies: view.currencies, accountCurrency: user.currency }} />
          <section className="settings-card" aria-labelledby="sessions-title">
            <h2 id="sessions-title">Sessions</h2>
            <p className="settings-hint">The devices signed in to your account.</p>
            <Island island={SettingsSessions} client="visible" props={{ sessions: view.sessions, now: view.now, csrfToken }} />
          </section>
        </div>
        <aside className="settings-side">
          <section className="settings-card" aria-labelledby="snapshot-title">
            <h2 id="snapshot-title">Account Snapshot</h2>
            <dl className="snapshot">
              <dt>Account ID</dt>
              <dd>{user.account_id || '—'}</dd>
              <dt>Plan</dt>
              <dd>{user.account_type?.title ?? 'No plan'}</dd>
              <dt>Verification</dt>
              <dd>
                <a href={paths.verification}>{verificationWords[user.verification_status]}</a>
              </dd>
            </dl>
          </section>
          <section className="settings-card" aria-labelledby="links-title">
            <h2 id="links-title">Quick Links</h2>
            <ul className="quick-links">
              {quickLinks.map(([href, label]) => (
                <li key={href}>
                  <a href={href}>{label}</a>
                </li>
              ))}
              <li>
                <a href={terminalPathOf(user)} data-trade-room="" target="_blank" rel="noopener">
                  Trade Room
                </a>
              </li>
            </ul>
          </section>
          <section className="settings-card" aria-labelledby="tips-title">
            <h2 id="tips-title">Settings Tips</h2>
            <ul className="tips">
              {tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </AppShell>
  );
}
