import '../styles/staff-tables.css';
import './staff-accounts.css';
import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { staffAccountsApi } from '../../shared/api/endpoints/staff-accounts';
import { inviteLinkHours, staffRoleLabels, staffRoles, type StaffRole } from '../../shared/api/staff-accounts.schema';
import { userStatuses } from '../../shared/api/user.schema';
import type { FieldErrors } from '../../shared/api/common.schema';
import { Modal } from '../components/modal';
import { ReasonDialog } from '../components/reason-dialog';
import { call } from '../lib/call';
import { staffPost } from '../lib/staff-list';
import { defineIsland } from '../runtime/define-island';
import { showToast } from '../state/toasts';

const memberSchema = z.object({ id: z.number(), name: z.string(), role: z.enum(staffRoles), status: z.enum(userStatuses) });
/** The page's Invite button (no member), or one row's actions (a member other than the admin looking). */
const propsSchema = z.object({ member: z.nullable(memberSchema) });
type Props = z.infer<typeof propsSchema>;
type Member = z.infer<typeof memberSchema>;

/** After a change the page is rendered again by the server, so the table shows the new state. */
const reloadSoon = () => setTimeout(() => window.location.reload(), 600);
const fallback = 'The request failed. Please try again.';
const roleHints: Record<StaffRole, string> = {
  staff: 'Customers, approvals, chat, AutoTrader requests, the audit log and the outbox.',
  admin: 'All that staff do, and the site settings, balances and staff accounts.',
};

/** Invite by e-mail: the address, the name and the role; the API's messages shown at their fields. */
function InviteDialog({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState({ email: '', first_name: '', last_name: '', role: 'staff' as StaffRole });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids = { email: useId(), first: useId(), last: useId(), role: useId(), problem: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setErrors({});
    const result = await call(staffAccountsApi.inviteStaff, { body: form });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.errors);
      setProblem(result.message ?? fallback);
      return;
    }
    onClose();
    showToast({ kind: 'success', title: 'Invitation sent', description: result.data.message });
    reloadSoon();
  }

  const field = (name: keyof typeof form, id: string) => {
    const message = errors[name]?.[0];
    return {
      id,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id}-problem` : undefined,
    } as const;
  };
  const fieldProblem = (name: keyof typeof form, id: string) =>
    errors[name]?.[0] ? (
      <small id={`${id}-problem`} className="field-problem" role="alert">
        {errors[name][0]}
      </small>
    ) : null;
  // A refusal about a field is shown at it; any other (403, 5xx, unreachable) above the buttons.
  const atAField = Object.keys(errors).some((key) => key in form);

  return (
    <Modal title="Invite staff member" onClose={() => !busy && onClose()} className="reason-dialog">
      <p className="staff-invite-intro">They get a mail with a link to choose their password, valid for {inviteLinkHours} hours.</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={ids.email}>E-mail</label>
        <input {...field('email', ids.email)} type="email" autoComplete="off" required maxLength={254} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        {fieldProblem('email', ids.email)}
        <div className="staff-invite-names">
          <div>
            <label htmlFor={ids.first}>First name</label>
            <input {...field('first_name', ids.first)} required maxLength={100} value={form.first_name} onChange={(e) => setForm({ ...form, first_name: e.target.value })} />
            {fieldProblem('first_name', ids.first)}
          </div>
          <div>
            <label htmlFor={ids.last}>Last name</label>
            <input {...field('last_name', ids.last)} required maxLength={100} value={form.last_name} onChange={(e) => setForm({ ...form, last_name: e.target.value })} />
            {fieldProblem('last_name', ids.last)}
          </div>
        </div>
        <label htmlFor={ids.role}>Role</label>
        <select {...field('role', ids.role)} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}>
          {staffRoles.map((r) => (
            <option key={r} value={r}>
              {staffRoleLabels[r]}
            </option>
          ))}
        </select>
        {fieldProblem('role', ids.role) ?? <small className="staff-role-hint">{roleHints[form.role]}</small>}
        {problem && !atAField ? (
          <p id={ids.problem} className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <footer>
          <button type="button" className="outline secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" aria-busy={busy || undefined} disabled={busy}>
            Send invitation
          </button>
        </footer>
      </form>
    </Modal>
  );
}

/** A new role, confirmed: what it grants, and the API's refusal (the last admin, one's own role) shown here. */
function RoleDialog({ member, role, onClose }: { member: Member; role: StaffRole; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setProblem(null);
    const result = await staffPost(staffAccountsApi.changeStaffAccount, { params: { id: member.id }, body: { role } }, 'role');
    setBusy(false);
    if (!result.ok) return setProblem(result.message);
    onClose();
    showToast({ kind: 'success', title: 'Role changed', description: result.data.message });
    reloadSoon();
  }

  return (
    <Modal title="Change role" onClose={() => !busy && onClose()} className="reason-dialog">
      <p>
        {role === 'admin'
          ? `Make ${member.name} an admin? Admins also change the site settings, customers' balances and staff accounts.`
          : `Make ${member.name} staff? They keep the back office but lose the admins' pages and actions.`}
      </p>
      {problem ? (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <footer>
        <button type="button" className="outline secondary" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" aria-busy={busy || undefined} disabled={busy} onClick={() => void confirm()}>
          {role === 'admin' ? 'Make admin' : 'Make staff'}
        </button>
      </footer>
    </Modal>
  );
}

/** One row's actions: the role, and disable or enable (with an optional reason for the audit trail). */
function RowActions({ member }: { member: Member }) {
  const [role, setRole] = useState<StaffRole | null>(null);
  const [standing, setStanding] = useState(false);
  const roleId = useId();
  const disabling = member.status !== 'deactivated';

  async function changeStatus(reason: string): Promise<string | null> {
    const note = reason.trim();
    const status = disabling ? 'deactivated' : 'active';
    const result = await staffPost(staffAccountsApi.changeStaffAccount, { params: { id: member.id }, body: note ? { status, reason: note } : { status } }, 'status');
    if (!result.ok) return result.message;
    setStanding(false);
    showToast({ kind: 'success', title: disabling ? 'Account disabled' : 'Account enabled', description: result.data.message });
    reloadSoon();
    return null;
  }

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
      {role && role !== member.role ? <RoleDialog member={member} role={role} onClose={() => setRole(null)} /> : null}
      {standing ? (
        <ReasonDialog
          title={disabling ? 'Disable staff account' : 'Enable staff account'}
          label="Reason for the audit trail"
          required={false}
          confirm={disabling ? 'Disable' : 'Enable'}
          danger={disabling}
          onSubmit={changeStatus}
          onClose={() => setStanding(false)}
        >
          <p>
            {disabling
              ? `${member.name} is signed out everywhere at once and can no longer use the back office. Their set-password link, if any, stops working.`
              : `${member.name} can sign in and use the back office again.`}
          </p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}

/** The staff accounts page's actions (docs/back-office.md#staff-accounts): Invite, and each row's role and standing. */
function StaffAccounts({ member }: Props) {
  const [inviting, setInviting] = useState(false);
  if (member) return <RowActions member={member} />;
  return (
    <div className="staff-invite">
      <button type="button" onClick={() => setInviting(true)}>
        Invite staff member
      </button>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </div>
  );
}

export default defineIsland({ name: 'staff-accounts', component: StaffAccounts, props: propsSchema });
