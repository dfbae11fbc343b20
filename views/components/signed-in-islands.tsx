import type { User } from '../../shared/api/user.schema';
import { isStaffRole } from '../../shared/api/user.schema';
import { paths } from '../../shared/routes';
import ChatNotifier from '../../client/islands/chat-notifier.island';
import Notifications from '../../client/islands/notifications.island';
import Presence from '../../client/islands/presence.island';
import Toaster from '../../client/islands/toaster.island';
import type { HydrationStrategy } from '../../shared/islands';
import { Island } from '../island';

/** Where a person's support chat is: staff chat with every customer, a customer with the staff. */
export const chatPathOf = (user: User) => (isStaffRole(user.role) ? paths.adminChat : paths.chat);

/**
 * What every signed-in page carries: the heartbeat, the toast area, the notification card (with the
 * realtime connection) and the chat notifier. `toasts` says how soon the toast area must be ready.
 * The heartbeat is for users in good standing (its endpoint's access is `active`): a customer awaiting
 * approval, on the pages open to them, would only be refused it. `can_open_trade` is that standing
 * (server/trading/engine/standing.ts).
 */
export function SignedInIslands({ user, toasts = 'idle' }: { user: User; toasts?: HydrationStrategy }) {
  return (
    <>
      {user.can_open_trade ? <Island island={Presence} client="idle" props={{}} /> : null}
      <Island island={Toaster} client={toasts} props={{}} />
      <Island island={Notifications} client="idle" props={{ notifications: user.notifications }} />
      <Island island={ChatNotifier} client="idle" props={{ chatPath: chatPathOf(user) }} />
    </>
  );
}
