import type { ReactNode } from 'react';
import type { SiteSettings } from '../../shared/api/settings.schema';
import { isStaffRole, type User } from '../../shared/api/user.schema';
import { paths, terminalPathOf } from '../../shared/routes';
import LiveRegions from '../../client/islands/live-regions.island';
import NotificationBell from '../../client/islands/notification-bell.island';
import QueueCounts from '../../client/islands/queue-counts.island';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';
import { Brand } from './brand';
import { CsrfForm } from '../../client/components/csrf-form';
import { RiskWarning } from './risk-warning';
import { chatPathOf, SignedInIslands, ToastLane, unreadOf } from './signed-in-islands';

export type ShellPage =
  | 'dashboard'
  | 'deposit'
  | 'wallet'
  | 'history'
  | 'personal'
  | 'security'
  | 'verification'
  | 'accounts'
  | 'savings'
  | 'settings-customer'
  | 'plans'
  | 'status'
  | 'plan-requests'
  | 'savings-admin'
  | 'chat'
  | 'marketplace'
  | 'autotrader'
  | 'overview'
  | 'customers'
  | 'queues'
  | 'audit'
  | 'outbox'
  | 'settings'
  | 'staff'
  | 'catalogue'
  | 'instruments'
  | 'financing'
  | 'conditions';

/** The back office's sections (docs/back-office.md): staff see all but Settings, which is the admins'. */
const backOfficeLinks: readonly { page: ShellPage; href: string; label: string; adminOnly?: boolean }[] = [
  { page: 'overview', href: paths.admin, label: 'Overview' },
  { page: 'customers', href: paths.adminCustomers, label: 'Customers' },
  { page: 'queues', href: `${paths.adminQueues}/deposits`, label: 'Queues' },
  { page: 'chat', href: paths.adminChat, label: 'Chat' },
  { page: 'autotrader', href: paths.adminAutotrader, label: 'AutoTrader' },
  { page: 'audit', href: paths.adminAudit, label: 'Audit log' },
  { page: 'outbox', href: paths.adminOutbox, label: 'Outbox' },
  { page: 'plan-requests', href: paths.adminPlanRequests, label: 'Plan requests' },
  { page: 'catalogue', href: paths.adminCatalogue, label: 'Catalogue', adminOnly: true },
  { page: 'savings-admin', href: paths.adminSavings, label: 'Savings', adminOnly: true },
  { page: 'instruments', href: paths.adminInstruments, label: 'Instruments', adminOnly: true },
  { page: 'financing', href: paths.adminFinancing, label: 'Financing', adminOnly: true },
  { page: 'conditions', href: paths.adminConditions, label: 'Conditions', adminOnly: true },
  { page: 'staff', href: paths.adminStaff, label: 'Staff', adminOnly: true },
  { page: 'settings', href: paths.adminSettings, label: 'Settings', adminOnly: true },
];

function CustomerLinks({ current, user, settings }: { current: ShellPage; user: User; settings: SiteSettings }) {
  return (
    <>
      <a href={paths.dashboard} aria-current={current === 'dashboard' ? 'page' : undefined}>
        Dashboard
      </a>
      <a href={terminalPathOf(user)} data-trade-room="">
        Trade room
      </a>
      <a href={paths.deposit} aria-current={current === 'deposit' ? 'page' : undefined}>
        Deposit
      </a>
      <a href={paths.wallet} aria-current={current === 'wallet' ? 'page' : undefined}>
        Wallet
      </a>
      <a href={paths.transactionHistory} aria-current={current === 'history' ? 'page' : undefined}>
        Transactions
      </a>
      <a href={paths.accounts} aria-current={current === 'accounts' ? 'page' : undefined}>
        Accounts
      </a>
      {settings.savings_enabled ? (
        <a href={paths.savings} aria-current={current === 'savings' ? 'page' : undefined}>
          Savings
        </a>
      ) : null}
      <a href={paths.marketplace} aria-current={current === 'marketplace' ? 'page' : undefined}>
        Marketplace
      </a>
      <a href={chatPathOf(user)} aria-current={current === 'chat' ? 'page' : undefined}>
        Support chat
      </a>
    </>
  );
}

