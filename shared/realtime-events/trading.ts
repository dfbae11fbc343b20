import * as z from 'zod/mini';
import { pendingOrderSchema, tradeSchema } from '../api/trades.schema';
import { realtimeChannels, realtimeEvents } from '../realtime';
import { realtimeEvent } from './event';

/** A customer's trades and pending orders as they change. */
export const tradingEvents = {
  tradeUpdated: realtimeEvent(realtimeChannels.trade, realtimeEvents.tradeUpdated, z.object({ account_id: z.number(), trade: tradeSchema })),
  orderUpdated: realtimeEvent(realtimeChannels.trade, realtimeEvents.orderUpdated, z.object({ account_id: z.number(), order: pendingOrderSchema })),
} as const;
