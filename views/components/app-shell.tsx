import type { ReactNode } from 'react';
import type { SiteSettings } from '../../shared/api/settings.schema';
import { isStaffRole, type User } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import { Stylesheet } from '../page-needs';
import { Brand } from './brand';
import { CsrfForm } from './csrf-form';
import { RiskWarning } from './risk-warning';
import { chatPathOf, SignedInIslands } from './signed-in-islands';

/** The signed-in frame: top bar with the brand, the person and Logout; the heartbeat, the toast area and the notification card (with the realtime connection); the risk warning. */
export function AppShell({
  settings,
  user,
  csrfToken,
  current = 'dashboard',
  children,
}: {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  current?: 'dashboard' | 'chat' | 'marketplace' | 'autotrader';
  children: ReactNode;
}) {
  const chatPath = chatPathOf(user);
  return (
    <div className="app-shell">
      <Stylesheet src="client/styles/app.scss" />
      <Stylesheet src="views/components/app-shell.css" />
      <header className="topbar">
        <Brand name={settings.name} logo={settings.logo_sm ?? settings.logo} href="/main/dashboard" />
        <nav aria-label="Main">
          <a href="/main/dashboard" aria-current={current === 'dashboard' ? 'page' : undefined}>
            Dashboard
          </a>
          <a href="/mt4">Trade room</a>
          {user.role === 'customer' ? (
            <a href={paths.marketplace} aria-current={current === 'marketplace' ? 'page' : undefined}>
              Marketplace
            </a>
          ) : null}
          <a href={chatPath} aria-current={current === 'chat' ? 'page' : undefined}>
            {user.role === 'customer' ? 'Support chat' : 'Admin Chat'}
          </a>
          {isStaffRole(user.role) ? (
            <a href={paths.adminAutotrader} aria-current={current === 'autotrader' ? 'page' : undefined}>
              AutoTrader requests
            </a>
          ) : null}
        </nav>
        <div className="topbar-user">
          <span className="user-name">
            {user.first_name} {user.last_name}
          </span>
          {user.account_type ? (
            <span className="plan-badge" style={{ borderColor: user.account_type.color ?? undefined }}>
              {user.account_type.title}
            </span>
          ) : null}
          <CsrfForm action="/session/logout" csrfToken={csrfToken}>
            <button type="submit" className="outline secondary small">
              Logout
            </button>
          </CsrfForm>
        </div>
      </header>
      <main className="app-main">{children}</main>
      <footer className="app-footer">
        <RiskWarning />
      </footer>
      <SignedInIslands user={user} />
    </div>
  );
}
