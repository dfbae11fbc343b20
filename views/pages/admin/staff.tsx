import type { SiteSettings } from '../../../shared/api/settings.schema';
import { staffRoleLabels, type StaffMember } from '../../../shared/api/staff-accounts.schema';
import type { User } from '../../../shared/api/user.schema';
import StaffAccounts from '../../../client/islands/staff-accounts.island';
import { formatDay, formatWhen } from '../../../client/lib/format';
import { AppShell } from '../../components/app-shell';
import { StaffTable } from '../../../client/components/staff-table';
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

/** Active or Disabled (a staff account awaiting approval, which invitations never make, reads as such). */
function StaffStatus({ status }: { status: StaffMember['status'] }) {
  const label = status === 'active' ? 'Active' : status === 'deactivated' ? 'Disabled' : 'Awaiting approval';
  return <span className={`status-badge status-${status}`}>{label}</span>;
}

function summaryOf(members: StaffMember[]): string {
  const admins = members.filter((m) => m.role === 'admin' && m.status === 'active').length;
  return `${members.length} account${members.length === 1 ? '' : 's'}, ${admins} active admin${admins === 1 ? '' : 's'}`;
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
        <Island island={StaffAccounts} client="load" props={{ member: null }} />
      </header>
      {problem ? (
        <p className="staff-message" role="alert">
          {problem}
        </p>
      ) : null}
      {members ? (
        <>
          <p className="list-summary">{summaryOf(members)}</p>
          <StaffTable
            rows={members}
            rowKey={(member) => member.id}
            columns={[
              {
                label: 'Name',
                cell: (member) => (
                  <div>
                    <strong>{member.name}</strong>
                    {member.id === user.id ? <span className="muted"> (you)</span> : null}
                    <small className="staff-email">{member.email}</small>
                  </div>
                ),
              },
              { label: 'Role', cell: (member) => staffRoleLabels[member.role] },
              { label: 'Status', cell: (member) => <StaffStatus status={member.status} /> },
              { label: 'Last seen', cell: (member) => (member.last_seen_at ? formatWhen(member.last_seen_at) : 'Never') },
              { label: 'Created', cell: (member) => formatDay(member.created_at) },
              {
                label: 'Actions',
                cell: (member) =>
                  member.id === user.id ? (
                    <span className="muted">Another admin changes your account.</span>
                  ) : (
                    <Island island={StaffAccounts} client="load" props={{ member: { id: member.id, name: member.name, role: member.role, status: member.status } }} />
                  ),
              },
            ]}
          />
        </>
      ) : null}
    </AppShell>
  );
}
