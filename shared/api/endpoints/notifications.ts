import * as z from 'zod/mini';
import { paged } from '../trades.schema';
import { notificationSchema } from '../user.schema';
import { endpoint } from '../endpoint';
import { idOf } from './parts';

/** `?page=` (from 1). */
export const notificationPageQuery = z.object({ page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1) });

/**
 * A page of the user's notifications, newest first, paged like the trade lists, with how many are unread;
 * the list also under `notifications`, the key the original's bell reads with `unread_count`.
 */
export const notificationPage = z.extend(paged(notificationSchema), { notifications: z.array(notificationSchema), unread_count: z.number() });

/** After marking read: how many are still unread. */
export const notificationsReadResponse = z.object({ message: z.string(), unread_count: z.number() });

/**
 * The notifications list of the original's bell (docs/realtime.md#notifications, docs/compatibility.md).
 * The original client's `POST /notifications/{id}/read` is `siteApi.readNotification`. Like it, these serve any
 * signed-in user, whatever their standing (a pending customer's approval arrives as a notification).
 */
export const notificationsApi = {
  notifications: endpoint({ method: 'GET', path: '/notifications', access: 'signed-in', query: notificationPageQuery, response: notificationPage }),
  readAllNotifications: endpoint({ method: 'POST', path: '/notifications/read', access: 'signed-in', response: notificationsReadResponse }),
  readNotificationById: endpoint({
    method: 'POST',
    path: '/notifications/read/:id',
    access: 'signed-in',
    params: idOf('Notification not found.'),
    response: notificationsReadResponse,
  }),
} as const;
