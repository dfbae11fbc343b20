import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import Pusher from 'pusher-js';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../server/client-address';
import type { TrustProxy } from '../../server/config';
import { closeServer } from '../../server/listen';
import { redisConnectionOptions } from '../../server/redis';
import { attachPriceFeed } from '../../server/trading/feed/feed-server';
import { admitBy, openConnectionCap, type ConnectionCap } from '../../server/trading/realtime/connection-cap';
import { PusherServer } from '../../server/trading/realtime/pusher-server';
import { silentLogger, startTrading, testFeedApiKey, testRealtimeCredentials, type TradingStack } from '../support/trading';
import { sleep } from '../support/wait';

/**
 * Sockets per client address: the price feed (socket.io) and the realtime server (Pusher protocol) share one cap,
 * counted exactly in each process and, through Redis, over all of them. Each "process" here is an HTTP server with
 * both socket servers and its own cap, as a trading process composes them.
 */
const redisUrl = process.env.TEST_REDIS_URL;
let stack: TradingStack;
let redis: Redis | undefined;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  stack = await startTrading();
  if (redisUrl) redis = new Redis(redisUrl);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await stack.engine.stop();
  await stack.database.close();
  redis?.disconnect();
});

interface Process {
  url: string;
  port: number;
  cap: ConnectionCap;
  /** Upgrades that reached this process (admitted or not). */
  upgrades: () => number;
}

async function startProcess({ limit, keyPrefix, trust = 'loopback', shared = true }: { limit: number; keyPrefix: string; trust?: TrustProxy; shared?: boolean }): Promise<Process> {
  const cap = openConnectionCap({ limit, redis: shared ? redis : undefined, node: randomUUID(), keyPrefix, logger: silentLogger });
  const admit = admitBy(cap, clientAddressOf(trust));
  let upgrades = 0;
  const counted = (req: IncomingMessage) => {
    upgrades += 1;
    return admit(req);
  };
  const server: Server = createServer();
  const feed = attachPriceFeed({ server, market: stack.market, bus: stack.bus, apiKey: testFeedApiKey, logger: silentLogger, admit: counted });
  const pusher = new PusherServer({ credentials: testRealtimeCredentials, logger: silentLogger, admit: counted });
  server.on('upgrade', (req, socket, head) => pusher.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  cleanups.push(async () => {
    cap.close();
    await feed.close();
    await pusher.close();
    await closeServer(server, 100);
  });
  return { url: `http://127.0.0.1:${port}`, port, cap, upgrades: () => upgrades };
}

function feedClient(process: Process, options: { forwardedFor?: string; reconnection?: boolean } = {}): Socket {
  const socket = connect(process.url, {
    transports: ['websocket'],
    auth: { key: testFeedApiKey },
    reconnection: options.reconnection ?? false,
    ...(options.forwardedFor ? { extraHeaders: { 'X-Forwarded-For': options.forwardedFor } } : {}),
  });
  cleanups.push(() => void socket.disconnect());
  return socket;
}

/** Resolves true once connected, false on the first connection error. */
const connected = (socket: Socket) =>
  new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true));
    socket.once('connect_error', () => resolve(false));
  });

function pusherClient(process: Process): Pusher {
  const pusher = new Pusher(testRealtimeCredentials.key, { cluster: 'mt1', wsHost: '127.0.0.1', wsPort: process.port, forceTLS: false, enabledTransports: ['ws'] });
  cleanups.push(() => pusher.disconnect());
  return pusher;
}

