import type { Server } from 'node:http';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedAllSchema, feedEvents, feedUpdateSchema, type FeedItem } from '../../shared/api/feed.schema';
import { closeServer, listen } from '../../server/listen';
import { attachPriceFeed, type PriceFeed } from '../../server/trading/feed/feed-server';
import { silentLogger, startTrading, type TradingStack } from '../support/trading';
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

function client(key: string): Socket {
  const socket = connect(url, { transports: ['websocket'], auth: { key }, reconnection: false });
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
    const before = snapshot.data.find((item) => item.id === eurusd.id)!;

    const received: FeedItem[] = [];
    socket.on(feedEvents.update, (items: unknown) => received.push(...feedUpdateSchema.parse(items)));
    // Three changes inside one flush window arrive as one item: the latest price.
    stack.prices.set({ [eurusd.id]: '1.20001' });
    stack.prices.set({ [eurusd.id]: '1.20002' });
    stack.prices.set({ [eurusd.id]: '1.20003' });
    await expect.poll(() => received.filter((i) => i.id === eurusd.id).length).toBeGreaterThan(0);
    const first = received.filter((i) => i.id === eurusd.id);
    expect(first).toHaveLength(1);
    expect(first.at(-1)).toMatchObject({ price: '1.20003', bid: '1.19998', ask: '1.20008', seq: before.seq + 3 });
    stack.prices.set({ [eurusd.id]: '1.20010' });
    await expect.poll(() => received.filter((i) => i.id === eurusd.id).at(-1)?.price).toBe('1.20010');
    const seqs = received.filter((i) => i.id === eurusd.id).map((i) => i.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
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
      const foreign = connect(`http://127.0.0.1:${front.port}`, { transports: ['websocket'], reconnection: false, extraHeaders: { origin: 'https://evil.example' } });
      clients.push(foreign);
      await next(foreign, 'connect_error');
      expect(foreign.connected).toBe(false);
    } finally {
      await closeServer(front.server, 100);
    }
  });

  it('when the api key is wrong, then the connection is refused', async () => {
    const socket = client('wrong-key');
    const error = await next<Error>(socket, 'connect_error');
    expect(error.message).toBe('invalid api key');
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
      await expect.poll(() => follower.quotes.get(gold.id)?.mid).toBe(stack.market.quotes.get(gold.id)!.mid);
      stack.prices.set({ [gold.id]: '2501.25' });
      await expect.poll(() => follower.quotes.get(gold.id)?.mid).toBe('2501.25');
      expect(follower.quotes.get(gold.id)?.ask).toBe(stack.market.quotes.get(gold.id)?.ask);
    } finally {
      await follower.stop();
    }
  });
});
