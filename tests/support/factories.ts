import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Role, UserStatus } from '../../shared/api/user.schema';
import { hashPassword } from '../../server/trading/auth/passwords';
import type { AppDb } from '../../server/trading/db/database';
import { createUser, type UserRow } from '../../server/trading/db/users.repo';
import { plans, users } from '../../server/trading/db/schema';

export interface TestPerson {
  user: UserRow;
  email: string;
  password: string;
}

/**
 * One argon2 hash per password for the whole worker: hashing is ~15 ms of CPU by design, and the suites make a
 * thousand people with the same few passwords. Signing in still verifies against it as a real hash.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) hashes.set(password, (hashed = hashPassword(password)));
  return hashed;
};

/** A new person with a unique e-mail; each test makes its own. */
export async function makeUser(
  db: AppDb,
  {
    role = 'customer',
    status = 'active',
    password = 'correct-horse-9',
    plan,
    birthDate,
  }: { role?: Role; status?: UserStatus; password?: string; plan?: 'basic' | 'pro' | 'premium'; /** On the profile, as an identity document is matched with. */ birthDate?: string } = {},
): Promise<TestPerson> {
  const email = `${role}-${randomBytes(5).toString('hex')}@example.test`;
  const user = await createUser(db, {
    email,
    passwordHash: await hashOnce(password),
    firstName: 'Test',
    lastName: role === 'customer' ? 'Customer' : 'Staff',
    role,
    status,
  });
  if (!plan && !birthDate) return { user, email, password };
  const [changed] = await db
    .update(users)
    .set({ ...(plan ? { planId: sql`(select ${plans.id} from ${plans} where ${plans.slug} = ${plan})` } : {}), ...(birthDate ? { birthDate } : {}) })
    .where(eq(users.id, user.id))
    .returning();
  return { user: changed!, email, password };
}
