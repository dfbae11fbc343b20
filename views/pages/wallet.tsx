import type { FundingOverview, HistoryRow } from '../../shared/api/customer-funding.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import WalletOverview, { type OverviewList } from '../../client/islands/wallet-overview.island';
import WalletWithdraw from '../../client/islands/wallet-withdraw.island';
import { AppShell } from '../components/app-shell';
import { DepositMethodList } from '../funding/deposit-methods';
import type { CurrencyFormats } from '../../client/funding/history';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

export const walletTabs = ['overview', 'deposit', 'withdraw'] as const;
export type WalletTab = (typeof walletTabs)[number];
const tabLabels: Record<WalletTab, string> = { overview: 'Overview', deposit: 'Deposit', withdraw: 'Withdraw' };

/** `?tab=` as the original reads it: deposit|dep, withdraw|wit, else the overview. */
export function walletTabOf(value: unknown): WalletTab {
  const tab = typeof value === 'string' ? value.toLowerCase() : '';
  if (tab === 'deposit' || tab === 'dep') return 'deposit';
  if (tab === 'withdraw' || tab === 'wit') return 'withdraw';
  return 'overview';
}

const tabHref = (tab: WalletTab) => (tab === 'overview' ? paths.wallet : `${paths.wallet}?tab=${tab}`);

export const walletTexts = {
  unreachable: 'The wallet could not be loaded. Reload the page to try again.',
} as const;

export interface WalletView {
  tab: WalletTab;
  /** GET /funding, or null when the API could not answer. */
  overview: FundingOverview | null;
  /** Overview: the list's first page; Withdraw: the pending withdrawals. Null when it could not be read. */
  rows: HistoryRow[] | null;
  list: OverviewList;
  formats: CurrencyFormats;
}

/** `/main/withdrawal` (= `/main/wallet`): "My Wallet", its Overview, Deposit and Withdraw tabs (docs/funding.md#wallet). */
export function WalletPage({ settings, user, csrfToken, view }: { settings: SiteSettings; user: User; csrfToken: string; view: WalletView }) {
  const { tab, overview, rows, list, formats } = view;
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="wallet">
      <Stylesheet src="views/pages/wallet.css" />
      <section className="page-heading">
        <h1>My Wallet</h1>
        <p>Manage your portfolio, deposit, and withdraw funds</p>
      </section>
      <nav className="funding-tabs" aria-label="Wallet">
        {walletTabs.map((each) => (
          <a key={each} href={tabHref(each)} aria-current={tab === each ? 'page' : undefined}>
            {tabLabels[each]}
          </a>
        ))}
      </nav>
      {tab === 'overview' ? (
        <Island island={WalletOverview} client="load" props={{ account: overview?.account ?? null, failed: overview === null, rows, list, formats }} />
      ) : !overview ? (
        <p className="notice notice-warning wallet-notice" role="alert">
          {walletTexts.unreachable}
        </p>
      ) : tab === 'deposit' ? (
        <section className="wallet-deposit" aria-labelledby="wallet-deposit-title">
          <header className="wallet-section-head">
            <h2 id="wallet-deposit-title">Deposit Funds</h2>
            <p>Choose how you want to add funds to your account</p>
          </header>
          <DepositMethodList overview={overview} />
        </section>
      ) : (
        <section className="wallet-withdraw" aria-labelledby="wallet-withdraw-title">
          <header className="wallet-section-head">
            <h2 id="wallet-withdraw-title">Withdraw Funds</h2>
          </header>
          <Island island={WalletWithdraw} client="load" props={{ overview, pending: rows ?? [], formats }} />
        </section>
      )}
    </AppShell>
  );
}
