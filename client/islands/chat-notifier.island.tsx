import './chat-notifier.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { playNotificationSound } from '../lib/sound';
import { defineIsland } from '../runtime/define-island';
import { followChannel, refreshUnread, unreadCount } from '../state/chat';
import { currentUser, realtimeKey } from '../state/session';

const props = z.object({ chatPath: z.string() });

/**
 * The global chat notifier (docs/chat.md#chat-notifier): a red "New Messages" alert with the unread count everywhere
 * but the chat screen; tapping it goes there. The count comes with the page (fetched on mount when it did not) and
 * is fetched again on each message from someone else (with the notification sound); staff, who follow no single
 * conversation here, poll it.
 */
function ChatNotifier({ chatPath }: z.infer<typeof props>) {
  useSignals();
  const [mounted, setMounted] = useState(false);
  const user = currentUser.value;
  const key = realtimeKey.value;
  useEffect(() => {
    setMounted(true);
    if (!user) return;
    if (unreadCount.peek() === null) void refreshUnread();
    // On the chat screen the room itself listens, and no sound plays there.
    if (window.location.pathname === chatPath) return;
    if (user.role !== 'customer') {
      const timer = setInterval(() => void refreshUnread(), 30_000);
      return () => clearInterval(timer);
    }
    if (!key) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void followChannel(key, user.id, {
      onMessage: (message) => {
        if (message.sender_id === user.id) return;
        playNotificationSound();
        void refreshUnread();
      },
      // Once listening, count again: a message that came between the page's count and the subscription is included
      // (docs/realtime.md#catching-up).
      onSubscribed: () => void refreshUnread(),
    })
      .then((off) => (cancelled ? off() : (stop = off)))
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
    // The channel is the person's: followed again only for another person or key, not for a new user object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, key]);

  const count = unreadCount.value ?? 0;
  if (!mounted || count <= 0 || window.location.pathname === chatPath) return null;
  return (
    <div role="status" className="chat-notifier-region">
      <a className="chat-notifier" href={chatPath}>
        <strong>New Messages</strong>
        <span>
          You have {count} unread message(s), <b>TAP TO VIEW</b>
        </span>
      </a>
    </div>
  );
}

export default defineIsland({ name: 'chat-notifier', component: ChatNotifier, props });
