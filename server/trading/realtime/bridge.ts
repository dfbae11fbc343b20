import { realtimeChannels, realtimeEvents } from '../../../shared/realtime';
import type { Bus } from '../bus';
import type { MemberRelay } from './pusher-server';

/** Where events go out to browsers: our Pusher-protocol server, or anything else that publishes on channels. */
export interface ChannelPublisher {
  publish(channel: string, event: string, data: unknown, exceptSocketId?: string): void;
}

/**
 * Carries the bus's customer events onto their private channels with the spec's event names. Each
 * process bridges its own bus to its own sockets; with the Redis bus, events raised anywhere arrive here.
 */
export function bridgeToChannels(bus: Bus, out: ChannelPublisher): () => void {
  const offs = [
    bus.subscribe('notification.message', ({ userId, notification }) => out.publish(realtimeChannels.notification(userId), realtimeEvents.notification, notification)),
    bus.subscribe('user.updated', ({ userId, origin }) => out.publish(realtimeChannels.user(userId), realtimeEvents.userUpdated, { user_id: userId }, origin)),
    bus.subscribe('trade.updated', ({ userId, accountId, trade, origin }) => out.publish(realtimeChannels.trade(userId), realtimeEvents.tradeUpdated, { account_id: accountId, trade }, origin)),
    bus.subscribe('order.updated', ({ userId, accountId, order, origin }) => out.publish(realtimeChannels.trade(userId), realtimeEvents.orderUpdated, { account_id: accountId, order }, origin)),
    bus.subscribe('chat.message', ({ customerId, message, origin }) => out.publish(realtimeChannels.chat(customerId), realtimeEvents.messageSent, { message }, origin)),
    bus.subscribe('chat.read', ({ customerId, messageIds, origin }) => {
      for (const id of messageIds) out.publish(realtimeChannels.chat(customerId), realtimeEvents.messageRead, { message_id: id }, origin);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** Presence member events between processes over the bus; each process ignores its own. */
export function memberRelay(bus: Bus, node: string): MemberRelay {
  return {
    publish: (event) => bus.publish('realtime.member', { node, ...event }),
    subscribe: (deliver) =>
      bus.subscribe('realtime.member', ({ node: from, ...event }) => {
        if (from !== node) deliver(event);
      }),
  };
}
