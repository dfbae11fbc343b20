import type { SiteSettings } from '../../shared/api/settings.schema';
import type { User } from '../../shared/api/user.schema';
import type { VerificationCase } from '../../shared/api/verification.schema';
import VerificationWizard from '../../client/islands/verification-wizard.island';
import { AppShell } from '../components/app-shell';
import { Island } from '../island';

/**
 * `/main/verification` (docs/customer-area.md#verification): the wizard and the documents table, one island
 * whose first data (the case as the server read it) comes with the page. Reachable by a customer awaiting
 * approval (the gate lets this page through).
 */
export function VerificationPage({ settings, user, csrfToken, kase }: { settings: SiteSettings; user: User; csrfToken: string; kase: VerificationCase | null }) {
  const address = user.address?.trim() || null;
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="verification">
      <Island island={VerificationWizard} client="load" props={{ initial: kase, address, birthDate: user.birth_date }} />
    </AppShell>
  );
}
