import type { SiteSettings } from '../../shared/api/settings.schema';
import type { Currency } from '../../shared/api/data.schema';
import type { Dashboard, Performance } from '../../shared/api/dashboard.schema';
import type { AccountSummaryView } from '../../shared/api/trades.schema';
import { accountName, type User } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import DashboardPerformance from '../../client/islands/dashboard-performance.island';
import { AppShell } from '../components/app-shell';
import { DepositPrompt } from '../components/deposit-prompt';
import { terminalLabels } from '../../shared/api/preferences.schema';
import { TerminalSwitch } from '../../client/components/terminal-switch';
import { AccountCards, cardAccounts, RecordCards } from '../dashboard/account-cards';
import { AssetAllocation } from '../dashboard/allocation';
import type { MoneyFormats } from '../dashboard/figures';
import { MarketStrip } from '../dashboard/market-strip';
import { RecentTransactions } from '../dashboard/recent';
import { SuccessRate } from '../dashboard/success-rate';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';
import { formatDate } from '../../client/lib/format';

export interface DashboardView {
  currencies: readonly Currency[];
  /** `GET /accounts` (every account's figures at current quotes), or null when it could not be read. */
  accounts: readonly AccountSummaryView[] | null;
  /** `GET /dashboard`, or null. */
  dashboard: Dashboard | null;
  /** The sign-up Live account's 1M Trading Results, or null. */
  performance: Performance | null;
  /** When the page was made (the header's date; it does not tick). */
  now: Date;
}

interface DashboardProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  view: DashboardView;
}

const headerDate = (at: Date) => formatDate(at, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** `/main/dashboard` (docs/customer-area.md#dashboard): the customer's accounts, record, results, positions and movements, every figure real, each with an honest empty state. */
export function DashboardPage({ settings, user, csrfToken, view }: DashboardProps) {
  const formats: MoneyFormats = { currencies: view.currencies, display: user.display_currency };
  const accounts = cardAccounts(user, view.accounts);
  const mainLive = user.accounts.find((a) => a.type === 'live' && a.number === user.account_id);
  const liveLabel = mainLive ? accountName(mainLive) : 'Live Account';
  const verified = user.verification_status === 'approved';
  const chartAccounts = accounts.map((a) => ({ id: a.id, label: `${accountName(a)}${a.type === 'demo' ? ' (demo money)' : ''}` }));
  const otherTerminal = user.terminal === 'light' ? 'classic' : 'light';
  const currencyFormats = Object.fromEntries(view.currencies.map((c) => [c.code, { symbol: c.symbol, decimals: c.decimals }]));
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="dashboard" live>
      <Stylesheet src="views/pages/dashboard.css" />
      <header className="dash-head">
        <div>
          <h1>
            Welcome back, {user.first_name} {user.last_name}
          </h1>
          <p className="dash-sub">
            {settings.name}® Platform{user.account_type ? ` · ${user.account_type.title} Account` : ''}
          </p>
        </div>
        <div className="dash-meta">
          {verified ? (
            <span className="verify-badge verified">Verified</span>
          ) : (
            <a className="verify-badge unverified" href={paths.verification} title={user.verification_status === 'pending' ? 'Your documents are being checked' : 'Verify your identity'}>
              {user.verification_status === 'pending' ? 'Verification pending' : 'Unverified'}
            </a>
          )}
          <time dateTime={view.now.toISOString()}>{headerDate(view.now)}</time>
          <TerminalSwitch to={otherTerminal} csrfToken={csrfToken} label={`Open the ${terminalLabels[otherTerminal].toLowerCase()}`} />
        </div>
      </header>
      <DepositPrompt user={user} deposits={Number(user.trades_summary.total_deposit) > 0 ? 1 : undefined} />
      <MarketStrip tiles={view.dashboard?.market ?? null} now={view.now} />
      <div data-region="account-cards">
        <AccountCards user={user} accounts={accounts} formats={formats} figuresFailed={view.accounts === null} maxLeverage={view.dashboard?.max_leverage ?? null} />
      </div>
      <RecordCards summary={user.trades_summary} currency={user.currency} accountLabel={liveLabel} formats={formats} />
      <div className="dash-grid">
        <Island island={DashboardPerformance} client="visible" props={{ accounts: chartAccounts, performance: view.performance, formats: currencyFormats }} />
        <SuccessRate summary={user.trades_summary} currency={user.currency} formats={formats} />
        <AssetAllocation allocation={view.dashboard?.allocation ?? null} formats={formats} />
        <div data-region="recent">
          <RecentTransactions movements={view.dashboard?.recent ?? null} formats={formats} />
        </div>
      </div>
    </AppShell>
  );
}
