import { api } from '../../../shared/api/endpoints';
import { staffAccountTexts as texts, type StaffMember, type StaffRole } from '../../../shared/api/staff-accounts.schema';
import type { ApiDeps } from '../deps';
import type { UserRow } from '../db/users.repo';
import { changeStaffAccount, inviteStaff, listStaffMembers } from '../users/staff-accounts';
import { staffActorOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';

/** A staff row as the list shows it (only staff and admins reach here). */
function presentStaffMember(user: UserRow): StaffMember {
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    role: user.role as StaffRole,
    status: user.status,
    last_seen_at: user.lastSeenAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

/** Staff accounts, admins only (docs/back-office.md#staff-accounts): the list, invitations, role and standing. */
export function staffAccountsRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const { bus } = deps;

  on(api.staffAccounts, async () => ({ data: (await listStaffMembers(db)).map(presentStaffMember) }));

  on(api.inviteStaff, async ({ body }, req, res) => {
    const { user } = await inviteStaff(deps, staffActorOf(req, res), body);
    return { data: presentStaffMember(user), message: texts.invited(user.email) };
  });

  on(api.changeStaffAccount, async ({ params: { id }, body }, req, res) => {
    const { user, changed } = await changeStaffAccount(db, staffActorOf(req, res), id, body);
    // Their cached sign-ins hold the old role or standing: drop them (a disabled member's tokens are revoked too).
    if (changed) bus.publish('access.changed', { userId: id });
    const member = presentStaffMember(user);
    const message = body.role
      ? changed
        ? texts.roleChanged(member.name, body.role)
        : texts.roleUnchanged(member.name, body.role)
      : !changed
        ? texts.statusUnchanged(member.name)
        : body.status === 'deactivated'
          ? texts.disabled(member.name)
          : texts.enabled(member.name);
    return { data: member, changed, message };
  });

  return router;
}
