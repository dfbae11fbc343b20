import type { User } from '../../shared/api/user.schema';
import { isStaffRole } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import ChatNotifier from '../../client/islands/chat-notifier.island';
import Notifications from '../../client/islands/notifications.island';
import Presence from '../../client/islands/presence.island';
import Toaster from '../../client/islands/toaster.island';
import type { HydrationStrategy } from '../../shared/islands';
import { useContext } from 'react';
import { Island } from '../island';
import { PageNeedsContext } from '../page-needs';

/** Where a person's support chat is: staff chat with every customer, a customer with the staff. */
export const chatPathOf = (user: User) => (isStaffRole(user.role) ? paths.adminChat : paths.chat);

/**
 * Where a signed-in page's toasts and notification card show (docs/screens.md#toasts): a lane the page's frame places
 * where it covers no control (the customer and staff areas under the top bar, in the page's flow; the terminals over
 * the chart). The card's island also opens the page's realtime connection. `toasts` says how soon the toast area must
 * be ready.
 */
export function ToastLane({ user, toasts = 'idle' }: { user: User; toasts?: HydrationStrategy }) {
  const needs = useContext(PageNeedsContext);
  if (needs) needs.flashShown = true;
  return (
    <div className="toast-lane">
      <Island island={Toaster} client={toasts} props={{ flash: [...(needs?.flash ?? [])] }} />
      <Island island={Notifications} client="idle" props={{ notifications: user.notifications }} />
    </div>
  );
}

/** How many of the person's notifications are unread, for the bell's first paint. */
export const unreadOf = (user: User) => user.notifications.filter((n) => !n.read).length;

/**
 * What every signed-in page carries besides its toast lane: the heartbeat and the chat notifier.
 * The heartbeat is for users in good standing (its endpoint's access is `active`): a customer awaiting
 * approval, on the pages open to them, would only be refused it. `can_open_trade` is that standing
 * (server/trading/engine/standing.ts).
 */
export function SignedInIslands({ user }: { user: User }) {
  return (
    <>
      {user.can_open_trade ? <Island island={Presence} client="idle" props={{}} /> : null}
      <Island island={ChatNotifier} client="idle" props={{ chatPath: chatPathOf(user) }} />
    </>
  );
}
