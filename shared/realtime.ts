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
