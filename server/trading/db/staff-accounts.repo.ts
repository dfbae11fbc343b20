import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StaffRole } from '../../../shared/api/staff-accounts.schema';
import type { Executor, Tx } from './database';
import { users } from './schema';
import type { UserRow } from './users.repo';

/** Staff accounts (docs/back-office.md#staff-accounts): the people with role staff or admin. */

/** Every staff member and admin: admins first, then by name. */
export async function staffMembers(db: Executor): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(inArray(users.role, ['staff', 'admin']))
    .orderBy(sql`case when ${users.role} = 'admin' then 0 else 1 end`, sql`lower(${users.firstName} || ' ' || ${users.lastName})`, asc(users.id));
}

/**
 * The active admins' ids, their rows locked until the transaction ends, in id order (so two transactions
 * taking them never deadlock). A change that could leave no admin takes these first and counts them: a
 * second such change waits here, and then (PostgreSQL reads a locked row again once it is free) no longer
 * counts an admin the first one demoted or disabled. `no key update`, as `lockUserRow`: the engine's
 * inserts for a user never wait on it.
 */
export async function lockActiveAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

export async function setStaffRole(db: Executor, id: number, role: StaffRole): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}
