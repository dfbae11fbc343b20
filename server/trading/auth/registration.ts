import type { RegisterRequest } from '../../../shared/api/registration.schema';
import { registrationTexts } from '../../../shared/texts';
import type { Bus } from '../bus';
import type { AppDb } from '../db/database';
import { addNotification, presentNotification } from '../db/notifications.repo';
import { getSettings } from '../db/settings.repo';
import { createUser, findUserByEmail, usernameTaken, type UserRow } from '../db/users.repo';
import { fail, refusal } from '../errors';
import { hashPassword } from './passwords';

export const emailIsFree = async (db: AppDb, email: string): Promise<boolean> => !(await findUserByEmail(db, email));

/** A unique constraint on `column` refused the insert (the driver's error, possibly wrapped by drizzle as its cause). */
function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return `${e.constraint ?? ''} ${e.message ?? ''}`.includes(`users_${column}`);
  }
  return false;
}

/**
 * Creates a customer with their Live and Demo accounts: pending until staff approve when the site asks
 * for verification, else active; welcomed with a notification. An e-mail address or user name already
 * taken (also by a registration racing this one) is refused on its field.
 */
export async function registerCustomer({ database: { db }, bus }: { database: { db: AppDb }; bus: Bus }, form: RegisterRequest): Promise<UserRow> {
  const emailTaken = () => fail(refusal.invalid(registrationTexts.emailTaken, 'email'));
  const nameTaken = () => fail(refusal.invalid(registrationTexts.usernameTaken, 'username'));
  if (await findUserByEmail(db, form.email)) emailTaken();
  if (await usernameTaken(db, form.username)) nameTaken();
  const settings = await getSettings(db);
  const passwordHash = await hashPassword(form.password);
  let user: UserRow;
  try {
    user = await createUser(db, {
      email: form.email,
      passwordHash,
      firstName: form.first_name,
      lastName: form.last_name,
      username: form.username,
      phone: `${form.country_code} ${form.phone}`,
      country: form.country,
      nationality: form.nationality,
      promoCode: form.promo_code || null,
      role: 'customer',
      status: settings.must_verify_account ? 'pending' : 'active',
    });
  } catch (error) {
    // Two registrations of one address or name at once: the database keeps them unique.
    if (isUniqueViolation(error, 'email')) emailTaken();
    if (isUniqueViolation(error, 'username')) nameTaken();
    throw error;
  }
  const welcome = await addNotification(db, {
    userId: user.id,
    title: `Welcome to ${settings.name}`,
    message: settings.must_verify_account
      ? 'Your account is being reviewed. We will let you know as soon as it is approved.'
      : 'Your account is ready. Fund your Live account or practise on your Demo account.',
    color: 'info',
  });
  bus.publish('notification.message', { userId: user.id, notification: presentNotification(welcome) });
  return user;
}
