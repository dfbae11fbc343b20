import type { AccountsOverview, TransferView } from '../../shared/api/accounts.schema';
import { accountsTexts as texts } from '../../shared/api/accounts.schema';
import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import { paths, terminalPathOf } from '../../shared/routes';
import AccountsWallets from '../../client/islands/accounts-wallets.island';
import { AppShell } from '../components/app-shell';
import { chatPathOf } from '../components/signed-in-islands';
import type { CurrencyFormats } from '../../client/funding/history';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

export interface AccountsView {
  /** GET /accounts/overview, or null when the API could not answer. */
  overview: AccountsOverview | null;
  /** The first page of transfers, or null when it could not be read. */
  transfers: TransferView[] | null;
  formats: CurrencyFormats;
}

/**
 * `/main/accounts` (docs/customer-area.md#accounts): the customer's wallets and the transfer between them,
 * opening another account; beside them the trading plan, quick links and help.
 */
export function AccountsPage({ settings, user, csrfToken, view }: { settings: SiteSettings; user: User; csrfToken: string; view: AccountsView }) {
  const plan = user.account_type;
  const leverage = view.overview?.leverage ?? null;
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="accounts">
      <Stylesheet src="views/pages/accounts.css" />
      <section className="page-heading">
        <h1>{texts.title}</h1>
        <p>{texts.subtitle}</p>
      </section>
      <div className="accounts-layout">
        <Island
          island={AccountsWallets}
          client="load"
          props={{
            firstName: user.first_name,
            verified: user.verification_status === 'approved',
            status: user.accounts[0]?.status ?? 'active',
            overview: view.overview,
            transfers: view.transfers,
            formats: view.formats,
          }}
        />
        <aside className="accounts-aside" aria-label="Plan and help">
          <section className="accounts-side-card" aria-labelledby="accounts-plan-title">
            <h2 id="accounts-plan-title">Trading Plan</h2>
            <p className="accounts-plan-name">{plan ? plan.title : 'No plan'}</p>
            <dl className="accounts-plan-figures">
              <div>
                <dt>Leverage</dt>
                <dd>{leverage ? `1:${leverage}` : '—'}</dd>
              </div>
            </dl>
            <a className="accounts-side-button" href={paths.plans}>
              Upgrade Plan
            </a>
          </section>
          <section className="accounts-side-card" aria-labelledby="accounts-links-title">
            <h2 id="accounts-links-title">Quick Links</h2>
            <ul className="accounts-links">
              <li>
                <a href={paths.deposit}>Deposit funds</a>
              </li>
              <li>
                <a href={`${paths.wallet}?tab=withdraw`}>Withdraw</a>
              </li>
              <li>
                <a href={paths.transactionHistory}>Transaction history</a>
              </li>
              <li>
                <a href={terminalPathOf(user)} data-trade-room="" target="_blank" rel="noopener">
                  Trade Room
                </a>
              </li>
            </ul>
          </section>
          <section className="accounts-side-card" aria-labelledby="accounts-help-title">
            <h2 id="accounts-help-title">Need Help?</h2>
            <p>Questions about your accounts or a transfer? Our support team answers in the chat.</p>
            <a className="accounts-side-button" href={chatPathOf(user)}>
              Contact support
            </a>
          </section>
        </aside>
      </div>
    </AppShell>
  );
}
