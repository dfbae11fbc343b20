import { api } from '../../../shared/api/endpoints';
import { login, loginWithLink, logout } from '../auth/login';
import type { ApiDeps } from '../deps';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { ipRateLimit, loginRateLimits } from './rate-limits';
import { presentUser } from './user.presenter';

export function authRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;
  const client = (req: { ip?: string | undefined; get(name: string): string | undefined }) => ({ ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });

  on(api.login, ...loginRateLimits({ limit: deps.loginRateLimit, stores: deps.rateLimitStores }), async ({ body }, req) => {
    const { token, user } = await login(deps, { ...body, ...client(req) });
    return { data: { token, user: await presentUser(db, user) } };
  });

  on(api.autoLogin, ipRateLimit({ name: 'auto-login', limit: deps.loginRateLimit * 5, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), async ({ body }, req) => {
    const { token, user } = await loginWithLink(deps, { token: body.token, ...client(req) });
    return { data: { token, user: await presentUser(db, user) } };
  });

  on(api.logout, async (_input, _req, res) => {
    const { tokenId, user } = authOf(res);
    await logout(deps, { tokenId, userId: user.id });
    return { message: 'Logged out.' };
  });

  return router;
}
