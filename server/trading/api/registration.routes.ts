import type { Request } from 'express';
import { api } from '../../../shared/api/endpoints';
import { countryByCode } from '../../../shared/countries';
import { registrationTexts } from '../../../shared/texts';
import { startSession } from '../auth/login';
import { emailIsFree, registerCustomer } from '../auth/registration';
import type { ApiDeps } from '../deps';
import { endpointRouter } from './endpoint-router';
import { emailCheckRateLimits, ipRateLimit } from './rate-limits';
import { presentUser } from './user.presenter';
import { clientOf } from './request-client';

/**
 * The visitor's country as the edge in front reports it (a CDN's country header), when it is one of
 * ours: only a default for the country pickers, so nothing is trusted with it.
 */
function countryOf(req: Request): string | null {
  const code = (req.get('cf-ipcountry') ?? req.get('x-country-code') ?? '').toUpperCase();
  return countryByCode[code] ? code : null;
}

/** Sign-up: the e-mail availability check and the account's creation. */
export function registrationRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;

  on(api.checkEmail, ...emailCheckRateLimits({ limit: deps.loginRateLimit, stores: deps.rateLimitStores }), async ({ body }, req) => {
    const available = await emailIsFree(db, body.email);
    return {
      success: available,
      message: available ? registrationTexts.emailAvailable : registrationTexts.emailTaken,
      data: { available, country: countryOf(req) },
    };
  });

  on(api.register, ipRateLimit({ name: 'register', limit: deps.loginRateLimit * 2, stores: deps.rateLimitStores }), async ({ body }, req) => {
    const user = await registerCustomer(deps, body);
    // Signed in at once, as after a login: a customer awaiting approval gets their gate's screen (docs/access.md#registration).
    const token = body.sign_in === false ? null : (await startSession(deps, user, clientOf(req))).token;
    return { message: registrationTexts.registered, data: { user: await presentUser(db, user), token } };
  });

  return router;
}