/** The person's own pages, under their name (a server-rendered disclosure: it opens without JavaScript). */
function ProfileMenu({ user, current }: { user: User; current: ShellPage }) {
  const links: readonly [ShellPage, string, string][] = [
    ['personal', paths.personal, 'Personal information'],
    ['verification', paths.verification, 'Verification'],
    ['security', paths.security, 'Security'],
    ['settings-customer', paths.settings, 'Settings'],
  ];
  return (
    <details className="profile-menu">
      {/* Named by its visible text plus what it opens, not by an aria-label that would hide the name shown (WCAG 2.5.3). */}
      <summary>
        <span className="initials" aria-hidden="true">
          {(user.first_name.charAt(0) + user.last_name.charAt(0)).toUpperCase()}
        </span>
        <span className="user-name">
          {user.first_name} {user.last_name}
        </span>
        <span className="visually-hidden">, profile and settings</span>
      </summary>
      <ul>
        {links.map(([page, href, label]) => (
          <li key={page}>
            <a href={href} aria-current={current === page ? 'page' : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The signed-in frame: top bar with the brand, the bell, the person and Logout; under it the toast lane (toasts and the notification card, in the page's flow); the heartbeat; the risk warning. Staff get the back office's sections instead of the customer's. */
export function AppShell({
  settings,
  user,
  csrfToken,
  current = 'dashboard',
  live = false,
  children,
}: {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  current?: ShellPage;
  /** The page shows money: its `data-region` parts follow the ledger (docs/front-end.md#live-pages). */
  live?: boolean;
  children: ReactNode;
}) {
  const staff = isStaffRole(user.role);
  return (
    <div className="app-shell">
      <Stylesheet src="client/styles/app.scss" />
      <Stylesheet src="views/components/app-shell.css" />
      <header className={staff ? 'topbar back-office' : 'topbar'}>
        <Brand name={settings.name} logo={settings.logo_sm ?? settings.logo} href={staff ? paths.admin : paths.dashboard} />
        <nav aria-label={staff ? 'Back office' : 'Main'}>
          {staff ? (
            backOfficeLinks
              .filter((link) => !link.adminOnly || user.role === 'admin')
              .map((link) => (
                <a key={link.page} href={link.href} aria-current={current === link.page ? 'page' : undefined}>
                  {link.label}
                  {link.page === 'queues' ? <Island island={QueueCounts} client="idle" props={{}} /> : null}
                </a>
              ))
          ) : (
            <CustomerLinks current={current} user={user} settings={settings} />
          )}
        </nav>
        <div className="topbar-user">
          <Island island={NotificationBell} client="idle" props={{ unread: unreadOf(user) }} />
          {staff ? (
            <>
              <a className="user-name" href={paths.security}>
                {user.first_name} {user.last_name}
              </a>
              <span className="role-badge">{user.role === 'admin' ? 'Admin' : 'Staff'}</span>
            </>
          ) : (
            <>
              <ProfileMenu user={user} current={current} />
              {user.account_type ? (
                <a className="plan-badge" href={paths.plans} style={{ borderColor: user.account_type.color ?? undefined }} title="Account plans" data-region="plan-badge">
                  {user.account_type.title} ›
                </a>
              ) : null}
            </>
          )}
          <CsrfForm action="/session/logout" csrfToken={csrfToken}>
            <button type="submit" className="outline secondary small">
              Logout
            </button>
          </CsrfForm>
        </div>
      </header>
      <ToastLane user={user} />
      <main className={staff ? 'app-main wide' : 'app-main'}>{children}</main>
      <footer className="app-footer">
        <RiskWarning settings={settings} />
      </footer>
      <SignedInIslands user={user} />
      {live ? <Island island={LiveRegions} client="idle" props={{}} /> : null}
    </div>
  );
}
