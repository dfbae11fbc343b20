import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { feedAllSchema, feedEvents, feedFigures, feedUpdateSchema, type FeedItem } from '../../shared/api/feed.schema';
import { Money } from '../../shared/money';
import { changeOf } from '../../shared/trading/prices';
import { closeServer, listen } from '../../server/listen';
import { attachPriceFeed, type PriceFeed } from '../../server/trading/feed/feed-server';
import { silentLogger, startTrading, type TradingStack, withoutPlanConditions } from '../support/trading';
import { webAppFor } from '../support/web';
import { LocalBus } from '../../server/trading/bus';
import { createMarket } from '../../server/trading/market/market';
import { UpstreamFeedSource } from '../../server/trading/market/upstream-source';

const apiKey = 'feed-key-for-tests-0123456789'; // the same key tests/support/web.ts gives the web tier
let stack: TradingStack;
let server: Server;
let feed: PriceFeed;
let url: string;
const clients: Socket[] = [];

beforeAll(async () => {
  stack = await startTrading();
  await withoutPlanConditions(stack);
  const listening = await listen(stack.app, 0, '127.0.0.1');
  server = listening.server;
  url = `http://127.0.0.1:${listening.port}`;
  feed = attachPriceFeed({ server, market: stack.market, bus: stack.bus, apiKey, logger: silentLogger, flushMs: 50 });
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await feed.close();
  await closeServer(server, 100);
  await stack.database.close();
});

/** A client with the key in the handshake's `auth`: `apiKey` as the original client sends it, or our `key`. */
function client(key: string, field: 'apiKey' | 'key' = 'key'): Socket {
  const socket = connect(url, { transports: ['websocket'], auth: { [field]: key }, reconnection: false });
  clients.push(socket);
  return socket;
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

describe('price feed (socket.io-client)', () => {
  it('when a client subscribes, then it gets every instrument, then coalesced updates with rising sequence numbers', async () => {
    const socket = client(apiKey);
    await next(socket, 'connect');
    const all = next<unknown>(socket, feedEvents.all);
    socket.emit(feedEvents.subscribeAll);
    const snapshot = feedAllSchema.parse(await all);
    expect(snapshot.success).toBe(true);
    expect(snapshot.data.length).toBe(stack.market.instruments.length);
    const eurusd = stack.market.instruments.find((i) => i.symbol === 'EURUSD')!;
    const before = snapshot.data.find((item) => item.id === 'EURUSD')!;
    expect(before.symbol).toBe('EURUSD');

    const received: FeedItem[] = [];
    socket.on(feedEvents.update, (items: unknown) => received.push(...feedUpdateSchema.parse(items)));
    // Three changes inside one flush window arrive as one item: the latest price.
    stack.prices.set({ [eurusd.id]: '1.20001' });
    stack.prices.set({ [eurusd.id]: '1.20002' });
    stack.prices.set({ [eurusd.id]: '1.20003' });
    await vi.waitFor(() => expect(received.filter((i) => i.id === 'EURUSD').length).toBeGreaterThan(0));
    const first = received.filter((i) => i.id === 'EURUSD');
    expect(first).toHaveLength(1);
    expect(first.at(-1)).toMatchObject({ price: 1.20003, bid: 1.19998, ask: 1.20008, seq: before.seq + 3 });
    stack.prices.set({ [eurusd.id]: '1.20010' });
    await vi.waitFor(() => expect(received.filter((i) => i.id === 'EURUSD').at(-1)?.price).toBe(1.2001));
    const seqs = received.filter((i) => i.id === 'EURUSD').map((i) => i.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });

  it("when a snapshot arrives, then every item is keyed by its asset_id and every figure is a number that reads back as the server's decimal", async () => {
    const socket = client(apiKey);
    await next(socket, 'connect');
    const all = next<unknown>(socket, feedEvents.all);
    socket.emit(feedEvents.subscribeAll);
    const snapshot = feedAllSchema.parse(await all);
    for (const instrument of stack.market.instruments) {
      const item = snapshot.data.find((i) => i.id === instrument.symbol);
      expect(item, instrument.symbol).toBeDefined();
      const quote = stack.market.quotes.get(instrument.id)!;
      const { change, percent } = changeOf({ price: quote.mid, open: quote.open24h, digits: instrument.digits });
      const decimals = { price: quote.mid, bid: quote.bid, ask: quote.ask, priceLow24h: quote.low24h, priceHigh24h: quote.high24h, change24h: change, changePercent24h: percent };
      for (const field of feedFigures) {
        // A number with at most 15 significant digits, exactly the server's decimal.
        expect(String(item![field]).replace(/[-.]/g, '').replace(/^0+/, '').length, `${instrument.symbol} ${field}`).toBeLessThanOrEqual(15);
        expect(new Money(item![field]).eq(decimals[field]), `${instrument.symbol} ${field}: ${item![field]} vs ${decimals[field]}`).toBe(true);
      }
    }
  });

  it('when the original client connects with auth.apiKey (socket.io-client), then an update for asset_id EURUSD arrives with a numeric price', async () => {
    const socket = client(apiKey, 'apiKey');
    await next(socket, 'connect');
    const all = next<unknown>(socket, feedEvents.all);
    socket.emit(feedEvents.subscribeAll);
    await all;
    // The original's lookup: the item's `id` against the asset's `asset_id`, then `.toFixed()` on the price.
    const update = new Promise<Record<string, unknown>>((resolve) => {
      socket.on(feedEvents.update, (items: Record<string, unknown>[]) => {
        const item = items.find((i) => i.id === 'EURUSD');
        if (item) resolve(item);
      });
    });
    const eurusd = stack.market.instruments.find((i) => i.symbol === 'EURUSD')!;
    stack.prices.set({ [eurusd.id]: '1.23456' });
    const item = await update;
    expect(typeof item.price).toBe('number');
    expect((item.price as number).toFixed(5)).toBe('1.23456');
    expect(typeof item.bid).toBe('number');
    expect(typeof item.ask).toBe('number');
    expect(item.bid as number).toBeLessThan(item.price as number);
  });

  it('when a browser connects through the web tier, then the proxy adds the key and the feed answers', async () => {
    const web = webAppFor(url);
    const front = await listen(web, 0, '127.0.0.1');
    front.server.on('upgrade', web.handleUpgrade);
    try {
      const socket = connect(`http://127.0.0.1:${front.port}`, { transports: ['websocket'], reconnection: false });
      clients.push(socket);
      await next(socket, 'connect');
      const all = next<unknown>(socket, feedEvents.all);
      socket.emit(feedEvents.subscribeAll);
      expect(feedAllSchema.parse(await all).data.length).toBe(stack.market.instruments.length);
      // A client that sends a key of its own (the original's, for its asset-data service) is let in by the proxy's.
      const original = connect(`http://127.0.0.1:${front.port}`, { transports: ['websocket'], reconnection: false, auth: { apiKey: 'the-original-clients-own-key' } });
      clients.push(original);
      await next(original, 'connect');
      expect(original.connected).toBe(true);
      const foreign = connect(`http://127.0.0.1:${front.port}`, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: 'https://evil.example' } });
      clients.push(foreign);
      await next(foreign, 'connect_error');
      expect(foreign.connected).toBe(false);
    } finally {
      await closeServer(front.server, 100);
    }
  });

  it('when the api key is wrong under either name, then the connection is refused', async () => {
    for (const field of ['key', 'apiKey'] as const) {
      const socket = client('wrong-key', field);
      const error = await next<Error>(socket, 'connect_error');
      expect(error.message).toBe('invalid api key');
    }
    const none = connect(url, { transports: ['websocket'], reconnection: false });
    clients.push(none);
    expect((await next<Error>(none, 'connect_error')).message).toBe('invalid api key');
  });
});

