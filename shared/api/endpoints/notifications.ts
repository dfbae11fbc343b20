import * as z from 'zod/mini';
import { notificationSchema } from '../user.schema';
import { endpoint } from '../endpoint';
import { idOf } from './parts';

/** `?page=` (from 1). */
export const notificationPageQuery = z.object({ page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1) });

const pagination = z.object({ current_page: z.number(), per_page: z.number(), last_page: z.number(), total: z.number() });
const success = { status: z.literal('success'), message: z.string() };

/**
 * A page of the user's notifications, newest first, in the original bell's shape (docs/compatibility.md#notifications):
 * `data` holds the page's notifications, its pagination and how many are unread; `links.next` as the trade lists.
 */
export const notificationPage = z.object({
  ...success,
  data: z.object({ notifications: z.array(notificationSchema), pagination, unread_count: z.number() }),
  links: z.object({ next: z.nullable(z.string()) }),
});

/** After marking all read: how many are still unread (under `data`, as the original reads it). */
export const notificationsReadResponse = z.object({ ...success, data: z.object({ unread_count: z.number() }) });
/** After marking one read: which, and how many are still unread. */
export const notificationReadResponse = z.object({ ...success, data: z.object({ notification_id: z.string(), unread_count: z.number() }) });

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
    response: notificationReadResponse,
  }),
} as const;
