import * as z from 'zod/mini';
import { decimalString, isoDateTime } from './common.schema';

/** The header the web tier's proxy adds with the feed's api key (browsers never hold the key). */
export const feedKeyHeader = 'x-feed-key';

/** The price feed's events (client-spec §7 "Live prices"). */
export const feedEvents = {
  subscribeAll: 'subscribe:all',
  all: 'data:all',
  update: 'data:update',
} as const;

/** One instrument's live-update fields; `seq` rises by one per change of that instrument, so a gap is visible. */
export const feedItemSchema = z.object({
  id: z.number(),
  symbol: z.string(),
  price: decimalString,
  bid: decimalString,
  ask: decimalString,
  priceLow24h: decimalString,
  priceHigh24h: decimalString,
  change24h: decimalString,
  changePercent24h: decimalString,
  volume24h: z.number(),
  lastUpdated: isoDateTime,
  seq: z.number(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedAllSchema = z.object({ success: z.boolean(), data: z.array(feedItemSchema) });
export const feedUpdateSchema = z.array(feedItemSchema);
