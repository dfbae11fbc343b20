import type { Notification } from '../../../shared/api/user.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from './database';
import { notifications } from './schema';
import { type notificationColors } from '../../../shared/api/user.schema';

export type NotificationColor = (typeof notificationColors)[number];
export type NotificationRow = typeof notifications.$inferSelect;

/** A notification as the API and the realtime event carry it. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: String(row.id),
    title: row.title,
    message: row.message,
    color: row.color,
    read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function addNotification(db: Executor, values: { userId: number; title: string; message: string; color: NotificationColor }): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markNotificationRead(db: Executor, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
