import type { ReactNode } from 'react';
import type { SiteSettings } from '../../shared/api/settings.schema';
import { Stylesheet } from '../page-needs';
import { Brand } from './brand';
import { CheckIcon } from '../../client/components/icons';
import { RiskWarning } from './risk-warning';

/** The legal links the settings name (terms, privacy, risk disclosure, help), when any are set. */
export function LegalLinks({ settings }: { settings: SiteSettings }) {
  const links = [
    ['Terms', settings.terms_url],
    ['Privacy', settings.privacy_url],
    ['Risk disclosure', settings.risk_url],
    ['Help centre', settings.help_url],
  ].filter((link): link is [string, string] => Boolean(link[1]));
  if (links.length === 0) return null;
  return (
    <nav className="legal-links" aria-label="Legal">
      {links.map(([label, href]) => (
        <a key={label} href={href}>
          {label}
        </a>
      ))}
    </nav>
  );
}

/** The two-column frame of the sign-in and sign-up entry pages: the hero on the left, the card on the right. */
export function AuthLayout({
  settings,
  title,
  lead,
  points,
  note,
  className,
  footer,
  children,
}: {
  settings: SiteSettings;
  title: string;
  lead?: string;
  points?: readonly string[];
  note?: string | null;
  className?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className ? `auth-layout ${className}` : 'auth-layout'}>
      <Stylesheet src="views/components/auth-frames.css" />
      <section className="auth-hero">
        <Brand name={settings.name} logo={settings.logo} href={settings.website_url ?? '/'} />
        <div className="auth-hero-copy">
          {note ? <p className="start-page-note">{note}</p> : null}
          <h1>{title}</h1>
          {lead ? <p>{lead}</p> : null}
          {points ? (
            <ul className="highlights">
              {points.map((text) => (
                <li key={text}>
                  <CheckIcon />
                  {text}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <p className="regulatory-notice">You will be onboarded with a regulated UK-registered broker entity.</p>
      </section>
      <main className="auth-panel">
        {children}
        <footer className="auth-footer">
          <RiskWarning settings={settings} />
          {footer}
        </footer>
      </main>
    </div>
  );
}

/** The one-column frame of the later sign-up steps, recovery and sign-in links: the brand, one card, the risk warning. */
export function StepFrame({ settings, children }: { settings: SiteSettings; children: ReactNode }) {
  return (
    <div className="signup-step">
      <Stylesheet src="views/components/auth-frames.css" />
      <header className="signup-step-header">
        <Brand name={settings.name} logo={settings.logo} href={settings.website_url ?? '/'} />
      </header>
      <main className="signup-step-main">{children}</main>
      <footer className="auth-footer signup-step-footer">
        <RiskWarning settings={settings} />
      </footer>
    </div>
  );
}
