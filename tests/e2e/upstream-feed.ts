import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

/** One instrument's price as an upstream feed speaking our protocol sends it: keyed by asset_id, figures as numbers. */
function itemOf(id: string, at: number, digits: number) {
  const price = Number(at.toFixed(digits));
  return {
    id,
    symbol: id,
    price,
    bid: price,
    ask: price,
    priceLow24h: Number((price * 0.9).toFixed(digits)),
    priceHigh24h: Number((price * 1.1).toFixed(digits)),
    change24h: 0,
    changePercent24h: 0,
    volume24h: 0,
    lastUpdated: new Date().toISOString(),
    seq: Date.now(),
  };
}

export interface UpstreamFeed {
  /** Where the server under test connects (`PRICE_SOURCE=upstream`, `PRICE_FEED_URL`). */
  url: string;
  /** Sets an instrument's price and sends it to every connected server at once. */
  set(id: string, price: number, digits?: number): void;
  close(): Promise<void>;
}

/**
 * A price feed a test controls: a socket.io server speaking our upstream protocol (docs/realtime.md#price-feed),
 * so a price crossing a level is made, not waited for.
 */
export async function startUpstreamFeed(initial: Record<string, number>, digits = 2): Promise<UpstreamFeed> {
  const prices = new Map(Object.entries(initial));
  const http: HttpServer = createServer();
  const feed = new Server(http, { transports: ['websocket'] });
  const all = () => [...prices].map(([id, price]) => itemOf(id, price, digits));
  feed.on('connection', (socket) => socket.on('subscribe:all', () => socket.emit('data:all', { success: true, data: all() })));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    set(id, price, itemDigits = digits) {
      prices.set(id, price);
      feed.emit('data:update', [itemOf(id, price, itemDigits)]);
    },
    async close() {
      await feed.close();
      http.close();
    },
  };
}
