import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import Marketplace from '../../client/islands/marketplace.island';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';

/** `/main/marketplace`: the expert advisors a customer can buy or already has. */
export function MarketplacePage({ settings, user, csrfToken }: { settings: SiteSettings; user: User; csrfToken: string }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="marketplace">
      <Island island={Marketplace} client="load" props={{}} />
    </AppShell>
  );
}
