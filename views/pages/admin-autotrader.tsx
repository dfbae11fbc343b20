import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import AutotraderRequests from '../../client/islands/autotrader-requests.island';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';

/** `/admin/autotrader` (staff only; docs/advisors.md#autotrader-decisions): AutoTrader requests to approve or refuse, and the active ones to turn off. */
export function AdminAutotraderPage({ settings, user, csrfToken }: { settings: SiteSettings; user: User; csrfToken: string }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="autotrader">
      <section className="page-heading">
        <h1>AutoTrader requests</h1>
        <p>Approve or refuse customers' requests; a refusal or a revocation needs a reason, which the customer is told.</p>
      </section>
      <Island island={AutotraderRequests} client="load" props={{}} />
    </AppShell>
  );
}
