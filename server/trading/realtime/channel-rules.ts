import type { Role } from '../../../shared/api/user.schema';

export interface ChannelMember {
  id: number;
  role: Role;
  firstName: string;
  lastName: string;
}

const ownChannel = /^private-(?:notification|user|trade)\.(\d{1,12})$/;
const chatChannel = /^(?:private|presence)-chat\.customer\.(\d{1,12})$/;

/**
 * Who may join which channel: a customer's notification, user and trade channels are theirs alone; a
 * customer's chat channel is theirs and every staff member's. Anything else is nobody's.
 */
export function mayJoin(user: ChannelMember, channel: string): boolean {
  const own = ownChannel.exec(channel);
  if (own) return Number(own[1]) === user.id;
  const chat = chatChannel.exec(channel);
  if (chat) return user.role !== 'customer' || Number(chat[1]) === user.id;
  return false;
}

/** What a presence channel shows of a member. */
export const presenceMember = (user: ChannelMember) => ({
  user_id: user.id,
  user_info: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), is_admin: user.role !== 'customer' },
});
