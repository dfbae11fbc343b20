import { computed, signal } from '@preact/signals-react';
import { notificationsApi } from '../../shared/api/endpoints/notifications';
import { siteApi } from '../../shared/api/endpoints/site';
import type { Notification } from '../../shared/api/user.schema';
import { timing } from '../../shared/constants';
import { call } from '../lib/call';

/**
 * The customer's unread notifications (docs/realtime.md#notifications), one list for the notification card and every
 * count of them (the light terminal's avatar badge). Null until the card has taken the page's list: until then each
 * shows what its own props say, the same list the server rendered.
 */
export const unreadNotifications = signal<readonly Notification[] | null>(null);
export const unreadCount = computed(() => unreadNotifications.value?.length ?? null);

/** Whether the bell's list is open (a phone's menu opens it too: docs/realtime.md#the-bell). */
export const bellOpen = signal(false);

// What happened on this page while a fetch was under way: a notice that arrived (the fetched list may predate it) or one
// the customer closed (the list may predate the close). Each is stamped with a rising number.
const seen = { next: 0, arrived: new Map<string, number>(), closed: new Map<string, number>() };

/**
 * The page's list, as the card got it (in the browser, when it mounts). The stamps stay: a card mounted again while a
 * fetch is under way must not bring back a notice closed meanwhile, nor drop one that arrived.
 */
export function seedNotifications(list: readonly Notification[]): void {
  unreadNotifications.value = list.filter((n) => !n.read && !seen.closed.has(n.id));
}

/** A notice that came by event: shown last (again, if it was already there). */
export function notificationArrived(incoming: Notification): void {
  seen.arrived.set(incoming.id, seen.next++);
  unreadNotifications.value = [...(unreadNotifications.peek() ?? []).filter((n) => n.id !== incoming.id), incoming];
}

/**
 * The user fetched again: what is unread there, minus what was closed here meanwhile, plus what arrived here meanwhile
 * (one retry after `timing.retryDelayMs` when it fails).
 */
export async function refreshNotifications(retry = true): Promise<void> {
  const startedAt = seen.next;
  const result = await call(siteApi.user);
  if (result.ok) {
    const since = (stamps: Map<string, number>, id: string) => (stamps.get(id) ?? -1) >= startedAt;
    const fetched = result.data.data.notifications.filter((n) => !n.read && !since(seen.closed, n.id));
    const shown = unreadNotifications.peek() ?? [];
    unreadNotifications.value = [...fetched, ...shown.filter((n) => since(seen.arrived, n.id) && !fetched.some((f) => f.id === n.id))];
    return;
  }
  if (retry) setTimeout(() => void refreshNotifications(false), timing.retryDelayMs);
}

/** Closing a notice marks it read on the server (`temp-` ones are only dismissed); a failed mark-read refetches. */
export async function closeNotification(notice: Notification): Promise<void> {
  seen.closed.set(notice.id, seen.next++);
  unreadNotifications.value = (unreadNotifications.peek() ?? []).filter((n) => n.id !== notice.id);
  if (notice.id.startsWith('temp-')) return;
  const result = await call(siteApi.readNotification, { params: { id: notice.id } });
  if (!result.ok) void refreshNotifications();
}

/**
 * Marks every notice read on the server (the bell's "Mark all as read"); those that arrived here while it was under way
 * stay unread, as the server may have them. False when the server refused or could not be reached.
 */
export async function readAllNotifications(): Promise<boolean> {
  const startedAt = seen.next;
  const result = await call(notificationsApi.readAllNotifications);
  if (!result.ok) return false;
  const shown = unreadNotifications.peek() ?? [];
  for (const notice of shown) if ((seen.arrived.get(notice.id) ?? -1) < startedAt) seen.closed.set(notice.id, seen.next++);
  unreadNotifications.value = shown.filter((n) => (seen.arrived.get(n.id) ?? -1) >= startedAt);
  return true;
}
