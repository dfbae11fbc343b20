import { signal } from '@preact/signals-react';
import { useState } from 'react';
import { staffAccountsApi } from '../../../shared/api/endpoints/staff-accounts';
import { inviteLinkHours, staffRoleLabels, staffRoles, type StaffMember, type StaffRole } from '../../../shared/api/staff-accounts.schema';
import { ActionDialog } from '../../forms/action-dialog';
import { Field, FieldMessage } from '../../forms/field';
import { useEndpointForm } from '../../forms/use-endpoint-form';

/** The member just invited, for the list island on the same page (./list.tsx) to show; only the browser sets it. */
export const invited = signal<StaffMember | null>(null);

const roleHints: Record<StaffRole, string> = {
  staff: 'Customers, approvals, chat, AutoTrader requests, the audit log and the outbox.',
  admin: 'All that staff do, and the site settings, balances and staff accounts.',
};

/** Invite by e-mail: the address, the name and the role; the API's messages shown at their fields. */
function InviteDialog({ close }: { close: () => void }) {
  const form = useEndpointForm(staffAccountsApi.inviteStaff, {
    initial: { email: '', first_name: '', last_name: '', role: 'staff' },
    request: (v) => ({ body: { email: v.email, first_name: v.first_name, last_name: v.last_name, role: v.role as StaffRole } }),
    done: ({ message }) => ({ kind: 'success', title: 'Invitation sent', description: message ?? '' }),
    onDone: ({ data }) => {
      close();
      if (data) invited.value = data.data;
    },
  });
  return (
    <ActionDialog title="Invite staff member" confirm="Send invitation" form={form} onClose={close}>
      <p className="staff-invite-intro">They get a mail with a link to choose their password, valid for {inviteLinkHours} hours.</p>
      <Field form={form} name="email" label="E-mail" input={{ type: 'email', required: true, maxLength: 254 }} />
      <div className="staff-invite-names">
        <Field form={form} name="first_name" label="First name" input={{ required: true, maxLength: 100 }} />
        <Field form={form} name="last_name" label="Last name" input={{ required: true, maxLength: 100 }} />
      </div>
      <label htmlFor={form.idOf('role')}>Role</label>
      <select {...form.field('role')}>
        {staffRoles.map((r) => (
          <option key={r} value={r}>
            {staffRoleLabels[r]}
          </option>
        ))}
      </select>
      {form.error('role') ? <FieldMessage form={form} name="role" /> : <small className="staff-role-hint">{roleHints[form.values.role as StaffRole]}</small>}
    </ActionDialog>
  );
}

/** The page's Invite button. */
export function Invite() {
  const [open, setOpen] = useState(false);
  return (
    <div className="staff-invite">
      <button type="button" onClick={() => setOpen(true)}>
        Invite staff member
      </button>
      {open ? <InviteDialog close={() => setOpen(false)} /> : null}
    </div>
  );
}
