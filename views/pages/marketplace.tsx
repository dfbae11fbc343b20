import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import type { Advisor } from '../../shared/api/advisors.schema';
import Marketplace, { marketQueryOf } from '../../client/islands/marketplace.island';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';

/** `/main/marketplace`: the expert advisors a customer can buy or already has. */
export function MarketplacePage({ settings, user, csrfToken, advisors, query }: { settings: SiteSettings; user: User; csrfToken: string; advisors: Advisor[] | null; query: URLSearchParams }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="marketplace">
      <Island island={Marketplace} client="load" props={{ advisors, query: marketQueryOf(query) }} />
    </AppShell>
  );
}
