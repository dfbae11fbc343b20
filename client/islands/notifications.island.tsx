import './notifications.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { notificationSchema, type Notification } from '../../shared/api/user.schema';
import { userEvents } from '../../shared/realtime-events/user';
import { realtimeTexts } from '../../shared/texts';
import { playNotificationSound } from '../lib/sound';
import { realtime } from '../realtime/connection';
import { listen, whenSubscribed } from '../realtime/events';
import { defineIsland } from '../runtime/define-island';
import { closeNotification, notificationArrived, refreshNotifications, seedNotifications, unreadNotifications } from '../state/notifications';
import { connection } from '../state/realtime';
import { currentUser, realtimeKey } from '../state/session';

/** While the realtime connection is down, the user (and so their notifications) is fetched this often. */
const pollMs = 30_000;

/**
 * The notification card (docs/realtime.md#notifications): the first unread notification, in the page's toast lane. Closing it marks
 * it read on the server (`temp-` ones are only dismissed; a failed mark-read refreshes the user). New
 * notifications arrive on `.notification.message` with a sound; `.user.updated` refreshes the user (one
 * retry after 5 s), as does each (re)subscription, for what was raised while no event could arrive;
 * while the connection is down the user is polled instead. This island also opens the
 * page's realtime connection, whose state the connection toasts report. The list is the shared `unreadNotifications`
 * (client/state/notifications.ts), which this card seeds from its props and keeps current; others only count it.
 */
function NotificationCard({ notifications }: { notifications: Notification[] }) {
  useSignals();
  // The page's list until it is the shared one (hydration renders what the server did).
  const [initial] = useState(() => notifications.filter((n) => !n.read));
  const unread = unreadNotifications.value ?? initial;
  const user = currentUser.value;
  const key = realtimeKey.value;
  const connected = connection.value.status === 'connected';

  useEffect(() => {
    seedNotifications(initial);
    return () => void (unreadNotifications.value = null);
  }, [initial]);

  useEffect(() => {
    if (!key || !user) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    realtime(key)
      .then((echo) => {
        if (cancelled) return;
        const offs = [
          listen(echo, userEvents.notification, user.id, (incoming) => {
            notificationArrived(incoming);
            playNotificationSound();
          }),
          listen(echo, userEvents.userUpdated, user.id, () => void refreshNotifications()),
        ];
        // Whatever was raised before this (re)subscription, while no event could reach the page, is fetched.
        whenSubscribed(echo, userEvents.notification, user.id, () => void refreshNotifications());
        stop = () => offs.forEach((off) => off());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [key, user]);

  useEffect(() => {
    if (connected || !user) return;
    const timer = setInterval(() => void refreshNotifications(), pollMs);
    return () => clearInterval(timer);
  }, [connected, user]);

  const first = unread[0];
  if (!first) return null;

  return (
    <aside className={`notification-card notification-${first.color}`} role="status" aria-live="polite">
      <div>
        <strong>{first.title || realtimeTexts.notificationTitle}</strong>
        <p>{first.message}</p>
      </div>
      <button type="button" className="toast-close" aria-label="Close notification" onClick={() => void closeNotification(first)}>
        ×
      </button>
    </aside>
  );
}

export default defineIsland({ name: 'notifications', component: NotificationCard, props: z.object({ notifications: z.array(notificationSchema) }) });
