import type { ReactNode } from 'react';
import type { SandboxPayment } from '../../../shared/api/endpoints/customer-funding';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import SandboxChain from '../../../client/islands/sandbox-chain.island';
import { AppShell } from '../../components/app-shell';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';
import { QueueTabs } from './queues';

interface SandboxChainProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  /** The recent payments, or null when they could not be read (the island asks again; `problem` says why). */
  payments: SandboxPayment[] | null;
  problem: string | null;
}

/** `/admin/sandbox-chain` (staff; docs/funding.md#the-sandbox-chain): announce crypto payments to customers' deposit addresses and confirm them. */
export function SandboxChainPage({ settings, user, csrfToken, payments, problem }: SandboxChainProps): ReactNode {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="queues">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Sandbox chain</h1>
        <p>
          The embedded chain watcher: announce a payment to a customer’s deposit address as a blockchain would. A real broker connects a node or a custody provider instead. A payment is credited at
          its network’s confirmations, at our feed’s price, and shows in the deposits queue.
        </p>
      </section>
      <QueueTabs current="sandbox-chain" />
      <Island island={SandboxChain} client="load" props={{ payments, problem }} />
    </AppShell>
  );
}
