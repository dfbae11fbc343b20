import { useEffect, useState } from 'react';
import { staffRoleLabels, type StaffMember } from '../../../shared/api/staff-accounts.schema';
import { StaffTable, type Column } from '../../components/staff-table';
import { formatDay, formatWhen } from '../../lib/format';
import { invited } from './invite';
import { RowActions } from './row-actions';

/** Active or Disabled (a staff account awaiting approval, which invitations never make, reads as such). */
function StaffStatus({ status }: { status: StaffMember['status'] }) {
  const label = status === 'active' ? 'Active' : status === 'deactivated' ? 'Disabled' : 'Awaiting approval';
  return <span className={`status-badge status-${status}`}>{label}</span>;
}

function summaryOf(members: StaffMember[]): string {
  const admins = members.filter((m) => m.role === 'admin' && m.status === 'active').length;
  return `${members.length} account${members.length === 1 ? '' : 's'}, ${admins} active admin${admins === 1 ? '' : 's'}`;
}

/** Where the server's list puts a new member: admins first, then by name. */
const orderOf = (m: StaffMember) => `${m.role === 'admin' ? 0 : 1} ${m.name.toLowerCase()}`;
function placed(members: StaffMember[], member: StaffMember): StaffMember[] {
  if (members.some((m) => m.id === member.id)) return members;
  const at = members.findIndex((m) => orderOf(m) > orderOf(member));
  return at < 0 ? [...members, member] : [...members.slice(0, at), member, ...members.slice(at)];
}

const columns = (you: number, changed: (member: StaffMember) => void): Column<StaffMember>[] => [
  {
    label: 'Name',
    cell: (member) => (
      <div>
        <strong>{member.name}</strong>
        {member.id === you ? <span className="muted"> (you)</span> : null}
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
    cell: (member) => (member.id === you ? <span className="muted">Another admin changes your account.</span> : <RowActions member={member} changed={changed} />),
  },
];

/** Every staff member and admin: the summary and the table; a change or an invitation shows as the API answered it. */
export function StaffList({ members: first, you }: { members: StaffMember[]; you: number }) {
  const [members, setMembers] = useState(first);
  useEffect(
    () =>
      invited.subscribe((member) => {
        if (member) setMembers((list) => placed(list, member));
      }),
    [],
  );
  const changed = (member: StaffMember) => setMembers((list) => list.map((m) => (m.id === member.id ? member : m)));
  return (
    <>
      <p className="list-summary">{summaryOf(members)}</p>
      <StaffTable rows={members} rowKey={(member) => member.id} columns={columns(you, changed)} />
    </>
  );
}
