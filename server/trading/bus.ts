import { EventEmitter } from 'node:events';
import type { PendingOrderView, TradeView } from '../../shared/api/trades.schema';
import type { Notification } from '../../shared/api/user.schema';
import type { ChatMessage } from '../../shared/api/chat.schema';
import type { LiveQuote, Tick } from './market/quote-book';

/**
 * Everything the trading tier announces: prices, and every change to a customer's trades, balance or
 * notifications (docs/realtime.md#events). The realtime server and the price feed subscribe; so does the engine.
 */
/**
 * `origin`: the realtime socket id of the request that caused the change (its X-Socket-Id header), which
 * then does not hear the event again (it has the answer already).
 */
export interface BusEvents {
  'market.quotes': readonly LiveQuote[];
  /** `planId`: the account's plan, told where a trade or order is new (the engine watches it at that group's quotes). */
  'trade.updated': { userId: number; accountId: number; trade: TradeView; origin?: string | undefined; planId?: number | null };
  'order.updated': { userId: number; accountId: number; order: PendingOrderView; origin?: string | undefined; planId?: number | null };
  'user.updated': { userId: number; origin?: string | undefined };
  /** A balance or credit changed without a trade changing (deposits, withdrawals, purchases, resets): the engine reloads it. */
  'account.changed': { userId: number; accountId: number };
  /** A user's tokens or standing changed (logout, status, role): whoever keeps sign-ins in memory drops theirs, and their sockets close. */
  'access.changed': { userId: number };
  /** A customer's plan changed: sign-ins kept in memory are read again (the plan's leverage applies from the next request); sockets stay. */
  'plan.changed': { userId: number };
  /** A stored notification, as the API presents it. */
  'notification.message': { userId: number; notification: Notification };
  /** A presence member event from one process's realtime server for the sockets of the others. */
  'realtime.member': { node: string; channel: string; event: 'pusher_internal:member_added' | 'pusher_internal:member_removed'; data: unknown };
  /** A chat message was sent in a customer's conversation. */
  'chat.message': { customerId: number; message: ChatMessage; origin?: string | undefined };
  /** Messages of a customer's conversation were read by the other side. */
  'chat.read': { customerId: number; messageIds: readonly number[]; origin?: string | undefined };
  /** The mids the price owner applied, for the other trading processes' markets to apply the same. */
  'market.ticks': readonly Tick[];
  /** An admin changed an instrument: every trading process reloads it (docs/back-office.md#instruments). */
  'instrument.changed': { assetId: number };
  /** An admin changed a plan's trading conditions: every trading process reads them again (docs/trading.md#trading-conditions). */
  'conditions.changed': { planId: number };
}
export type Topic = keyof BusEvents;

export interface Bus {
  publish<T extends Topic>(topic: T, payload: BusEvents[T]): void;
  subscribe<T extends Topic>(topic: T, handler: (payload: BusEvents[T]) => void): () => void;
  close(): Promise<void>;
}

/** In-process delivery (the default); a Redis driver carries the same events between processes. */
export class LocalBus implements Bus {
  private readonly emitter = new EventEmitter({ captureRejections: false });

  /** `onError`: what to do with a subscriber's exception (the default prints it). */
  constructor(private readonly onError: (error: unknown, topic: Topic) => void = (error, topic) => console.error(`bus subscriber of ${topic} failed`, error)) {
    this.emitter.setMaxListeners(0);
  }

  publish<T extends Topic>(topic: T, payload: BusEvents[T]): void {
    this.emitter.emit(topic, payload);
  }

  subscribe<T extends Topic>(topic: T, handler: (payload: BusEvents[T]) => void): () => void {
    const listener = (payload: BusEvents[T]) => {
      try {
        handler(payload);
      } catch (error) {
        // One failing subscriber must not stop the others, the publisher, or the process.
        this.onError(error, topic);
      }
    };
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
