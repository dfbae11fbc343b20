/**
 * The realtime contract (docs/realtime.md): channels, event names and timings that
 * the browser (pusher-js with laravel-echo) and our Pusher-protocol server share. Echo strips the
 * `private-` prefix in the client's code, so the names here are the ones on the wire.
 */
export const realtimeEvents = {
  notification: 'notification.message',
  userUpdated: 'user.updated',
  tradeUpdated: 'trade.updated',
  orderUpdated: 'order.updated',
  messageSent: 'message.sent',
  messageRead: 'message.read',
} as const;

export const realtimeChannels = {
  notification: (userId: number) => `private-notification.${userId}`,
  user: (userId: number) => `private-user.${userId}`,
  trade: (userId: number) => `private-trade.${userId}`,
  chat: (customerId: number) => `private-chat.customer.${customerId}`,
} as const;

export const realtimeTiming = {
  /** Seconds of silence after which either side pings (sent to the client in the handshake). */
  activityTimeoutS: 120,
  pongTimeoutS: 30,
  unavailableTimeoutS: 10,
} as const;

/** The protocol version pusher-js speaks, and the path its socket opens: `/app/{key}`. */
export const pusherProtocol = 7;
export const realtimePathPrefix = '/app/';

/** The header a request names its own socket with, so its event is not echoed back (Laravel's `toOthers`). */
export const socketIdHeader = 'x-socket-id';
export const socketIdPattern = /^\d{1,19}\.\d{1,19}$/;
/** Pusher's channel charset and length. */
export const channelNamePattern = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/**
 * What our server says with each subscription to a private or public channel (docs/realtime.md#catching-up): when it
 * last sent an event on it (null: none since `known_since`), and since when it would know (it forgets after a while,
 * and knows nothing from before it started). Both by its clock, in ms.
 */
export interface ChannelHistory {
  last_event_at: number | null;
  known_since: number;
}

/** How long the server remembers a channel's last event: a page's first subscription comes well within it. */
export const channelHistoryMs = 60_000;
/** How far the clocks of the tier that renders pages and the tier that sends events may disagree. */
export const tierClockSkewMs = 2_000;

/**
 * True when the server can say nothing was sent on the channel since `readsFrom` (when the page's request arrived,
 * before any of its data was read): what the page shows is then current, and a catch-up read would repeat it.
 */
export function nothingSentSince(history: unknown, readsFrom: number | null): boolean {
  if (readsFrom === null || typeof history !== 'object' || history === null) return false;
  const { last_event_at: last, known_since: since } = history as Partial<ChannelHistory>;
  if (typeof since !== 'number' || !(last === null || typeof last === 'number')) return false;
  const before = readsFrom - tierClockSkewMs;
  return since <= before && (last === null || last < before);
}
