import { io, type Socket } from 'socket.io-client';
import { decimalPattern } from '../../../shared/api/common.schema';
import { feedEvents } from '../../../shared/api/feed.schema';
import { Money } from '../../../shared/money';
import type { Logger } from '../../logger';
import type { Instrument } from './instruments';
import type { PriceSource } from './price-source';
import type { Tick } from './quote-book';

/**
 * A price as an upstream sends it: a JSON number (our feed, the original's asset-data service) or a
 * decimal string (older feeds), made the instrument's decimal at its digits without a binary-float
 * step; anything else, or a price that is not positive, is no price.
 */
function midOf(price: unknown, digits: number): string | undefined {
  const given = typeof price === 'number' ? Number.isFinite(price) && price : typeof price === 'string' && decimalPattern.test(price) && price;
  if (given === false) return undefined;
  const mid = new Money(given).toFixed(digits);
  return new Money(mid).gt(0) ? mid : undefined;
}

/**
 * Prices from an upstream market-data service that speaks our feed protocol (socket.io, `subscribe:all`
 * → `data:all` / `data:update`, docs/realtime.md#price-feed). Items are matched to our instruments by
 * their asset id (`id`, "EURUSD") or, failing that, their `symbol`; only the price is needed, so a feed
 * that sends just `id` and `price` (the original client's asset-data service) or an older one with
 * numeric ids and decimal-string prices works too. Replaces the simulator by config
 * (PRICE_SOURCE=upstream); reconnects on its own.
 */
export class UpstreamFeedSource implements PriceSource {
  private socket: Socket | undefined;
  private readonly byKey: Map<string, Instrument>;

  constructor(private readonly options: { url: string; apiKey: string; instruments: readonly Instrument[]; logger: Logger }) {
    // An instrument's asset id is its symbol (`/assets` lists `asset_id` = `symbol`).
    this.byKey = new Map(options.instruments.map((i) => [i.symbol, i]));
  }

  private instrumentOf(item: Record<string, unknown>): Instrument | undefined {
    return (typeof item.id === 'string' ? this.byKey.get(item.id) : undefined) ?? (typeof item.symbol === 'string' ? this.byKey.get(item.symbol) : undefined);
  }

  /** The ticks in a list of items; items outside the protocol, of unknown instruments or without a price are skipped. */
  private ticks(items: readonly unknown[]): Tick[] {
    const ticks: Tick[] = [];
    for (const value of items) {
      if (typeof value !== 'object' || value === null) continue;
      const item = value as Record<string, unknown>;
      const instrument = this.instrumentOf(item);
      if (!instrument) continue;
      const mid = midOf(item.price, instrument.digits);
      if (mid === undefined) continue;
      const time = typeof item.lastUpdated === 'string' ? Date.parse(item.lastUpdated) : Number.NaN;
      ticks.push({ assetId: instrument.id, mid, time: Number.isNaN(time) ? Date.now() : time });
    }
    return ticks;
  }

  start(emit: (ticks: Tick[]) => void): void {
    const { url, apiKey, logger } = this.options;
    // Both names of the key: `apiKey` as the original's asset-data service reads it, `key` for older feeds of ours.
    const socket = io(url, { transports: ['websocket'], auth: { apiKey, key: apiKey }, reconnectionDelay: 2_000 });
    this.socket = socket;
    socket.on('connect', () => socket.emit(feedEvents.subscribeAll));
    socket.on('connect_error', (error: Error) => logger.warn({ err: error }, 'upstream price feed: cannot connect'));
    socket.on(feedEvents.all, (payload: unknown) => {
      const data = (payload as { data?: unknown } | null)?.data;
      if (Array.isArray(data)) emit(this.ticks(data));
      else logger.warn('upstream price feed: data:all outside the protocol');
    });
    // A list of items, or (as the original's service may send it) one item.
    socket.on(feedEvents.update, (payload: unknown) => {
      if (Array.isArray(payload)) emit(this.ticks(payload));
      else if (typeof payload === 'object' && payload !== null) emit(this.ticks([payload]));
      else logger.warn('upstream price feed: data:update outside the protocol');
    });
  }

  async stop(): Promise<void> {
    this.socket?.disconnect();
    this.socket = undefined;
  }
}
