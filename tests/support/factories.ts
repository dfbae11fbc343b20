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
    passwordHash: await hashPassword(password),
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
