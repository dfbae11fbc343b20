import { signal } from '@preact/signals-react';
import type { TrafficFigures } from '../../shared/trading/traffic';

export type TrafficSource = 'feed' | 'realtime';

const zero: TrafficFigures = { frames: 0, bytes: 0, feedFrames: 0, feedBytes: 0, realtimeFrames: 0, realtimeBytes: 0 };

/**
 * What this page has received on its two sockets since it opened (docs/trade-room.md#light-terminal): WebSocket
 * messages and their bytes, on the price feed and on the realtime connection. Published at most every
 * `trafficPublishMs`: the feed can bring dozens of messages a second, and the status bar need not render each.
 */
export const traffic = signal<TrafficFigures>(zero);
export const trafficPublishMs = 500;

let counted: TrafficFigures = { ...zero };
let publishing: ReturnType<typeof setTimeout> | undefined;

/** Bytes in UTF-8 of a string, counted without encoding it (a message may be large, and they come often). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** A received message's size: UTF-8 length of a text frame, byte length of a binary one (ArrayBuffer, a view of one, Blob). */
export function byteLengthOf(data: unknown): number {
  if (typeof data === 'string') return utf8Length(data);
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size;
  // A fragmented message as Node's `ws` may hand it over.
  if (Array.isArray(data)) return data.reduce((sum: number, part: unknown) => sum + byteLengthOf(part), 0);
  return 0;
}

/** Counts one received message. */
export function countReceived(source: TrafficSource, data: unknown): void {
  const bytes = byteLengthOf(data);
  counted = {
    ...counted,
    frames: counted.frames + 1,
    bytes: counted.bytes + bytes,
    ...(source === 'feed'
      ? { feedFrames: counted.feedFrames + 1, feedBytes: counted.feedBytes + bytes }
      : { realtimeFrames: counted.realtimeFrames + 1, realtimeBytes: counted.realtimeBytes + bytes }),
  };
  publishing ??= setTimeout(publishTraffic, trafficPublishMs);
}

/** Puts the counts so far into `traffic` (on the timer, or at once in tests). */
export function publishTraffic(): void {
  if (publishing !== undefined) clearTimeout(publishing);
  publishing = undefined;
  traffic.value = counted;
}

/** Anything a WebSocket's messages can be listened to on (the browser's, Node's `ws`, faye-websocket). */
interface Listenable {
  addEventListener?: (type: 'message', listener: (event: { data: unknown }) => void) => void;
}

/**
 * Counts every message `socket` receives from now on, as `source`. A listener of its own beside the client's
 * `onmessage`, so the client gets every message exactly as before; a socket without `addEventListener` is left
 * uncounted rather than touched.
 */
export function countMessagesOf<T>(socket: T, source: TrafficSource): T {
  (socket as Listenable | null)?.addEventListener?.('message', (event) => countReceived(source, event.data));
  return socket;
}

/** Back to nothing received (tests). */
export function resetTraffic(): void {
  if (publishing !== undefined) clearTimeout(publishing);
  publishing = undefined;
  counted = { ...zero };
  traffic.value = zero;
}
