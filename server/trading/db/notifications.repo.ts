import type { Notification } from '../../../shared/api/user.schema';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
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

/** Several notifications in one statement, in the given order. */
export async function addNotifications(db: Executor, values: readonly { userId: number; title: string; message: string; color: NotificationColor }[]): Promise<NotificationRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(notifications)
    .values([...values])
    .returning();
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

/**
 * One page of the user's notifications, newest first, with how many they have in all and unread
 * (over `notifications_user` and `notifications_user_unread`).
 */
export async function notificationsPage(db: Executor, { userId, limit, offset }: { userId: number; limit: number; offset: number }) {
  const [[counts], rows] = [
    await db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
    await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit).offset(offset),
  ];
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/** How many of the user's notifications are unread. */
export async function unreadNotificationCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks every unread notification of the user read (those already read keep their time); how many were unread. */
export async function markAllNotificationsRead(db: Executor, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
