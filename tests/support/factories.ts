import { randomBytes } from 'node:crypto';
import type { Role, UserStatus } from '../../shared/api/user.schema';
import { hashPassword } from '../../server/trading/auth/passwords';
import type { AppDb } from '../../server/trading/db/database';
import { createUser, type UserRow } from '../../server/trading/db/users.repo';

export interface TestPerson {
  user: UserRow;
  email: string;
  password: string;
}

/** A new person with a unique e-mail; each test makes its own. */
export async function makeUser(db: AppDb, { role = 'customer', status = 'active', password = 'correct-horse-9' }: { role?: Role; status?: UserStatus; password?: string } = {}): Promise<TestPerson> {
  const email = `${role}-${randomBytes(5).toString('hex')}@example.test`;
  const user = await createUser(db, {
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Test',
    lastName: role === 'customer' ? 'Customer' : 'Staff',
    role,
    status,
  });
  return { user, email, password };
}
