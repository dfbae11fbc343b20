import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import SystemStatus from '../../client/islands/system-status.island';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';
import { Stylesheet } from '../page-needs';

/**
 * `/main/test` (docs/customer-area.md#system-status): the original's debug page, rebuilt as the customer's
 * view of the platform's state (price feed, realtime connection, clock, API), measured live by the island.
 */
export function SystemStatusPage({ settings, user, csrfToken }: { settings: SiteSettings; user: User; csrfToken: string }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="status">
      <Stylesheet src="views/pages/system-status.css" />
      <section className="page-heading">
        <h1>System status</h1>
        <p>Whether the platform’s services reach this browser right now. If something shows a problem, reload the page; if it stays, contact support.</p>
      </section>
      <Island island={SystemStatus} client="load" props={{}} />
    </AppShell>
  );
}
