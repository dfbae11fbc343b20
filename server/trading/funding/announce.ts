import type { Bus } from '../bus';
import { presentNotification, type NotificationRow } from '../db/notifications.repo';

/**
 * A funding step the customer hears about (docs/funding.md): the notice on their bell, their screens told
 * to re-read, and, when a balance moved, the engine told to re-read the account (margin and stop-out).
 */
export function announceFunding(bus: Bus, { userId, accountId, notice }: { userId: number; accountId?: number | undefined; notice?: NotificationRow | undefined }): void {
  if (notice) bus.publish('notification.message', { userId, notification: presentNotification(notice) });
  if (accountId !== undefined) bus.publish('account.changed', { userId, accountId });
  bus.publish('user.updated', { userId });
}
