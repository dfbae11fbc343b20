import { Router } from 'express';
import { touchLastSeen } from '../db/users.repo';
import type { TradingDeps } from '../deps';
import { authenticate, authOf, requireStanding } from './auth.middleware';
import { presentUser } from './user.presenter';

export function userRoutes(deps: TradingDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/user', authenticate(deps), async (_req, res) => {
    res.json({ data: await presentUser(db, authOf(res).user) });
  });

  router.post('/user/heartbeat', authenticate(deps), requireStanding(deps), async (_req, res) => {
    const lastSeenAt = await touchLastSeen(db, authOf(res).user.id);
    res.json({ data: { is_online: true, last_seen_at: lastSeenAt.toISOString() } });
  });

  return router;
}
