import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import SiteSettingsForm from '../../../client/islands/site-settings.island';
import { AppShell } from '../../components/app-shell';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';

type FixedFlag = 'credit_card_deposit' | 'is_mt4' | 'has_marketplace' | 'enable_plan' | 'enable_autotrader' | 'use_deposit_modal' | 'livetrader_status' | 'expert_advisor';

/** The original client's switches, which are not settings here: each one's reason (docs/site-settings.md#the-original-clients-switches). */
const fixedFlags: readonly { flag: FixedFlag; reason: string }[] = [
  { flag: 'credit_card_deposit', reason: 'Card details are never taken on this site; cards come on the payment provider’s page.' },
  { flag: 'is_mt4', reason: 'The trade room is the full terminal; the light one has its own address.' },
  { flag: 'has_marketplace', reason: 'The expert-advisor marketplace is open to every customer.' },
  { flag: 'enable_plan', reason: 'Customers move between plans as the catalogue allows (a price, or staff approval).' },
  { flag: 'enable_autotrader', reason: 'Manual trading is never taken away while AutoTrader runs.' },
  { flag: 'use_deposit_modal', reason: 'Deposit always goes to the deposit page.' },
  { flag: 'livetrader_status', reason: 'Prices always come from the feed; a stale quote is shown as stale.' },
  { flag: 'expert_advisor', reason: 'Expert advisors are sold and run by the server.' },
];

/**
 * `/admin/settings` (admins only; docs/site-settings.md#editing): the site's settings as a form that saves
 * only what changed, and the original client's switches that are fixed by the product, read-only.
 */
export function AdminSettingsPage({ settings, user, csrfToken, currencies }: { settings: SiteSettings; user: User; csrfToken: string; currencies: { code: string; name: string }[] }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="settings">
      <Stylesheet src="views/pages/admin/settings.css" />
      <section className="page-heading">
        <h1>Site settings</h1>
        <p>What every visitor and customer sees. Only the fields you change are saved, and every save is written to the audit log; customers see it at their next page, at most a few seconds later.</p>
      </section>
      <Island island={SiteSettingsForm} client="load" props={{ settings, currencies }} />
      <section className="fixed-flags" aria-labelledby="fixed-flags-title">
        <h2 id="fixed-flags-title">Fixed by the product</h2>
        <p className="fixed-flags-intro">The original client’s switches. They are not settings here: each is the same for everyone, for the reason given.</p>
        <dl>
          {fixedFlags.map(({ flag, reason }) => (
            <div key={flag}>
              <dt>
                <code>{flag}</code>
                <span className={`fixed-value ${settings[flag] ? 'is-on' : 'is-off'}`}>{settings[flag] ? 'on' : 'off'}</span>
              </dt>
              <dd>{reason}</dd>
            </div>
          ))}
        </dl>
      </section>
    </AppShell>
  );
}