/** Resolves true once pusher-js says connected, false if it has not within `ms`. */
const pusherConnected = (pusher: Pusher, ms = 1_500) =>
  new Promise<boolean>((resolve) => {
    if (pusher.connection.state === 'connected') return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    pusher.connection.bind('connected', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

const prefix = () => `test:sockets:${randomUUID()}:`;

describe('sockets per client address, in one process', () => {
  it('when an address holds the limit over both kinds of socket, then the next is refused, and a place comes back when one closes', async () => {
    const process = await startProcess({ limit: 3, keyPrefix: prefix(), shared: false });
    const first = feedClient(process);
    expect(await connected(first)).toBe(true);
    expect(await connected(feedClient(process))).toBe(true);
    expect(await pusherConnected(pusherClient(process))).toBe(true);
    expect(await connected(feedClient(process))).toBe(false);
    expect(await pusherConnected(pusherClient(process), 800)).toBe(false);
    first.disconnect();
    await sleep(200);
    expect(await connected(feedClient(process))).toBe(true);
  });

  it('when no proxy is trusted, then a made-up X-Forwarded-For changes nothing; from a trusted proxy, each forwarded address has its own places', async () => {
    const direct = await startProcess({ limit: 2, keyPrefix: prefix(), trust: false, shared: false });
    expect(await connected(feedClient(direct, { forwardedFor: '203.0.113.1' }))).toBe(true);
    expect(await connected(feedClient(direct, { forwardedFor: '203.0.113.2' }))).toBe(true);
    expect(await connected(feedClient(direct, { forwardedFor: '203.0.113.3' }))).toBe(false);

    const proxied = await startProcess({ limit: 2, keyPrefix: prefix(), trust: 'loopback', shared: false });
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) expect(await connected(feedClient(proxied, { forwardedFor: address }))).toBe(true);
    expect(await connected(feedClient(proxied, { forwardedFor: '203.0.113.1' }))).toBe(true);
    expect(await connected(feedClient(proxied, { forwardedFor: '203.0.113.1' }))).toBe(false);
  });

  it('when refused, then neither pusher-js nor socket.io-client tries again in a loop', async () => {
    const process = await startProcess({ limit: 1, keyPrefix: prefix(), shared: false });
    expect(await connected(feedClient(process))).toBe(true);
    const before = process.upgrades();
    pusherClient(process);
    feedClient(process, { reconnection: true });
    await sleep(3_000);
    // A loop would make hundreds; pusher-js pauses after a failed connection, socket.io-client backs off from 1 s.
    expect(process.upgrades() - before).toBeLessThanOrEqual(10);
    expect(process.upgrades() - before).toBeGreaterThanOrEqual(2);
  });
});

describe('sockets per client address while Redis does not answer', () => {
  it('when the shared counts cannot be reached, then each process still keeps its own cap', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { ...redisConnectionOptions, retryStrategy: () => null });
    unreachable.on('error', () => undefined);
    const cap = openConnectionCap({ limit: 2, redis: unreachable, node: 'alone', keyPrefix: prefix(), logger: silentLogger });
    cleanups.push(() => {
      cap.close();
      unreachable.disconnect();
    });
    const first = await cap.acquire('192.0.2.1');
    expect(first).toBeDefined();
    expect(await cap.acquire('192.0.2.1')).toBeDefined();
    expect(await cap.acquire('192.0.2.1')).toBeUndefined();
    first!();
    first!(); // given back once only
    expect(await cap.acquire('192.0.2.1')).toBeDefined();
    expect(await cap.acquire('192.0.2.1')).toBeUndefined();
  });
});

describe.skipIf(!redisUrl)('sockets per client address, over processes sharing Redis', () => {
  it('when an address holds places on two processes, then together they keep to the limit, and a place freed on one is taken on the other', async () => {
    const keyPrefix = prefix();
    const a = await startProcess({ limit: 3, keyPrefix });
    const b = await startProcess({ limit: 3, keyPrefix });
    const onA = feedClient(a);
    expect(await connected(onA)).toBe(true);
    expect(await pusherConnected(pusherClient(a))).toBe(true);
    expect(await connected(feedClient(b))).toBe(true);
    expect(await connected(feedClient(b))).toBe(false);
    expect(await connected(feedClient(a))).toBe(false);
    onA.disconnect();
    await sleep(200);
    expect(await connected(feedClient(b))).toBe(true);
  });

  it('when a process dies holding places, then its counts fade and the address may connect again', async () => {
    const keyPrefix = prefix();
    const crashed = openConnectionCap({ limit: 3, redis, node: 'crashed', keyPrefix, staleMs: 1_000, logger: silentLogger });
    for (let i = 0; i < 3; i += 1) expect(await crashed.acquire('127.0.0.1')).toBeDefined();
    crashed.close(); // no more refreshes, nothing given back: as after kill -9
    const survivor = await startProcess({ limit: 3, keyPrefix });
    expect(await connected(feedClient(survivor))).toBe(false);
    await sleep(1_200);
    expect(await connected(feedClient(survivor))).toBe(true);
  });
});
