import { useId, useState } from 'react';
import { staffAccountsApi } from '../../../shared/api/endpoints/staff-accounts';
import { staffRoleLabels, staffRoles, type StaffMember, type StaffRole } from '../../../shared/api/staff-accounts.schema';
import { ActionDialog } from '../../forms/action-dialog';
import { Field } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';

interface ChangeProps {
  member: StaffMember;
  close: () => void;
  /** The member as the API answered the change, for the list to show. */
  changed: (member: StaffMember) => void;
}

/** A new role, confirmed: what it grants, and the API's refusal (the last admin, one's own role) shown here. */
function RoleDialog({ member, role, close, changed }: ChangeProps & { role: StaffRole }) {
  const form = useEndpointForm(staffAccountsApi.changeStaffAccount, {
    initial: {},
    request: () => ({ params: { id: member.id }, body: { role } }),
    done: ({ message }) => ({ kind: 'success', title: 'Role changed', description: message ?? '' }),
    onDone: ({ data }) => {
      close();
      if (data) changed(data.data);
    },
  });
  return (
    <ActionDialog title="Change role" confirm={role === 'admin' ? 'Make admin' : 'Make staff'} form={form} onClose={close}>
      <p>
        {role === 'admin'
          ? `Make ${member.name} an admin? Admins also change the site settings, customers' balances and staff accounts.`
          : `Make ${member.name} staff? They keep the back office but lose the admins' pages and actions.`}
      </p>
    </ActionDialog>
  );
}

/** Disable or enable, with an optional reason for the audit trail. */
function StandingDialog({ member, close, changed }: ChangeProps) {
  const disabling = member.status !== 'deactivated';
  const status = disabling ? ('deactivated' as const) : ('active' as const);
  const form = useEndpointForm(staffAccountsApi.changeStaffAccount, {
    initial: { reason: '' },
    request: ({ reason }) => ({ params: { id: member.id }, body: reason.trim() ? { status, reason: reason.trim() } : { status } }),
    done: ({ message }) => ({ kind: 'success', title: disabling ? 'Account disabled' : 'Account enabled', description: message ?? '' }),
    onDone: ({ data }) => {
      close();
      if (data) changed(data.data);
    },
  });
  return (
    <ActionDialog title={disabling ? 'Disable staff account' : 'Enable staff account'} confirm={disabling ? 'Disable' : 'Enable'} danger={disabling} form={form} onClose={close}>
      <p>
        {disabling
          ? `${member.name} is signed out everywhere at once and can no longer use the back office. Their set-password link, if any, stops working.`
          : `${member.name} can sign in and use the back office again.`}
      </p>
      <Field form={form} name="reason" label="Reason for the audit trail (optional)">
        <textarea rows={3} maxLength={500} {...form.field('reason')} />
      </Field>
    </ActionDialog>
  );
}

/** One row's actions: the role, and disable or enable. */
export function RowActions({ member, changed }: { member: StaffMember; changed: (member: StaffMember) => void }) {
  const [role, setRole] = useState<StaffRole | null>(null);
  const [standing, setStanding] = useState(false);
  const roleId = useId();
  const disabling = member.status !== 'deactivated';
  return (
    <div className="staff-row-actions">
      <label htmlFor={roleId} className="visually-hidden">
        Role of {member.name}
      </label>
      <select id={roleId} value={member.role} onChange={(e) => setRole(e.target.value as StaffRole)}>
        {staffRoles.map((r) => (
          <option key={r} value={r}>
            {staffRoleLabels[r]}
          </option>
        ))}
      </select>
      <button type="button" className={disabling ? 'outline danger' : 'outline secondary'} aria-label={`${disabling ? 'Disable' : 'Enable'} ${member.name}`} onClick={() => setStanding(true)}>
        {disabling ? 'Disable' : 'Enable'}
      </button>
      {role && role !== member.role ? <RoleDialog member={member} role={role} close={() => setRole(null)} changed={changed} /> : null}
      {standing ? <StandingDialog member={member} close={() => setStanding(false)} changed={changed} /> : null}
    </div>
  );
}
