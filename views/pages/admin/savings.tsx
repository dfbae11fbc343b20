import type { AdminSavings } from '../../../shared/api/savings.schema';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { User } from '../../../shared/api/user.schema';
import { paths } from '../../../shared/routes';
import SavingsPlansEditor from '../../../client/islands/savings-plans-editor.island';
import { AppShell } from '../../components/app-shell';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';

/** `/admin/savings`, admins only (docs/customer-area.md#savings): the savings plans and their rates. */
export function AdminSavingsPage({ settings, user, csrfToken, savings, problem }: { settings: SiteSettings; user: User; csrfToken: string; savings: AdminSavings | null; problem: string | null }) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="savings-admin">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <section className="page-heading">
        <h1>Savings plans</h1>
        <p>
          Rates are yearly percentages. A new rate applies to savings opened from then on; savings already open keep the rate they were opened at. Closing a plan to new savings leaves its open savings
          running. Every change is kept in the audit log.
        </p>
      </section>
      {savings ? (
        <p className={`notice ${savings.enabled ? 'notice-info' : 'notice-warning'}`} role="status">
          {savings.enabled ? 'Savings are offered to customers.' : 'Savings are switched off: customers cannot open new savings.'} Switch them in <a href={paths.adminSettings}>Settings</a> (Offer
          savings).
        </p>
      ) : null}
      {problem ? (
        <p className="staff-message" role="alert">
          {problem}
        </p>
      ) : null}
      {savings ? <Island island={SavingsPlansEditor} client="load" props={{ plans: savings.plans, currencies: savings.currencies }} /> : null}
    </AppShell>
  );
}
