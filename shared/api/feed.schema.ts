import * as z from 'zod/mini';
import { isoDateTime } from './common.schema';

/** The header the web tier's proxy adds with the feed's api key (browsers never hold the key). */
export const feedKeyHeader = 'x-feed-key';

/** The price feed's events (docs/realtime.md#price-feed). */
export const feedEvents = {
  subscribeAll: 'subscribe:all',
  all: 'data:all',
  update: 'data:update',
} as const;

/**
 * A price or figure on the feed: a JSON number, the type the original client computes with. The server
 * rounds it first (the instrument's digits, a percent to 2 decimals), so it is exact as a decimal;
 * readers turn it back into one with `decimalOfNumber` (shared/api/wire.ts).
 */
const feedNumber = z.number();

/**
 * One instrument's live-update fields (docs/realtime.md#price-feed). `id` is the asset's `asset_id`
 * ("EURUSD"), the key the original client looks prices up by, not the database id; `seq` rises by one
 * per change of that instrument, so a gap is visible.
 */
export const feedItemSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  price: feedNumber,
  bid: feedNumber,
  ask: feedNumber,
  priceLow24h: feedNumber,
  priceHigh24h: feedNumber,
  change24h: feedNumber,
  changePercent24h: feedNumber,
  volume24h: z.number(),
  lastUpdated: isoDateTime,
  seq: z.number(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedAllSchema = z.object({ success: z.boolean(), data: z.array(feedItemSchema) });
export const feedUpdateSchema = z.array(feedItemSchema);

/** The item's money figures: JSON numbers on the wire, decimal strings once read. */
export const feedFigures = ['price', 'bid', 'ask', 'priceLow24h', 'priceHigh24h', 'change24h', 'changePercent24h'] as const;

/**
 * `data:update` on the browser's hot path (ten messages a second of thousands of items): the fields of
 * `feedItemSchema` checked in place, without the copy zod makes of every item. A unit test keeps the two
 * in agreement.
 */
export function feedUpdateOf(payload: unknown): readonly FeedItem[] | null {
  if (!Array.isArray(payload)) return null;
  for (const item of payload as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null) return null;
    if (typeof item.id !== 'string' || typeof item.symbol !== 'string') return null;
    if (typeof item.seq !== 'number' || !Number.isFinite(item.seq) || typeof item.volume24h !== 'number' || !Number.isFinite(item.volume24h)) return null;
    if (typeof item.lastUpdated !== 'string' || item.lastUpdated.length < 10) return null;
    for (const field of feedFigures) if (typeof item[field] !== 'number' || !Number.isFinite(item[field])) return null;
  }
  return payload as FeedItem[];
}
