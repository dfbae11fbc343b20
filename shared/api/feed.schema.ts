import * as z from 'zod/mini';
import { decimalPattern, decimalString, isoDateTime } from './common.schema';

/** The header the web tier's proxy adds with the feed's api key (browsers never hold the key). */
export const feedKeyHeader = 'x-feed-key';

/** The price feed's events (docs/realtime.md#price-feed). */
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

const textFields = ['price', 'bid', 'ask', 'priceLow24h', 'priceHigh24h', 'change24h', 'changePercent24h'] as const;

/**
 * `data:update` on the browser's hot path (ten messages a second of thousands of items): the fields of
 * `feedItemSchema` checked in place, without the copy zod makes of every item. A unit test keeps the two
 * in agreement.
 */
export function feedUpdateOf(payload: unknown): readonly FeedItem[] | null {
  if (!Array.isArray(payload)) return null;
  for (const item of payload as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null) return null;
    if (typeof item.id !== 'number' || typeof item.seq !== 'number' || typeof item.volume24h !== 'number') return null;
    if (typeof item.symbol !== 'string' || typeof item.lastUpdated !== 'string' || item.lastUpdated.length < 10) return null;
    for (const field of textFields) if (typeof item[field] !== 'string' || !decimalPattern.test(item[field] as string)) return null;
  }
  return payload as FeedItem[];
}
