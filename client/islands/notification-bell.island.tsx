import './notification-bell.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { notificationsApi } from '../../shared/api/endpoints/notifications';
import type { Notification } from '../../shared/api/user.schema';
import { bellTexts, realtimeTexts } from '../../shared/texts';
import { BellIcon } from '../components/icons';
import { call } from '../lib/call';
import { formatWhen } from '../lib/format';
import { useBusy } from '../lib/use-busy';
import { useDismiss } from '../lib/use-dismiss';
import { defineIsland } from '../runtime/define-island';
import { bellOpen, closeNotification, readAllNotifications, unreadCount, unreadNotifications } from '../state/notifications';
import { showToast } from '../state/toasts';

const props = z.object({ unread: z.number() });

/** The stored list as far as it is loaded, newest first, and whether there is an older page. */
interface Loaded {
  items: readonly Notification[];
  page: number;
  more: boolean;
}

/** One notice: an unread one is a button (clicking it marks it read, as the spec's bell); a read one is only text. */
function NoticeItem({ notice, unread }: { notice: Notification; unread: boolean }) {
  const body = (
    <>
      <strong>{notice.title || realtimeTexts.notificationTitle}</strong>
      <span className="bell-message">{notice.message}</span>
      <time dateTime={notice.created_at}>{formatWhen(notice.created_at)}</time>
    </>
  );
  return (
    <li className={`bell-item bell-${notice.color}${unread ? ' unread' : ''}`}>
      {unread ? (
        <button type="button" onClick={() => void closeNotification(notice)}>
          {body}
          <span className="visually-hidden">, {bellTexts.markOne}</span>
        </button>
      ) : (
        <div>{body}</div>
      )}
    </li>
  );
}

/**
 * The notification bell (docs/realtime.md#the-bell): the unread count on the bell; open, the stored notifications newest
 * first (older pages on demand), "Mark all as read", and a click on an unread one marks it read. Which are unread is the
 * page's one list (client/state/notifications.ts), so the card, the bell and the counts agree, and a notice arriving
 * while the list is open shows at its top. The light terminal's toolbar island renders it as a component of its own.
 */
export function NotificationBell({ unread }: z.infer<typeof props>) {
  useSignals();
  const count = unreadCount.value ?? unread;
  const open = bellOpen.value;
  const unreadNow = unreadNotifications.value;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const holder = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => (bellOpen.value = false), []);
  useDismiss(open, holder, close);

  const load = useCallback(async (page: number) => {
    const result = await call(notificationsApi.notifications, { query: { page } });
    if (!result.ok) return setProblem(result.message ?? bellTexts.loadFailed);
    setProblem(null);
    const { data, links } = result.data;
    setLoaded((before) => ({
      items: page === 1 ? data.notifications : [...(before?.items ?? []), ...data.notifications.filter((n) => !before?.items.some((b) => b.id === n.id))],
      page,
      more: links.next !== null,
    }));
  }, []);
  useEffect(() => {
    if (open) void load(1);
  }, [open, load]);

  const unreadIds = new Set((unreadNow ?? []).map((n) => n.id));
  const isUnread = (n: Notification) => (unreadNow ? unreadIds.has(n.id) : !n.read);
  // Arrived since the list was fetched: shown first.
  const arrived = (unreadNow ?? []).filter((n) => !loaded?.items.some((item) => item.id === n.id)).reverse();
  const items = [...arrived, ...(loaded?.items ?? [])];

  const markAll = () =>
    run('all', async () => {
      if (!(await readAllNotifications())) showToast({ kind: 'error', title: bellTexts.markFailed });
    });

  return (
    <div className="bell" ref={holder}>
      <button type="button" className="bell-button" aria-expanded={open} aria-controls={panelId} onClick={() => (bellOpen.value = !open)}>
        <BellIcon />
        <span className="visually-hidden">{bellTexts.title}, </span>
        {count > 0 ? (
          <span className="count-badge bell-count">
            {count > 99 ? '99+' : count}
            <span className="visually-hidden"> {bellTexts.unread}</span>
          </span>
        ) : null}
      </button>
      {/* Closed, the panel is empty: a hidden copy of each notice makes the page's own messages ambiguous to find. */}
      <section className="bell-panel" id={panelId} hidden={!open} aria-label={bellTexts.title}>
        {open ? (
          <>
            <header>
              <h2>{bellTexts.title}</h2>
              <button type="button" className="link-like" disabled={count === 0 || busy !== null} onClick={markAll}>
                {bellTexts.markAll}
              </button>
            </header>
            {problem ? (
              <p className="bell-note" role="alert">
                {problem}
              </p>
            ) : loaded && items.length === 0 ? (
              <p className="bell-note">{bellTexts.none}</p>
            ) : null}
            {items.length > 0 ? (
              <ol className="bell-list">
                {items.map((notice) => (
                  <NoticeItem key={notice.id} notice={notice} unread={isUnread(notice)} />
                ))}
              </ol>
            ) : null}
            {loaded?.more ? (
              <button type="button" className="outline small bell-older" onClick={() => void load(loaded.page + 1)}>
                {bellTexts.older}
              </button>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}

export default defineIsland({ name: 'notification-bell', component: NotificationBell, props });
