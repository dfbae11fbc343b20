import type Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countPusherTraffic } from '../../client/realtime/connection';
import { publishTraffic, resetTraffic, traffic } from '../../client/realtime/traffic';
import { feedTransports } from '../../client/state/market';
import { feedAllSchema, feedEvents } from '../../shared/api/feed.schema';
import { socketIdPattern } from '../../shared/realtime';
import { makeUser } from '../support/factories';
import { browserSession, echoFor, nextEvent, startRealtimeStack, type RealtimeStack } from '../support/realtime';

/**
 * The light terminal's traffic meter on the real clients (docs/trade-room.md#light-terminal): socket.io-client with
 * the page's counting transport, and pusher-js with its runtime's sockets counted, through the web tier as a page
 * connects. Each still gets what it got before, and every byte it received is counted.
 */

// The transport socket.io-client exports for browsers makes the global WebSocket (read when engine.io-client loads),
// which Node 20 lacks: `ws`'s stands in, set before anything imports the client.
await vi.hoisted(async () => {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= (await import('ws')).WebSocket;
});

let stack: RealtimeStack;
const sockets: Socket[] = [];
const echoes: Echo<'pusher'>[] = [];

beforeAll(async () => {
  stack = await startRealtimeStack();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const echo of echoes) echo.disconnect();
  await stack.close();
});

describe('the traffic meter on the real clients', () => {
  it('counts what the price feed sends, frame by frame, while the snapshot still arrives as before', async () => {
    resetTraffic();
    const client = await import('socket.io-client');
    const socket = client.io(stack.webUrl, { path: '/socket.io', transports: feedTransports(client), reconnection: false });
    sockets.push(socket);
    await nextEvent<void>((deliver) => socket.once('connect', () => deliver()));
    const received = nextEvent<unknown>((deliver) => socket.once(feedEvents.all, deliver));
    socket.emit(feedEvents.subscribeAll);
    const snapshot = feedAllSchema.parse(await received);
    expect(snapshot.data.length).toBe(stack.market.instruments.length);
    publishTraffic();
    // At least engine.io's open, socket.io's connect and the snapshot; the snapshot alone is more than its JSON.
    expect(traffic.value.feedFrames).toBeGreaterThanOrEqual(3);
    expect(traffic.value.feedBytes).toBeGreaterThan(Buffer.byteLength(JSON.stringify(snapshot)));
    expect(traffic.value).toMatchObject({ realtimeFrames: 0, realtimeBytes: 0, frames: traffic.value.feedFrames, bytes: traffic.value.feedBytes });
  });

  it("counts what the realtime connection sends (pusher-js's own frames included), and connects as before", async () => {
    resetTraffic();
    countPusherTraffic(Pusher.Runtime);
    countPusherTraffic(Pusher.Runtime); // once per runtime, however often the page connects
    const person = await makeUser(stack.database.db, { role: 'customer' });
    const echo = echoFor(stack, await browserSession(stack.webUrl, person));
    echoes.push(echo);
    const connection = echo.connector.pusher.connection;
    const socketId = await nextEvent<string>((deliver) => connection.bind('connected', () => deliver(connection.socket_id)));
    expect(socketId).toMatch(socketIdPattern);
    publishTraffic();
    // pusher:connection_established, whose JSON carries the socket id.
    expect(traffic.value.realtimeFrames).toBe(1);
    expect(traffic.value.realtimeBytes).toBeGreaterThan(socketId.length);
    const subscribed = nextEvent<void>((deliver) => void echo.private(`user.${person.user.id}`).subscribed(() => deliver()));
    await subscribed;
    publishTraffic();
    expect(traffic.value.realtimeFrames).toBe(2);
    expect(traffic.value.feedFrames).toBe(0);
  });
});
