import { Router, type Request } from 'express';
import { checkEmailRequest, registerRequest } from '../../../shared/api/registration.schema';
import { countryByCode } from '../../../shared/countries';
import { registrationTexts } from '../../../shared/texts';
import { hashPassword } from '../auth/passwords';
import type { ApiDeps } from '../deps';
import { addNotification, presentNotification } from '../db/notifications.repo';
import { getSettings } from '../db/settings.repo';
import { createUser, findUserByEmail } from '../db/users.repo';
import { users } from '../db/schema';
import { eq } from 'drizzle-orm';
import { validationFailed } from './errors';
import { emailCheckRateLimits, ipRateLimit } from './rate-limits';
import { presentUser } from './user.presenter';
import { parseInput } from './validate';

/**
 * The visitor's country as the edge in front reports it (a CDN's country header), when it is one of
 * ours: only a default for the country pickers, so nothing is trusted with it.
 */
function countryOf(req: Request): string | null {
  const code = (req.get('cf-ipcountry') ?? req.get('x-country-code') ?? '').toUpperCase();
  return countryByCode[code] ? code : null;
}

/** A unique constraint on `column` refused the insert (the driver's error, possibly wrapped by drizzle as its cause). */
function isUniqueViolation(error: unknown, column: string): boolean {
  for (let e = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return `${e.constraint ?? ''} ${e.message ?? ''}`.includes(`users_${column}`);
  }
  return false;
}

/** Sign-up (client-spec §4 Registration): the e-mail availability check and the account's creation. */
export function registrationRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.post('/auth/check-email', ...emailCheckRateLimits({ limit: deps.loginRateLimit, stores: deps.rateLimitStores }), async (req, res) => {
    const { email } = parseInput(checkEmailRequest, req.body);
    const available = !(await findUserByEmail(db, email));
    res.json({
      success: available,
      message: available ? registrationTexts.emailAvailable : registrationTexts.emailTaken,
      data: { available, country: countryOf(req) },
    });
  });

  router.post('/auth/register', ipRateLimit({ name: 'register', limit: deps.loginRateLimit * 2, stores: deps.rateLimitStores }), async (req, res) => {
    const form = parseInput(registerRequest, req.body);
    if (await findUserByEmail(db, form.email)) throw validationFailed({ email: [registrationTexts.emailTaken] });
    const [sameName] = await db.select({ id: users.id }).from(users).where(eq(users.username, form.username));
    if (sameName) throw validationFailed({ username: [registrationTexts.usernameTaken] });
    const settings = await getSettings(db);
    const passwordHash = await hashPassword(form.password);
    let user;
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
      if (isUniqueViolation(error, 'email')) throw validationFailed({ email: [registrationTexts.emailTaken] });
      if (isUniqueViolation(error, 'username')) throw validationFailed({ username: [registrationTexts.usernameTaken] });
      throw error;
    }
    const welcome = await addNotification(db, {
      userId: user.id,
      title: `Welcome to ${settings.name}`,
      message: settings.must_verify_account ? 'Your account is being reviewed. We will let you know as soon as it is approved.' : 'Your account is ready. Fund your Live account or practise on your Demo account.',
      color: 'info',
    });
    deps.bus.publish('notification.message', { userId: user.id, notification: presentNotification(welcome) });
    res.status(201).json({ message: registrationTexts.registered, data: await presentUser(db, user) });
  });

  return router;
}
