import type { ReactNode } from 'react';
import type { SiteSettings } from '../../shared/api/settings.schema';
import { riskWarningOf } from './risk-warning';
import { Script, Stylesheet } from '../page-needs';
import { LegalLinks } from './auth-frames';
import { Brand } from './brand';
import { formatCount } from '../../client/lib/format';

/**
 * The light frame of the `td` entry screens (sign-up start and sign-in): the logo linking to the broker's
 * website, the language, the risk banner, one centred column, the legal links and the regulatory notice.
 */
export function TdFrame({ settings, registration = false, children }: { settings: SiteSettings; registration?: boolean; children: ReactNode }) {
  return (
    <div className="td-frame">
      <Stylesheet src="views/components/auth-frames.css" />
      <Stylesheet src="views/components/td-frame.css" />
      <header className="td-topbar">
        <Brand name={settings.name} logo={settings.logo} href={settings.website_url ?? '/'} />
        <LanguageSelector />
      </header>
      <RiskBanner settings={settings} />
      <main className="td-main">
        {registration && settings.register_page_header ? <p className="start-page-note">{settings.register_page_header}</p> : null}
        {children}
      </main>
      <footer className="td-footer">
        <LegalLinks settings={settings} />
        {registration && settings.register_page_footer ? <p className="start-page-note">{settings.register_page_footer}</p> : null}
        <p className="regulatory-notice">You will be onboarded with a regulated UK-registered broker entity.</p>
      </footer>
    </div>
  );
}

/**
 * The risk warning across the top (docs/access.md#registration-look). On a phone the `risk-banner` script lets it fold away
 * to free the screen and come back with "Show risk warning"; on wider screens, and without scripts, it always shows.
 */
function RiskBanner({ settings }: { settings: SiteSettings }) {
  return (
    <aside className="risk-banner" aria-label="Risk warning" data-risk-banner>
      <p className="risk-banner-text">
        <strong>Risk warning:</strong> {riskWarningOf(settings)}
      </p>
      <button type="button" className="risk-banner-dismiss" aria-label="Dismiss risk warning" hidden>
        ×
      </button>
      <button type="button" className="risk-banner-show" hidden>
        Show risk warning
      </button>
      <Script name="risk-banner" />
    </aside>
  );
}

/** English is the only language the site is written in, so the selector offers just that. */
function LanguageSelector() {
  return (
    <select className="language-selector" aria-label="Language" defaultValue="en">
      <option value="en">EN</option>
    </select>
  );
}

/** The trust block: the broker's review score and count from settings; nothing when they are not set. */
export function TrustBlock({ settings }: { settings: SiteSettings }) {
  const { review_stars: stars, review_count: count, reviews_url: url } = settings;
  if (!stars || count === null) return null;
  const reviews = `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <div className="trust-block">
      <span className="trust-stars" role="img" aria-label={`Rated ${stars} out of 5`}>
        {[1, 2, 3, 4, 5].map((n) => (
          <svg key={n} viewBox="0 0 24 24" width="20" height="20" className={n <= stars ? 'on' : undefined} aria-hidden="true">
            <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.3L12 17.1l-5.7 3.1 1.2-6.3-4.7-4.4 6.4-.8z" />
          </svg>
        ))}
      </span>
      {url ? <a href={url}>{reviews}</a> : <span>{reviews}</span>}
    </div>
  );
}

const providers = [
  {
    name: 'Google',
    icon: (
      <path d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3zM12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22zm-5.6-8a6 6 0 0 1 0-3.9V7.5H3.1a10 10 0 0 0 0 9zM12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.7 9.4 5.9 12 5.9z" />
    ),
  },
  {
    name: 'Apple',
    icon: (
      <path d="M16.4 12.6c0-2.5 2-3.6 2.1-3.7a4.6 4.6 0 0 0-3.6-2c-1.5-.2-3 .9-3.7.9-.8 0-2-.9-3.2-.8a4.8 4.8 0 0 0-4.1 2.4c-1.7 3-.4 7.5 1.3 9.9.8 1.2 1.8 2.5 3 2.5 1.2-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4a10 10 0 0 0 1.4-2.8 4.3 4.3 0 0 1-2.6-4zM14 5.3A4.3 4.3 0 0 0 15 2a4.4 4.4 0 0 0-2.9 1.5 4.1 4.1 0 0 0-1 3.2c1.1 0 2.2-.6 2.9-1.4z" />
    ),
  },
  {
    name: 'Facebook',
    icon: <path d="M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.2c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12z" />,
  },
];

/**
 * Sign-up through Google, Apple or Facebook: shown as the design has them, but switched off and saying so,
 * because this site does not offer those sign-ins (docs/access.md#registration-look).
 */
export function ProviderButtons() {
  return (
    <div className="provider-buttons">
      {providers.map((provider) => (
        <button key={provider.name} type="button" className="provider-button" disabled aria-describedby="providers-note">
          <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true">
            {provider.icon}
          </svg>
          {provider.name}
        </button>
      ))}
      <p id="providers-note" className="providers-note">
        Signing up with Google, Apple or Facebook is not available yet. Please use your e-mail below.
      </p>
    </div>
  );
}
