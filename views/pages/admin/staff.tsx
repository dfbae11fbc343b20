import { StaffProblem } from '../../components/staff-problem';
import type { SiteSettings } from '../../../shared/api/settings.schema';
import type { StaffMember } from '../../../shared/api/staff-accounts.schema';
import type { User } from '../../../shared/api/user.schema';
import StaffAccounts from '../../../client/islands/staff-accounts.island';
import { AppShell } from '../../components/app-shell';
import { Island } from '../../island';
import { Stylesheet } from '../../page-needs';

interface StaffProps {
  settings: SiteSettings;
  user: User;
  csrfToken: string;
  /** Every staff member and admin, or null when the list could not be loaded; `problem` says why. */
  members: StaffMember[] | null;
  problem: string | null;
}

/** `/admin/staff`, admins only (docs/back-office.md#staff-accounts): who works the back office, invitations, roles and standing. */
export function StaffAccountsPage({ settings, user, csrfToken, members, problem }: StaffProps) {
  return (
    <AppShell settings={settings} user={user} csrfToken={csrfToken} current="staff">
      <Stylesheet src="client/styles/staff-tables.css" />
      <Stylesheet src="views/pages/admin/back-office.css" />
      <header className="customer-head">
        <div>
          <h1>Staff accounts</h1>
          <p>Who works the back office. Staff manage customers; admins also change the settings, balances and staff accounts.</p>
        </div>
        <Island island={StaffAccounts} client="load" props={{ part: 'invite' }} />
      </header>
      <StaffProblem message={problem} />
      {members ? <Island island={StaffAccounts} client="load" props={{ part: 'list', members, you: user.id }} /> : null}
    </AppShell>
  );
}
