import * as z from 'zod/mini';
import { realtimeContract as events, type PayloadOf, type RealtimeEvent } from '../../../shared/realtime-contract';
import type { Bus } from '../bus';
import type { MemberRelay } from './pusher-server';

/** Where events go out to browsers: our Pusher-protocol server, or anything else that publishes on channels. */
export interface ChannelPublisher {
  publish(channel: string, event: string, data: unknown, exceptSocketId?: string): void;
}

/** Publishes one event of the contract on its channel, its payload encoded by the contract's schema (decimals as the wire's numbers). */
function publishEvent<E extends RealtimeEvent>(out: ChannelPublisher, e: E, id: number, payload: PayloadOf<E>, exceptSocketId?: string): void {
  out.publish(e.channel(id), e.event, z.encode(e.payload, payload), exceptSocketId);
}

/**
 * Carries the bus's customer events onto their private channels under their event names (docs/realtime.md#events). Each
 * process bridges its own bus to its own sockets; with the Redis bus, events raised anywhere arrive here.
 */
export function bridgeToChannels(bus: Bus, out: ChannelPublisher): () => void {
  const offs = [
    bus.subscribe('notification.message', ({ userId, notification }) => publishEvent(out, events.notification, userId, notification)),
    bus.subscribe('user.updated', ({ userId, origin }) => publishEvent(out, events.userUpdated, userId, { user_id: userId }, origin)),
    bus.subscribe('trade.updated', ({ userId, accountId, trade, origin }) => publishEvent(out, events.tradeUpdated, userId, { account_id: accountId, trade }, origin)),
    bus.subscribe('order.updated', ({ userId, accountId, order, origin }) => publishEvent(out, events.orderUpdated, userId, { account_id: accountId, order }, origin)),
    bus.subscribe('chat.message', ({ customerId, message, origin }) => publishEvent(out, events.messageSent, customerId, { message }, origin)),
    bus.subscribe('chat.read', ({ customerId, messageIds, origin }) => {
      for (const id of messageIds) publishEvent(out, events.messageRead, customerId, { message_id: id }, origin);
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
