import type { Overview } from '../../../shared/api/back-office.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import { AppShell } from '../../components/app-shell';
import { Stylesheet } from '../../page-needs';
import { formatCount } from '../../../client/lib/format';

const tiles = (o: Overview) => [
  { label: 'Customers awaiting approval', count: o.customers_pending, href: `${paths.adminCustomers}?status=pending`, urgent: true },
  { label: 'Documents awaiting review', count: o.documents_pending, href: `${paths.adminQueues}/documents`, urgent: true },
  { label: 'Deposits awaiting confirmation', count: o.deposits_pending, href: `${paths.adminQueues}/deposits`, urgent: true },
  { label: 'Withdrawals awaiting a decision', count: o.withdrawals_pending, href: `${paths.adminQueues}/withdrawals`, urgent: true },
  { label: 'AutoTrader requests', count: o.autotrader_pending, href: paths.adminAutotrader, urgent: true },
  { label: 'Chats with unread messages', count: o.unread_chats, href: paths.adminChat, urgent: true },
  { label: 'Customers online', count: o.customers_online, href: paths.adminCustomers, urgent: false },
  { label: 'Customers', count: o.customers_total, href: paths.adminCustomers, urgent: false },
];

/** `/admin` (docs/back-office.md#overview): what is waiting for staff, each count linking to its queue. */
export function OverviewPage({ settings, user, csrfToken, overview }: { settings: SiteSettings; user: User; csrfToken: string; overview: Overview | null }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="overview">
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Back office</h1>
        <p>What is waiting for a decision, and who is here.</p>
      </section>
      {overview ? (
        <ul className="overview-tiles">
          {tiles(overview).map((tile) => (
            <li key={tile.label}>
              <a href={tile.href} className={`overview-tile${tile.urgent && tile.count > 0 ? ' waiting' : ''}`}>
                <span className="overview-count">{formatCount(tile.count)}</span>
                <span className="overview-label">{tile.label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-message" role="alert">
          The counts could not be loaded. Reload the page to try again.
        </p>
      )}
    </AppShell>
  );
}
