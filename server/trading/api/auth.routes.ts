import { Router } from 'express';
import { autoLoginRequest, loginRequest } from '../../../shared/api/auth.schema';
import { login, loginWithLink, logout } from '../auth/login';
import type { ApiDeps } from '../deps';
import { authenticate, authOf } from './auth.middleware';
import { ipRateLimit, loginRateLimits } from './rate-limits';
import { parseInput } from './validate';

export function authRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.post('/auth/login', ...loginRateLimits({ limit: deps.loginRateLimit, stores: deps.rateLimitStores }), async (req, res) => {
    const input = parseInput(loginRequest, req.body);
    const result = await login(deps, { ...input, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
    res.json({ data: result });
  });

  router.post('/auth/auto-login', ipRateLimit({ name: 'auto-login', limit: deps.loginRateLimit * 5, windowMs: 15 * 60_000, stores: deps.rateLimitStores }), async (req, res) => {
    const { token } = parseInput(autoLoginRequest, req.body);
    res.json({ data: await loginWithLink(deps, { token, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null }) });
  });

  router.post('/auth/logout', authenticate(deps), async (_req, res) => {
    const { tokenId, user } = authOf(res);
    await logout(deps, { tokenId, userId: user.id });
    res.json({ message: 'Logged out.' });
  });

  return router;
}
