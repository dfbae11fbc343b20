import { createHmac, timingSafeEqual } from 'node:crypto';

/** The app's credentials: the key is public (pages carry it), the secret never leaves the trading tier. */
export interface AppCredentials {
  key: string;
  secret: string;
}

/**
 * What a socket shows to join a private or presence channel (Pusher protocol): `key:HMAC-SHA256(secret,
 * "socket_id:channel")`, with `:channel_data` appended for presence channels.
 */
export function channelAuth({ key, secret }: AppCredentials, socketId: string, channel: string, channelData?: string): string {
  const signed = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${key}:${createHmac('sha256', secret).update(signed).digest('hex')}`;
}

/** Whether `given` is the auth this socket needs for this channel, compared in constant time. */
export function authIsValid(credentials: AppCredentials, given: unknown, socketId: string, channel: string, channelData?: string): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(channelAuth(credentials, socketId, channel, channelData));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
