import { accountTitles, type User } from '../../../shared/api/user.schema';
import { onlineWindowMs } from '../../../shared/constants';
import type { Executor } from '../db/database';
import { loadProfile, type UserProfile, type UserRow } from '../db/users.repo';
import { presentNotification } from '../db/notifications.repo';

export { presentNotification };

/** The user object (docs/accounts-and-ledger.md#the-user-object), read afresh in one statement (the row passed in may be seconds old). */
export async function presentUser(db: Executor, user: UserRow, now = new Date()): Promise<User> {
  return presentProfile((await loadProfile(db, user.id)) ?? { user, accounts: [], plan: undefined, unread: [], advisorIds: [] }, now);
}

/** The user object in the API's shape; the top-level balance is the Live account's. */
export function presentProfile({ user, accounts, plan, unread, advisorIds }: UserProfile, now = new Date()): User {
  const live = accounts.find((a) => a.type === 'live') ?? accounts[0];
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    username: user.username,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    status: user.status,
    is_online: user.lastSeenAt !== null && now.getTime() - user.lastSeenAt.getTime() < onlineWindowMs,
    balance: live?.balance ?? '0.00',
    credit_balance: live?.credit ?? '0.00',
    account_id: live?.number ?? '',
    currency: live?.currency ?? 'USD',
    accounts: accounts.map((a) => ({
      id: a.id,
      number: a.number,
      type: a.type,
      title: accountTitles[a.type],
      currency: a.currency,
      balance: a.balance,
      credit_balance: a.credit,
    })),
    account_type: plan ? { id: plan.id, title: plan.title, color: plan.color, icon: plan.icon, image: plan.image, leverage: plan.leverage } : null,
    eas: advisorIds,
    autotrader: user.autotrader,
    notifications: unread.map(presentNotification),
    created_at: user.createdAt.toISOString(),
  };
}
