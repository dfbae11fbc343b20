import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { userEvents } from '../../shared/realtime-events/user';
import { realtime } from '../realtime/connection';
import { listen, whenSubscribed } from '../realtime/events';
import { connection } from '../state/realtime';
import { currentUser, realtimeKey } from '../state/session';

/** While the realtime connection is down, the funding figures and lists are read this often (as the trade lists are). */
const pollMs = 30_000;

/**
 * Runs `refresh` when the customer's money may have changed elsewhere: staff paid or rejected a
 * withdrawal, confirmed a deposit, made an adjustment (`.user.updated`, and the notification each of
 * those sends), and after each subscription (the first too), for what happened while no event could arrive. While the
 * connection is down it polls instead (docs/realtime.md#polling-fallback). Several events together
 * (the change and its notification) make one refresh.
 */
export function useFundingChanges(refresh: () => void): void {
  useSignals();
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  const user = currentUser.value;
  const key = realtimeKey.value;
  const connected = connection.value.status === 'connected';

  useEffect(() => {
    if (!key || !user) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), 150);
    };
    let stop: (() => void) | undefined;
    let cancelled = false;
    realtime(key)
      .then((echo) => {
        if (cancelled) return;
        const offs = [listen(echo, userEvents.userUpdated, user.id, soon), listen(echo, userEvents.notification, user.id, soon)];
        // Every subscription, the page's first too: a change made between the page's render and the subscription sent
        // its event to no one (as the trade room reads its lists again on each, client/state/trading.ts).
        whenSubscribed(echo, userEvents.userUpdated, user.id, soon);
        stop = () => offs.forEach((off) => off());
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [key, user]);

  useEffect(() => {
    if (connected || !user) return;
    const timer = setInterval(() => latest.current(), pollMs);
    return () => clearInterval(timer);
  }, [connected, user]);
}
