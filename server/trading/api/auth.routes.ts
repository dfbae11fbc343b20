import { Router } from 'express';
import { loginRequest } from '../../../shared/api/auth.schema';
import { login, logout } from '../auth/login';
import type { ApiDeps } from '../deps';
import { authenticate, authOf } from './auth.middleware';
import { loginRateLimits } from './rate-limits';
import { parseInput } from './validate';

export function authRoutes(deps: ApiDeps): Router {
  const router = Router();

  router.post('/auth/login', ...loginRateLimits({ limit: deps.loginRateLimit, stores: deps.rateLimitStores }), async (req, res) => {
    const input = parseInput(loginRequest, req.body);
    const result = await login(deps, { ...input, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
    res.json({ data: result });
  });

  router.post('/auth/logout', authenticate(deps), async (_req, res) => {
    const { tokenId, user } = authOf(res);
    await logout(deps, { tokenId, userId: user.id });
    res.json({ message: 'Logged out.' });
  });

  return router;
}
