import type Echo from 'laravel-echo';
import { nothingSentSince } from '../../shared/realtime';
import type { PayloadOf, RealtimeEvent } from '../../shared/realtime-events/event';
import { pageReadsFrom } from '../state/session';

/** Echo names private channels without their `private-` prefix. */
const echoName = (channel: string) => channel.replace(/^private-/, '');

/**
 * Listens to one event of the realtime contract on its channel for `id` (a user, or a conversation's
 * customer): the handler gets the payload read by the contract's schema; a payload outside it is
 * dropped (and logged). Returns a function that stops listening.
 */
export function listen<E extends RealtimeEvent>(echo: Echo<'pusher'>, e: E, id: number, handler: (payload: PayloadOf<E>) => void): () => void {
  const channel = echo.private(echoName(e.channel(id)));
  const listener = (raw: unknown) => {
    const parsed = e.payload.safeParse(raw);
    if (parsed.success) handler(parsed.data as PayloadOf<E>);
    else console.warn(`realtime ${e.event} outside its contract`, parsed.error);
  };
  channel.listen(`.${e.event}`, listener);
  return () => void channel.stopListening(`.${e.event}`, listener);
}

/**
 * Runs `fn` (a catch-up read) after every (re)subscription to the event's channel for `id`: what changed while no
 * event could arrive. Not after the first one when the server says nothing was sent on the channel since the page's
 * data was read (docs/realtime.md#catching-up): the page is current, and the read would only repeat it.
 */
export function whenSubscribed(echo: Echo<'pusher'>, e: RealtimeEvent, id: number, fn: () => void): void {
  let first = true;
  echo.private(echoName(e.channel(id))).on('pusher:subscription_succeeded', (history: unknown) => {
    const current = first && nothingSentSince(history, pageReadsFrom.peek());
    first = false;
    if (!current) fn();
  });
}

/** Leaves a channel of the contract (a conversation staff moved away from). */
export const leave = (echo: Echo<'pusher'>, e: RealtimeEvent, id: number) => echo.leave(echoName(e.channel(id)));
