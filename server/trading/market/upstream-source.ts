import { io, type Socket } from 'socket.io-client';
import { feedAllSchema, feedEvents, feedUpdateSchema, type FeedItem } from '../../../shared/api/feed.schema';
import type { Logger } from '../../logger';
import type { Instrument } from './instruments';
import type { PriceSource } from './price-source';
import type { Tick } from './quote-book';

/**
 * Prices from an upstream market-data service that speaks our own feed protocol (socket.io,
 * `subscribe:all` → `data:all` / `data:update`), matched to our instruments by symbol. Replaces the
 * simulator by config (PRICE_SOURCE=upstream); reconnects on its own.
 */
export class UpstreamFeedSource implements PriceSource {
  private socket: Socket | undefined;
  private readonly bySymbol: Map<string, Instrument>;

  constructor(private readonly options: { url: string; apiKey: string; instruments: readonly Instrument[]; logger: Logger }) {
    this.bySymbol = new Map(options.instruments.map((i) => [i.symbol, i]));
  }

  private ticks(items: readonly FeedItem[]): Tick[] {
    const ticks: Tick[] = [];
    for (const item of items) {
      const instrument = this.bySymbol.get(item.symbol);
      if (!instrument) continue;
      const time = Date.parse(item.lastUpdated);
      if (!(Number(item.price) > 0)) continue;
      ticks.push({ assetId: instrument.id, mid: Number(item.price).toFixed(instrument.digits), time: Number.isNaN(time) ? Date.now() : time });
    }
    return ticks;
  }

  start(emit: (ticks: Tick[]) => void): void {
    const { url, apiKey, logger } = this.options;
    const socket = io(url, { transports: ['websocket'], auth: { key: apiKey }, reconnectionDelay: 2_000 });
    this.socket = socket;
    socket.on('connect', () => socket.emit(feedEvents.subscribeAll));
    socket.on('connect_error', (error: Error) => logger.warn({ err: error }, 'upstream price feed: cannot connect'));
    socket.on(feedEvents.all, (payload: unknown) => {
      const parsed = feedAllSchema.safeParse(payload);
      if (parsed.success) emit(this.ticks(parsed.data.data));
      else logger.warn('upstream price feed: data:all outside the protocol');
    });
    socket.on(feedEvents.update, (payload: unknown) => {
      const parsed = feedUpdateSchema.safeParse(payload);
      if (parsed.success) emit(this.ticks(parsed.data));
      else logger.warn('upstream price feed: data:update outside the protocol');
    });
  }

  async stop(): Promise<void> {
    this.socket?.disconnect();
    this.socket = undefined;
  }
}
