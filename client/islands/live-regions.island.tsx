import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { userEvents } from '../../shared/realtime-events/user';
import { renderRegionsAgain } from '../forms/regions';
import { realtime } from '../realtime/connection';
import { listen, whenResubscribed } from '../realtime/events';
import { defineIsland } from '../runtime/define-island';
import { currentUser, realtimeKey } from '../state/session';

/** Events often come in bursts (a deposit credited, its fee, the notice): one render for the lot. */
const settleMs = 300;
/** How long to wait before trying again while the customer is in the middle of something in a region. */
const busyRetryMs = 2_000;

/** True while a region holds an open dialog or the field the customer is typing in: swapping it would lose their work. */
function customerBusyInARegion(): boolean {
  if (document.querySelector('[data-region] dialog[open]')) return true;
  const focused = document.activeElement;
  return focused instanceof HTMLElement && focused.closest('[data-region]') !== null && focused.matches('input, select, textarea');
}

/**
 * Pages that show money follow the ledger (docs/front-end.md#live-pages): each `.user.updated` (published when the
 * person's balances, standing or plan change: a deposit credited, a withdrawal paid, a fill, a transfer, a savings
 * move) renders the page's `data-region` parts again from the server, as a form's answer does. What happened while the
 * connection was down is fetched when it subscribes again. Renders nothing.
 */
function LiveRegions() {
  useSignals();
  const user = currentUser.value;
  const key = realtimeKey.value;
  useEffect(() => {
    if (!key || !user) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stop: (() => void) | undefined;
    const render = () => {
      if (cancelled) return;
      if (customerBusyInARegion()) timer = setTimeout(render, busyRetryMs);
      else void renderRegionsAgain();
    };
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(render, settleMs);
    };
    realtime(key)
      .then((echo) => {
        if (cancelled) return;
        stop = listen(echo, userEvents.userUpdated, user.id, soon);
        whenResubscribed(echo, userEvents.userUpdated, user.id, soon);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [key, user]);
  return null;
}

export default defineIsland({ name: 'live-regions', component: LiveRegions, props: z.object({}) });
