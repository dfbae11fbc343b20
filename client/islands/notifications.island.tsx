import './notifications.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { siteApi } from '../../shared/api/endpoints/site';
import { notificationSchema, type Notification } from '../../shared/api/user.schema';
import { timing } from '../../shared/constants';
import { userEvents } from '../../shared/realtime-events/user';
import { realtimeTexts } from '../../shared/texts';
import { call } from '../lib/call';
import { playNotificationSound } from '../lib/sound';
import { realtime } from '../realtime/connection';
import { listen, whenSubscribed } from '../realtime/events';
import { defineIsland } from '../runtime/define-island';
import { connection } from '../state/realtime';
import { currentUser, realtimeKey } from '../state/session';

/** While the realtime connection is down, the user (and so their notifications) is fetched this often. */
const pollMs = 30_000;

/**
 * The notification card (docs/realtime.md#notifications): the first unread notification, top right. Closing it marks
 * it read on the server (`temp-` ones are only dismissed; a failed mark-read refreshes the user). New
 * notifications arrive on `.notification.message` with a sound; `.user.updated` refreshes the user (one
 * retry after 5 s), as does each (re)subscription, for what was raised while no event could arrive;
 * while the connection is down the user is polled instead. This island also opens the
 * page's realtime connection, whose state the connection toasts report.
 */
function NotificationCard({ notifications }: { notifications: Notification[] }) {
  useSignals();
  const [unread, setUnread] = useState(() => notifications.filter((n) => !n.read));
  const user = currentUser.value;
  const key = realtimeKey.value;
  const connected = connection.value.status === 'connected';

  // What happened on this page while a fetch was under way: a notice that arrived (the fetched list may predate it)
  // or one the customer closed (the list may predate the close). Each is stamped with a rising number.
  const seen = useRef({ next: 0, arrived: new Map<string, number>(), closed: new Map<string, number>() });
  const refresh = useCallback(async (retry = true): Promise<void> => {
    const startedAt = seen.current.next;
    const result = await call(siteApi.user);
    if (result.ok) {
      const { arrived, closed } = seen.current;
      const since = (stamps: Map<string, number>, id: string) => (stamps.get(id) ?? -1) >= startedAt;
      const fetched = result.data.data.notifications.filter((n) => !n.read && !since(closed, n.id));
      setUnread((shown) => [...fetched, ...shown.filter((n) => since(arrived, n.id) && !fetched.some((f) => f.id === n.id))]);
      return;
    }
    if (retry) setTimeout(() => void refresh(false), timing.retryDelayMs);
  }, []);

  useEffect(() => {
    if (!key || !user) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    realtime(key)
      .then((echo) => {
        if (cancelled) return;
        const offs = [
          listen(echo, userEvents.notification, user.id, (incoming) => {
            seen.current.arrived.set(incoming.id, seen.current.next++);
            setUnread((list) => [...list.filter((n) => n.id !== incoming.id), incoming]);
            playNotificationSound();
          }),
          listen(echo, userEvents.userUpdated, user.id, () => void refresh()),
        ];
        // Whatever was raised before this (re)subscription, while no event could reach the page, is fetched.
        whenSubscribed(echo, userEvents.notification, user.id, () => void refresh());
        stop = () => offs.forEach((off) => off());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key, user, refresh]);

  useEffect(() => {
    if (connected || !user) return;
    const timer = setInterval(() => void refresh(), pollMs);
    return () => clearInterval(timer);
  }, [connected, user, refresh]);

  const first = unread[0];
  if (!first) return null;

  const close = async () => {
    seen.current.closed.set(first.id, seen.current.next++);
    setUnread((list) => list.filter((n) => n.id !== first.id));
    if (first.id.startsWith('temp-')) return;
    const result = await call(siteApi.readNotification, { params: { id: first.id } });
    if (!result.ok) void refresh();
  };

  return (
    <aside className={`notification-card notification-${first.color}`} role="status" aria-live="polite">
      <div>
        <strong>{first.title || realtimeTexts.notificationTitle}</strong>
        <p>{first.message}</p>
      </div>
      <button type="button" className="toast-close" aria-label="Close notification" onClick={() => void close()}>
        ×
      </button>
    </aside>
  );
}

export default defineIsland({ name: 'notifications', component: NotificationCard, props: z.object({ notifications: z.array(notificationSchema) }) });
