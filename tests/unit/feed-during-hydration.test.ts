// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { feedEvents } from '../../shared/api/feed.schema';
import type { PageData } from '../../shared/page-state.schema';
import { wireAsset } from '../support/api-shapes';

/**
 * The feed connects while the trade room's islands still hydrate (docs/trade-room.md#first-paint), but nothing it says
 * reaches the signals until none is hydrating: the islands hydrate against the page's prices and status.
 */

const handlers = new Map<string, (payload?: unknown) => void>();
const emitted: string[] = [];
vi.mock('socket.io-client', () => ({
  io: () => ({ on: (event: string, handler: (payload?: unknown) => void) => handlers.set(event, handler), emit: (event: string) => emitted.push(event), active: true }),
}));
vi.mock('../../client/lib/call', () => ({ call: vi.fn(async () => ({ ok: false, message: 'offline' })) }));

/** BTC/USD (the feed's BTCUSD), priced 99 / 101 just now. */
const asset = wireAsset({ id: 1, symbol: 'BTC/USD', updatedAt: Date.now() });
const tick = {
  id: 'BTCUSD',
  symbol: 'BTCUSD',
  price: 120,
  bid: 119,
  ask: 121,
  priceLow24h: 99,
  priceHigh24h: 121,
  change24h: 20,
  changePercent24h: 20,
  volume24h: 0,
  lastUpdated: new Date().toISOString(),
  seq: 2,
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the feed while islands hydrate', () => {
  it('connects and subscribes at once, and its status and prices come in, in order, once the islands hydrated', async () => {
    const { hydrationStarted } = await import('../../client/runtime/hydration');
    // An island is hydrating when the trade room's state loads (its chunk is what imports it).
    const hydrated = hydrationStarted();
    const { holdPageData } = await import('../../client/state/page-data');
    const market = await import('../../client/state/market');
    holdPageData({ assets: { data: [asset] } } as unknown as PageData, Date.now());
    const before = market.quoteOf(1).value?.bid;

    const started = market.startMarket();
    await vi.waitFor(() => expect(handlers.has('connect')).toBe(true));
    handlers.get('connect')!();
    handlers.get(feedEvents.update)!([tick]);
    expect(emitted).toEqual([feedEvents.subscribeAll]);
    await settle();
    expect(market.feedStatus.value).toBe('disconnected');
    expect(market.quoteOf(1).value?.bid).toBe(before);

    hydrated();
    await started;
    expect(market.feedStatus.value).toBe('connected');
    expect(market.quoteOf(1).value?.bid).toBe('119');
  });
});
