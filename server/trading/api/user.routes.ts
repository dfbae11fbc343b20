import { api } from '../../../shared/api/endpoints';
import { markNotificationRead } from '../db/notifications.repo';
import { touchLastSeen } from '../db/users.repo';
import type { ApiDeps } from '../deps';
import { authOf } from './auth.middleware';
import { endpointRouter } from './endpoint-router';
import { notFound } from './errors';
import { presentUser } from './user.presenter';

export function userRoutes(deps: ApiDeps) {
  const { router, on } = endpointRouter(deps);
  const { db } = deps.database;

  // Read afresh: the signed-in user may be a few seconds old, and this answer shows every field.
  on(api.user, async (_input, _req, res) => ({ data: await presentUser(db, authOf(res).user) }));

  on(api.heartbeat, async (_input, _req, res) => {
    const lastSeenAt = await touchLastSeen(db, authOf(res).user.id);
    return { data: { is_online: true, last_seen_at: lastSeenAt.toISOString() } };
  });

  on(api.readNotification, async ({ params }, _req, res) => {
    if (!(await markNotificationRead(db, authOf(res).user.id, params.id))) throw notFound('Notification not found.');
    return { message: 'Notification marked as read.' };
  });

  return router;
}
