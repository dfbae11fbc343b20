import { api } from '../../../shared/api/endpoints';
import { markAllNotificationsRead, markNotificationRead, notificationsPage, presentNotification, unreadNotificationCount } from '../db/notifications.repo';
import { touchLastSeen } from '../db/users.repo';
import type { ApiDeps } from '../deps';
import { authOf } from './auth.middleware';
import { pageOf } from './paging';
import { endpointRouter } from './endpoint-router';
import { notFound } from './errors';
import { presentUser } from './user.presenter';

/** Notifications a page, as the trade lists. */
const perPage = 20;

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

  // The original's bell (docs/realtime.md#notifications): a page of the user's own, newest first.
  on(api.notifications, async ({ query: { page } }, _req, res) => {
    const { rows, total, unread } = await notificationsPage(db, { userId: authOf(res).user.id, limit: perPage, offset: (page - 1) * perPage });
    const { data, meta, links } = pageOf({ rows: rows.map(presentNotification), page, perPage, total, path: api.notifications.path });
    return { status: 'success' as const, message: 'Notifications retrieved.', data: { notifications: data, pagination: meta, unread_count: unread }, links };
  });

  on(api.readAllNotifications, async (_input, _req, res) => {
    const { id } = authOf(res).user;
    await markAllNotificationsRead(db, id);
    return { status: 'success' as const, message: 'All notifications marked as read.', data: { unread_count: await unreadNotificationCount(db, id) } };
  });

  on(api.readNotificationById, async ({ params }, _req, res) => {
    const { id } = authOf(res).user;
    if (!(await markNotificationRead(db, id, params.id))) throw notFound('Notification not found.');
    const unread = await unreadNotificationCount(db, id);
    return { status: 'success' as const, message: 'Notification marked as read.', data: { notification_id: String(params.id), unread_count: unread } };
  });

  return router;
}
