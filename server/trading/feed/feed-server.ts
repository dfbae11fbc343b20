import { timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { feedEvents, feedKeyHeader, type FeedItem } from '../../../shared/api/feed.schema';
import { changeOf } from '../../../shared/trading/prices';
import type { Logger } from '../../logger';
import type { Bus } from '../bus';
import type { Market } from '../market/market';
import type { LiveQuote } from '../market/quote-book';

export function feedItem(market: Market, quote: LiveQuote): FeedItem {
  const instrument = market.instrument(quote.assetId)!;
  const { change, percent } = changeOf({ price: quote.mid, open: quote.open24h, digits: instrument.digits });
  return {
    id: quote.assetId,
    symbol: instrument.symbol,
    price: quote.mid,
    bid: quote.bid,
    ask: quote.ask,
    priceLow24h: quote.low24h,
    priceHigh24h: quote.high24h,
    change24h: change,
    changePercent24h: percent,
    volume24h: quote.volume24h,
    lastUpdated: new Date(quote.time).toISOString(),
    seq: quote.seq,
  };
}

const sameKey = (given: unknown, key: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The live price feed (socket.io, docs/realtime.md#price-feed) on the API's HTTP server: an api key (in the
 * handshake's `auth.key`, or the header the web tier's proxy adds), websocket only, `subscribe:all` →
 * `data:all`, then `data:update` with the latest price per changed instrument, flushed every
 * `flushMs`, encoded once per broadcast and sent volatile (a slow client misses a batch instead of
 * piling it up).
 */
export function attachPriceFeed({ server, market, bus, apiKey, logger, flushMs = 200 }: { server: HttpServer; market: Market; bus: Bus; apiKey: string; logger: Logger; flushMs?: number }) {
  const io = new Server(server, { path: '/socket.io', transports: ['websocket'], perMessageDeflate: false, httpCompression: false, serveClient: false, cors: { origin: false } });
  io.use((socket, next) => {
    const given = (socket.handshake.auth as { key?: unknown }).key ?? socket.handshake.headers[feedKeyHeader];
    if (sameKey(given, apiKey)) next();
    else next(new Error('invalid api key'));
  });
  // New subscribers wait for the next flush and get one snapshot together: one encode however many
  // connect at once (a reconnect storm after a restart would otherwise encode it per client).
  let waiting = false;
  io.on('connection', (socket) => {
    socket.on(feedEvents.subscribeAll, async () => {
      await socket.join('joining');
      waiting = true;
    });
  });

  let pending = new Map<number, LiveQuote>();
  const off = bus.subscribe('market.quotes', (quotes) => {
    for (const quote of quotes) pending.set(quote.assetId, quote);
  });
  const flush = () => {
    try {
      if (pending.size > 0) {
        const batch = pending;
        pending = new Map();
        io.to('all').volatile.emit(
          feedEvents.update,
          [...batch.values()].map((q) => feedItem(market, q)),
        );
      }
      if (waiting) {
        waiting = false;
        io.to('joining').emit(feedEvents.all, { success: true, data: market.quotes.all().map((q) => feedItem(market, q)) });
        io.in('joining').socketsJoin('all');
        io.in('joining').socketsLeave('joining');
      }
    } catch (error) {
      logger.error({ err: error }, 'price feed flush failed');
    }
  };
  const timer = setInterval(flush, flushMs);
  timer.unref();

  return {
    io,
    /** Disconnects the clients and stops the engine; the HTTP server stays its owner's to close. */
    async close() {
      off();
      clearInterval(timer);
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
export type PriceFeed = ReturnType<typeof attachPriceFeed>;
