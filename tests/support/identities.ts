import { startSession } from '../../server/trading/auth/login';
import type { Database } from '../../server/trading/db/database';
import { updateSettings } from '../../server/trading/db/settings.repo';
import { setTotpState } from '../../server/trading/db/two-factor.repo';
import type { UserRow } from '../../server/trading/db/users.repo';
import { makeUser } from './factories';

/**
 * Every kind of caller the access rules tell apart (docs/access.md#who-may-do-what): no one, a customer,
 * another customer, a customer awaiting approval, a deactivated customer, staff and admins with and
 * without two-factor sign-in. Meant for a stack with `staffTwoFactor: 'required'`.
 */
export const identityKinds = ['anonymous', 'customer', 'otherCustomer', 'pending', 'deactivated', 'staff', 'unenrolledStaff', 'admin', 'unenrolledAdmin'] as const;
export type IdentityKind = (typeof identityKinds)[number];

export interface Identity {
  kind: IdentityKind;
  /** Undefined for the anonymous caller. */
  user: UserRow | undefined;
  /** A bearer token of theirs (none for the anonymous caller). */
  token: string | undefined;
  email: string | undefined;
  password: string | undefined;
}

const shapes: Record<Exclude<IdentityKind, 'anonymous'>, { role: 'customer' | 'staff' | 'admin'; status: 'active' | 'pending' | 'deactivated'; enrolled: boolean }> = {
  customer: { role: 'customer', status: 'active', enrolled: false },
  otherCustomer: { role: 'customer', status: 'active', enrolled: false },
  pending: { role: 'customer', status: 'pending', enrolled: false },
  deactivated: { role: 'customer', status: 'deactivated', enrolled: false },
  staff: { role: 'staff', status: 'active', enrolled: true },
  unenrolledStaff: { role: 'staff', status: 'active', enrolled: false },
  admin: { role: 'admin', status: 'active', enrolled: true },
  unenrolledAdmin: { role: 'admin', status: 'active', enrolled: false },
};

/** A new person of one kind (not anonymous), with a token made without the login route. */
export async function makeIdentity(database: Database, kind: Exclude<IdentityKind, 'anonymous'>): Promise<Identity> {
  const { role, status, enrolled } = shapes[kind];
  const person = await makeUser(database.db, { role, status });
  // Enrolment is marked on the row: no code is asked of a token, so no secret is needed.
  if (enrolled) await setTotpState(database.db, person.user.id, null, new Date());
  const { token } = await startSession({ database, tokenTtlHours: 1 }, person.user, { ip: null, userAgent: null });
  return { kind, user: person.user, token, email: person.email, password: person.password };
}

/**
 * One identity of each kind, with tokens made without the (rate-limited, two-step for the enrolled)
 * login route. The site requires verification, so the pending customer is awaiting approval.
 */
export async function makeIdentities(database: Database): Promise<Record<IdentityKind, Identity>> {
  await updateSettings(database.db, { must_verify_account: true });
  const made = { anonymous: { kind: 'anonymous', user: undefined, token: undefined, email: undefined, password: undefined } } as Record<IdentityKind, Identity>;
  for (const kind of identityKinds) if (kind !== 'anonymous') made[kind] = await makeIdentity(database, kind);
  return made;
}
