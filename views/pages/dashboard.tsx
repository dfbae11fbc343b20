import type { SiteSettings } from '../../shared/api/settings.schema';
import type { Currency } from '../../shared/api/data.schema';
import type { User } from '../../shared/api/user.schema';
import { formatMoney } from '../../shared/money';
import { AppShell } from '../components/app-shell';
import { DepositPrompt } from '../components/deposit-prompt';
import { Stylesheet } from '../page-needs';

interface DashboardProps {
  settings: SiteSettings;
  user: User;
  currencies: readonly Currency[];
  csrfToken: string;
}

/** The signed-in customer's accounts and balances, straight from the API. */
export function DashboardPage({ settings, user, currencies, csrfToken }: DashboardProps) {
  const currencyOf = (code: string) => currencies.find((c) => c.code === code);
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken}>
      <Stylesheet src="views/pages/dashboard.css" />
      <section className="page-heading">
        <h1>Welcome back, {user.first_name}</h1>
        <p>
          Account {user.account_id}
          {user.account_type ? ` · ${user.account_type.title} plan · leverage up to 1:${user.account_type.leverage}` : ''}
        </p>
      </section>
      <DepositPrompt user={user} />
      <section className="accounts" aria-label="Your accounts">
        {user.accounts.map((account) => {
          const currency = currencyOf(account.currency);
          const show = (amount: string) => formatMoney({ amount, currency: account.currency, ...(currency ? { symbol: currency.symbol, decimals: currency.decimals } : {}) });
          return (
            <article key={account.id} className={`account-card account-${account.type}`} data-account-type={account.type}>
              <header>
                <h2>{account.title}</h2>
                <span className="account-number">#{account.number}</span>
              </header>
              <p className="account-balance" data-testid={`balance-${account.type}`}>
                {show(account.balance)}
              </p>
              <dl>
                <div>
                  <dt>Credit</dt>
                  <dd>{show(account.credit_balance)}</dd>
                </div>
                <div>
                  <dt>Currency</dt>
                  <dd>{account.currency}</dd>
                </div>
              </dl>
            </article>
          );
        })}
      </section>
    </AppShell>
  );
}
