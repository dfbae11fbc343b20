import type { Access } from '../../../shared/api/endpoint';
import { api } from '../../../shared/api/endpoints';
import type { Role } from '../../../shared/api/user.schema';
import { realtimeTexts } from '../../../shared/texts';
import { accessRefusal, type AccessDeps } from '../auth/access-rules';
import { conversationOf } from '../chat/conversations';
import type { UserRow } from '../db/users.repo';
import { DomainError, refusal, type Refusal } from '../errors';

export interface ChannelMember {
  id: number;
  role: Role;
  firstName: string;
  lastName: string;
}

type ChannelDeps = AccessDeps;

/**
 * A family of channels `{prefix}{id}`, declared like an endpoint (docs/realtime.md#who-may-subscribe):
 * the access kind its data would need through the API, checked by the same `accessRefusal`, and then
 * whose channel of the family it is.
 */
export interface ChannelFamily {
  prefix: string;
  access: Access;
  /** Why this user, who passed the access rule, may not have the channel for `id`; null when they may. */
  owner(deps: ChannelDeps, user: UserRow, id: number): Promise<Refusal | null> | Refusal | null;
}

/** The user's own channel: nobody else's, staff's neither. */
const ownChannel = (_deps: ChannelDeps, user: UserRow, id: number) => (id === user.id ? null : refusal.forbidden(realtimeTexts.channelNotYours));

/**
 * A customer's conversation, by the chat API's own rule (`conversationOf`, behind `GET /chat/messages`):
 * a customer has their own, staff any customer's (an id that names no customer: 404, as the API says).
 */
async function conversation(deps: ChannelDeps, user: UserRow, id: number): Promise<Refusal | null> {
  try {
    return (await conversationOf(deps.database.db, user, id)) === id ? null : refusal.forbidden(realtimeTexts.channelNotYours);
  } catch (error) {
    if (error instanceof DomainError) return error.refusal;
    throw error;
  }
}

/**
 * Every family there is, each with the access of the endpoint that reads the same data, so a channel and
 * its endpoint cannot disagree: notifications and the user as `GET /notifications` and `GET /user` (any
 * signed-in user: the gate's screens hear a change of standing), trades as `GET /open/trades` (a customer
 * in good standing), a conversation as `GET /chat/messages` (a customer awaiting approval included, staff
 * enrolled in two-factor sign-in while it is required).
 */
export const channelFamilies: readonly ChannelFamily[] = [
  { prefix: 'private-notification.', access: api.notifications.access, owner: ownChannel },
  { prefix: 'private-user.', access: api.user.access, owner: ownChannel },
  { prefix: 'private-trade.', access: api.openTrades.access, owner: ownChannel },
  { prefix: 'private-chat.customer.', access: api.chatMessages.access, owner: conversation },
  { prefix: 'presence-chat.customer.', access: api.chatMessages.access, owner: conversation },
];

/** An id as the server writes it in a channel name: digits without a leading zero, within the users' id column (integer). */
const idPattern = /^[1-9]\d{0,9}$/;
const maxUserId = 2_147_483_647;

/**
 * Why this signed-in user may not join `channel`, or null when they may: its family's access rule
 * (the endpoints' own), then whose channel it is. A name of no family is nobody's.
 */
export async function channelRefusal(deps: ChannelDeps, user: UserRow, channel: string): Promise<Refusal | null> {
  const family = channelFamilies.find((f) => channel.startsWith(f.prefix));
  const id = family ? channel.slice(family.prefix.length) : '';
  if (!family || !idPattern.test(id) || Number(id) > maxUserId) return refusal.forbidden(realtimeTexts.channelUnknown);
  return (await accessRefusal(deps, user, family.access)) ?? (await family.owner(deps, user, Number(id)));
}

/** What a presence channel shows of a member. */
export const presenceMember = (user: ChannelMember) => ({
  user_id: user.id,
  user_info: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), is_admin: user.role !== 'customer' },
});

/**
 * Whom a private channel's signature is for (signed with it, and sent by pusher-js with the
 * subscription), so the realtime server can close the socket when that user's access changes.
 */
export const privateMember = (user: Pick<ChannelMember, 'id'>) => ({ user_id: user.id });
