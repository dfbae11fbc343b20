import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { GlobalWindow } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { WebSocket as WsSocket, WebSocketServer } from 'ws';
import { byteLengthOf, countMessagesOf, countReceived, publishTraffic, resetTraffic, traffic, trafficPublishMs, utf8Length } from '../../client/realtime/traffic';
import { formatBytes, statusBarTexts } from '../../shared/trading/traffic';

/** The light terminal's traffic meter (docs/trade-room.md#light-terminal): what the two sockets received, as MT4 prints it. */

afterEach(() => {
  resetTraffic();
  vi.useRealTimers();
});

describe('the size of a received message', () => {
  it('counts a text frame in UTF-8 bytes, as it came over the wire', () => {
    for (const text of ['', '42["prices:update",[]]', 'ü', '€ 1.08', '😀', 'a\ud800b', '{"event":"pusher:ping","data":"{}"}']) expect(utf8Length(text), text).toBe(Buffer.byteLength(text, 'utf8'));
  });

  it('counts a binary frame by its size, whatever holds it', () => {
    expect(byteLengthOf(new ArrayBuffer(12))).toBe(12);
    expect(byteLengthOf(new Uint8Array(7))).toBe(7);
    expect(byteLengthOf(Buffer.from('hello'))).toBe(5);
    expect(byteLengthOf(new Blob(['abc', new Uint8Array(4)]))).toBe(7);
    expect(byteLengthOf([Buffer.from('ab'), Buffer.from('cde')])).toBe(5);
    expect(byteLengthOf(undefined)).toBe(0);
  });
});

describe('the counts', () => {
  it('adds up messages and bytes per socket, published together at most every half second', () => {
    vi.useFakeTimers();
    countReceived('feed', '42["prices:update",[]]');
    countReceived('realtime', new Uint8Array(10));
    countReceived('feed', 'é');
    expect(traffic.value.frames).toBe(0);
    vi.advanceTimersByTime(trafficPublishMs);
    expect(traffic.value).toEqual({ frames: 3, bytes: 22 + 10 + 2, feedFrames: 2, feedBytes: 24, realtimeFrames: 1, realtimeBytes: 10 });
    countReceived('realtime', 'x');
    publishTraffic();
    expect(traffic.value).toMatchObject({ frames: 4, bytes: 35, realtimeFrames: 2, realtimeBytes: 11 });
  });

  it('hands back a socket that cannot be listened to untouched', () => {
    const bare = { send() {} };
    expect(countMessagesOf(bare, 'feed')).toBe(bare);
  });
});

/**
 * Real sockets against a real server: a browser's WebSocket (happy-dom's, whose `onmessage` is called by its own
 * dispatch as the DOM's is) and Node's `ws`. The client's handler is set the way pusher-js and engine.io set it, after
 * the socket is counted, and replaced later; it must get every message, and stay the one the client set.
 */
describe('counting a live socket', () => {
  let server: WebSocketServer;
  let url: string;
  const browser = new GlobalWindow({ url: 'http://127.0.0.1/' });
  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Each connection is sent a text frame and a binary one; a text "again" from the client gets one more.
    server.on('connection', (peer) => {
      peer.send('{"event":"x"}');
      peer.send(new Uint8Array([1, 2, 3, 4, 5]));
      peer.on('message', () => peer.send('again'));
    });
  });
  afterAll(async () => {
    await browser.happyDOM.close();
    for (const peer of server.clients) peer.terminate();
    await new Promise((done) => server.close(done));
  });

  type Socket = { onmessage: ((event: { data: unknown }) => void) | null; binaryType: string; send(data: string): void; close(): void };
  const sockets: Record<string, (url: string) => Socket> = {
    "a browser's WebSocket": (to) => new browser.WebSocket(to) as unknown as Socket,
    "Node's ws": (to) => new WsSocket(to) as unknown as Socket,
  };

  it.each(Object.keys(sockets))("%s: the client's onmessage gets every message and stays the client's", async (kind) => {
    const socket = countMessagesOf(sockets[kind]!(url), 'realtime');
    onTestFinished(() => socket.close());
    socket.binaryType = 'arraybuffer';
    const first: unknown[] = [];
    const firstHandler = (event: { data: unknown }) => void first.push(event.data);
    socket.onmessage = firstHandler;
    await vi.waitFor(() => expect(first).toHaveLength(2));
    expect(first[0]).toBe('{"event":"x"}');
    expect(byteLengthOf(first[1])).toBe(5);
    expect(socket.onmessage).toBe(firstHandler);

    // The client replaces its handler: the new one gets what follows, the old one nothing more, and counting goes on.
    const second: unknown[] = [];
    socket.onmessage = (event) => void second.push(event.data);
    socket.send('again');
    await vi.waitFor(() => expect(second).toEqual(['again']));
    expect(first).toHaveLength(2);

    publishTraffic();
    expect(traffic.value).toMatchObject({ frames: 3, bytes: 13 + 5 + 5, realtimeFrames: 3, feedFrames: 0 });
  });
});

describe('as MT4 prints it', () => {
  it('gives bytes in B, KB or MB, one decimal below 10, else whole', () => {
    expect(formatBytes(0)).toBe('0B');
    expect(formatBytes(1023)).toBe('1023B');
    expect(formatBytes(1024)).toBe('1.0KB');
    expect(formatBytes(1536)).toBe('1.5KB');
    expect(formatBytes(10 * 1024 - 1)).toBe('9.9KB');
    expect(formatBytes(10 * 1024)).toBe('10KB');
    expect(formatBytes(15.2 * 1024 * 1024)).toBe('15MB');
    expect(formatBytes(2.34 * 1024 * 1024)).toBe('2.3MB');
  });

  it('prints "messages / size", and spells it out in the title', () => {
    const figures = { frames: 230, bytes: 15.2 * 1024 * 1024, feedFrames: 200, feedBytes: 15 * 1024 * 1024, realtimeFrames: 30, realtimeBytes: 0.2 * 1024 * 1024 };
    expect(statusBarTexts.traffic(figures)).toBe('230 / 15MB');
    expect(statusBarTexts.trafficTitle(figures)).toBe('Received since this page opened: 230 messages, 15.2 MB (price feed 200, 15.0 MB; account updates 30, 204.8 KB)');
    expect(statusBarTexts.trafficTitle({ ...figures, frames: 1, bytes: 830 })).toContain('1 message, 830 B');
  });
});
