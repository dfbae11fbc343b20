import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it("counts a socket's messages through a listener of its own, leaving the client's onmessage as it was", () => {
    const socket = new EventTarget() as EventTarget & { onmessage?: (event: MessageEvent) => void };
    const seen: unknown[] = [];
    countMessagesOf(socket, 'realtime');
    socket.onmessage = (event) => seen.push(event.data);
    socket.addEventListener('message', (event) => socket.onmessage?.(event as MessageEvent));
    socket.dispatchEvent(new MessageEvent('message', { data: '{"event":"x"}' }));
    publishTraffic();
    expect(seen).toEqual(['{"event":"x"}']);
    expect(traffic.value).toMatchObject({ frames: 1, bytes: 13, realtimeFrames: 1, feedFrames: 0 });
    // A socket that cannot be listened to is handed back untouched.
    const bare = { send() {} };
    expect(countMessagesOf(bare, 'feed')).toBe(bare);
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
