import { Router } from 'express';
import { touchLastSeen } from '../db/users.repo';
import { markNotificationRead } from '../db/notifications.repo';
import { notFound } from './errors';
import type { ApiDeps } from '../deps';
import { authenticate, authOf, requireStanding } from './auth.middleware';
import { presentUser } from './user.presenter';

export function userRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps.database;

  router.get('/user', authenticate(deps), async (_req, res) => {
    // Read afresh: the signed-in user may be a few seconds old, and this answer shows every field.
    res.json({ data: await presentUser(db, authOf(res).user) });
  });

  router.post('/user/heartbeat', authenticate(deps), requireStanding(deps), async (_req, res) => {
    const lastSeenAt = await touchLastSeen(db, authOf(res).user.id);
    res.json({ data: { is_online: true, last_seen_at: lastSeenAt.toISOString() } });
  });

  router.post('/notifications/:id/read', authenticate(deps), async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id < 1 || !(await markNotificationRead(db, authOf(res).user.id, id))) throw notFound('Notification not found.');
    res.json({ message: 'Notification marked as read.' });
  });

  return router;
}