describe('upstream feed driver', () => {
  it('when another market reads our feed as its upstream, then its quotes follow ours by symbol', async () => {
    const { instruments } = stack.market;
    const source = new UpstreamFeedSource({ url, apiKey, instruments, logger: silentLogger });
    const follower = createMarket({ instruments, source, bus: new LocalBus(), startPrices: new Map() });
    follower.start();
    try {
      const gold = stack.market.instruments.find((i) => i.symbol === 'XAUUSD')!;
      await vi.waitFor(() => expect(follower.quotes.get(gold.id)?.mid).toBe(stack.market.quotes.get(gold.id)!.mid));
      stack.prices.set({ [gold.id]: '2501.25' });
      await vi.waitFor(() => expect(follower.quotes.get(gold.id)?.mid).toBe('2501.25'));
      expect(follower.quotes.get(gold.id)?.ask).toBe(stack.market.quotes.get(gold.id)?.ask);
    } finally {
      await follower.stop();
    }
  });

  it("when the upstream sends items as the original's asset-data service does (asset id and numeric price, one item or a list), then they price our instruments", async () => {
    const http = createServer();
    const upstream = new SocketServer(http, { transports: ['websocket'] });
    const keys: unknown[] = [];
    upstream.use((socket, next) => {
      keys.push((socket.handshake.auth as { apiKey?: unknown }).apiKey);
      next();
    });
    upstream.on('connection', (socket) => socket.on(feedEvents.subscribeAll, () => socket.emit(feedEvents.all, { success: true, data: [{ id: 'EURUSD', price: 1.1 }] })));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { instruments } = stack.market;
    const source = new UpstreamFeedSource({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, apiKey: 'upstream-key', instruments, logger: silentLogger });
    const follower = createMarket({ instruments, source, bus: new LocalBus(), startPrices: new Map() });
    follower.start();
    try {
      const eurusd = instruments.find((i) => i.symbol === 'EURUSD')!;
      await vi.waitFor(() => expect(follower.quotes.get(eurusd.id)?.mid).toBe('1.10000'));
      expect(keys).toContain('upstream-key');
      upstream.emit(feedEvents.update, { id: 'EURUSD', price: 1.12345 });
      await vi.waitFor(() => expect(follower.quotes.get(eurusd.id)?.mid).toBe('1.12345'));
      // Unknown assets, prices that are not positive numbers or decimals, and non-items are skipped.
      upstream.emit(feedEvents.update, [{ id: 'NOPE', price: 2 }, { id: 'EURUSD', price: -1 }, { id: 'EURUSD', price: '1,2' }, null, { id: 'EURUSD', price: 1.123456 }]);
      await vi.waitFor(() => expect(follower.quotes.get(eurusd.id)?.mid).toBe('1.12346'));
    } finally {
      await follower.stop();
      upstream.close();
      http.close();
    }
  });
});
