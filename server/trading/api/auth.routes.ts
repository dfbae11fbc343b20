import { api } from '../../../shared/api/endpoints';
import { twoFactorTexts } from '../../../shared/api/two-factor.schema';
import { login, loginWithLink, logout, verifyLogin } from '../auth/login';
import type { ApiDeps } from '../deps';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { ipRateLimit, loginRateLimits } from './rate-limits';
import { presentUser } from './user.presenter';
import { clientOf } from './request-client';

export function authRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;

  on(api.login, ...loginRateLimits({ limit: deps.loginRateLimit, stores: deps.rateLimitStores }), async ({ body }, req) => {
    const step = await login(deps, { ...body, ...clientOf(req) });
    // Two-factor sign-in (docs/access.md#two-factor-sign-in): no token yet, a challenge to answer.
    if ('challenge' in step) return { message: twoFactorTexts.enterCode, data: { require_otp: true as const, challenge: step.challenge, expires_at: step.expiresAt.toISOString() } };
    return { data: { token: step.token, user: await presentUser(db, step.user) } };
  });

  // Step 2. Each challenge takes a few wrong codes and each account a few more per cooldown; this bounds a client's calls as well.
  on(api.loginVerify, ipRateLimit({ name: 'login-verify', limit: deps.loginRateLimit * 5, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), async ({ body }, req) => {
    const { token, user } = await verifyLogin(deps, { ...body, ...clientOf(req) });
    return { data: { token, user: await presentUser(db, user) } };
  });

  on(api.autoLogin, ipRateLimit({ name: 'auto-login', limit: deps.loginRateLimit * 5, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), async ({ body }, req) => {
    const { token, user } = await loginWithLink(deps, { token: body.token, ...clientOf(req) });
    return { data: { token, user: await presentUser(db, user) } };
  });

  on(api.logout, async (_input, _req, res) => {
    const { tokenId, user } = authOf(res);
    await logout(deps, { tokenId, userId: user.id });
    return { message: 'Logged out.' };
  });

  return router;
}
