import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import * as wsModule from 'ws';
import { WebSocketServer, type WebSocket } from 'ws';
import { channelHistoryMs, channelNamePattern, pusherProtocol, realtimePathPrefix, realtimeTiming, type ChannelHistory } from '../../../shared/realtime';
import type { Logger } from '../../logger';
import { tooManySocketsResponse, type Admit } from './connection-cap';
import { LocalPresenceDirectory, type Members, type PresenceDirectory } from './presence-directory';
import { authIsValid, type AppCredentials } from './signature';

/**
 * Close codes by the protocol's ranges: 4000–4099 the client must not reconnect, 4100–4199 it may after
 * a pause, 4200–4299 it reconnects at once (a restart: never 4009, which stops pusher-js for good).
 */
export const closeCodes = {
  appKeyNotFound: 4001,
  protocolUnsupported: 4007,
  overCapacity: 4100,
  shuttingDown: 4200,
  pongNotReceived: 4201,
} as const;

export interface PusherServerOptions {
  credentials: AppCredentials;
  logger: Logger;
  /** Origins whose pages may open a socket; undefined lets any through (the web tier in front checks them). */
  allowedOrigins?: readonly string[] | undefined;
  activityTimeoutS?: number;
  pongTimeoutS?: number;
  /** Messages a client may send per second (a burst of twice as many is allowed). */
  messagesPerSecond?: number;
  maxConnections?: number;
  /** Whether unsigned public channels may be joined (the product uses none; the fan-out benchmark does). */
  publicChannels?: boolean;
  /** Channels one socket may be on at once. */
  maxChannelsPerConnection?: number;
  /** Told of each successful subscription (after its signature was checked), e.g. to mark the user present. */
  onSubscribed?: (channel: string) => void;
  /** A place for one more socket from this upgrade's client address (SOCKETS_PER_ADDRESS), or undefined when it has enough. */
  admit?: Admit | undefined;
  /** Presence membership: this process's own by default, the cluster's through Redis. */
  presence?: PresenceDirectory;
  /** Carries member events to the other processes' sockets (and theirs here); absent with one process. */
  relay?: MemberRelay;
}

/** A presence member event for the sockets of the other processes. */
export interface MemberEvent {
  channel: string;
  event: 'pusher_internal:member_added' | 'pusher_internal:member_removed';
  data: unknown;
}

export interface MemberRelay {
  publish(event: MemberEvent): void;
  subscribe(deliver: (event: MemberEvent) => void): () => void;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  /** Presence channels joined, with the user id each was joined as (made on the first). */
  presence: Map<string, string> | undefined;
  /** The users its subscriptions were signed for (`channel_data`'s `user_id`): their access changing closes it. */
  users: Set<string>;
  lastSeen: number;
  pingedAt: number | undefined;
  tokens: number;
  refilledAt: number;
  /** Messages refused by the rate limit in a row: a socket that keeps flooding is closed. */
  violations: number;
}

/** ws's frame builder (exported by ws, not declared by its types): a message framed once for every socket. */
const { Sender } = wsModule as unknown as { Sender: { frame(data: Buffer, options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean }): Buffer[] } };

/** Unsent data a socket may pile up before it is dropped (it reconnects and catches up). */
const maxBufferedBytes = 4 * 1024 * 1024;

const isPrivate = (channel: string) => channel.startsWith('private-');
const isPresence = (channel: string) => channel.startsWith('presence-');

/** `data` of an event as the protocol carries it: a JSON string. */
const frame = (event: string, channel: string | undefined, data: unknown) =>
  JSON.stringify(channel === undefined ? { event, data: JSON.stringify(data) } : { event, channel, data: JSON.stringify(data) });

/**
 * The Pusher Channels protocol (version 7) on `ws`, so pusher-js and laravel-echo connect unchanged:
 * connection handshake with a socket id, ping/pong and pinging idle clients, public, private and presence
 * channels (signatures checked in constant time), member events, message size and rate limits, an
 * origin allowlist, and close code 4200 on shutdown so clients come straight back. Each published event
 * is encoded once, whatever the number of subscribers.
 */
export class PusherServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly presence: PresenceDirectory;
  private readonly unrelay: () => void;
  private readonly sweep: NodeJS.Timeout;
  private readonly activityMs: number;
  private readonly pongMs: number;
  private readonly rate: number;
  /** Each channel's last event here, oldest first (docs/realtime.md#catching-up); forgotten after `channelHistoryMs`. */
  private readonly lastEventAt = new Map<string, number>();
  private readonly startedAt = Date.now();

  constructor(private readonly options: PusherServerOptions) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: 10 * 1024, perMessageDeflate: false, clientTracking: false });
    this.activityMs = (options.activityTimeoutS ?? realtimeTiming.activityTimeoutS) * 1000;
    this.pongMs = (options.pongTimeoutS ?? realtimeTiming.pongTimeoutS) * 1000;
    this.rate = options.messagesPerSecond ?? 20;
    this.sweep = setInterval(() => this.pingIdle(), Math.min(this.activityMs, this.pongMs) / 2);
    this.sweep.unref();
    this.presence = options.presence ?? new LocalPresenceDirectory();
    this.unrelay = options.relay?.subscribe(({ channel, event, data }) => this.publish(channel, event, data)) ?? (() => undefined);
  }

  /**
   * Closes the sockets listening on a user's own channels (their sign-in was revoked or their standing
   * changed): the client reconnects at once and must be authorised afresh, which a revoked session is not.
   */
  disconnectUser(userId: number): void {
    const own = [`private-notification.${userId}`, `private-user.${userId}`, `private-trade.${userId}`];
    const doomed = new Set<Connection>();
    for (const channel of own) for (const connection of this.channels.get(channel) ?? []) doomed.add(connection);
    for (const connection of this.connections) {
      for (const member of connection.presence?.values() ?? []) if (member === String(userId)) doomed.add(connection);
      if (connection.users.has(String(userId))) doomed.add(connection);
    }
    for (const connection of doomed) connection.ws.close(closeCodes.shuttingDown, 'Authorisation changed');
  }

  /** The channels with at least one subscriber here whose names start with `prefix`. */
  channelsStartingWith(prefix: string): string[] {
    return [...this.channels.keys()].filter((channel) => channel.startsWith(prefix));
  }

  /** Takes the upgrade if it is for `/app/…` (synchronously, so other upgrade handlers leave it alone); false otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (!req.url?.startsWith(realtimePathPrefix)) return false;
    const { allowedOrigins } = this.options;
    const origin = req.headers.origin;
    if (allowedOrigins && origin !== undefined && !allowedOrigins.includes(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return true;
    }
    const { admit } = this.options;
    if (!admit) {
      this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, req));
      return true;
    }
    admit(req).then(
      (release) => {
        // Refused before the upgrade: pusher-js takes the failed connection as unavailable and tries again after its pause.
        if (!release) return socket.end(tooManySocketsResponse);
        socket.once('close', release);
        if (socket.destroyed) return release();
        this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, req));
      },
      (error: unknown) => {
        this.options.logger.error({ err: error }, 'realtime socket cap failed');
        socket.destroy();
      },
    );
    return true;
  }

  /**
   * Sends an event to every socket on the channel (but the one named by `exceptSocketId`): encoded and
   * framed once, then written to each socket as it is.
   */
  publish(channel: string, event: string, data: unknown, exceptSocketId?: string): void {
    this.noteEvent(channel);
    const subscribers = this.channels.get(channel);
    if (!subscribers || subscribers.size === 0) return;
    const payload = Buffer.from(frame(event, channel, data));
    const framed = Sender.frame(payload, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: true });
    for (const connection of subscribers) if (connection.socketId !== exceptSocketId) this.sendFramed(connection, framed, payload);
  }

  /** Kept in time order (a channel's entry moves to the end), so what is past the window is at the start. */
  private noteEvent(channel: string): void {
    const now = Date.now();
    this.lastEventAt.delete(channel);
    this.lastEventAt.set(channel, now);
    for (const [old, at] of this.lastEventAt) {
      if (at >= now - channelHistoryMs) break;
      this.lastEventAt.delete(old);
    }
  }

  /** What a subscription is told about the channel's past (`ChannelHistory`). */
  private historyOf(channel: string): ChannelHistory {
    const now = Date.now();
    const last = this.lastEventAt.get(channel);
    return { last_event_at: last ?? null, known_since: Math.max(this.startedAt, now - channelHistoryMs) };
  }

  /** Asks every client to reconnect at once (4200): they subscribe again and fetch what they may have missed. */
  reconnectAll(reason: string): void {
    for (const connection of this.connections) connection.ws.close(closeCodes.shuttingDown, reason);
  }

  /** Says goodbye with 4200 (reconnect at once, elsewhere) and stops. */
  async close(): Promise<void> {
    clearInterval(this.sweep);
    this.unrelay();
    for (const connection of this.connections) connection.ws.close(closeCodes.shuttingDown, 'Server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private open(ws: WebSocket, req: IncomingMessage): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The raw path segment is compared: keys are plain (config allows only letters, digits, - and _), and
    // decoding a malformed escape would throw inside the upgrade.
    const key = url.pathname.slice(realtimePathPrefix.length);
    if (key !== this.options.credentials.key) return this.refuse(ws, closeCodes.appKeyNotFound, 'App key not in this cluster');
    const protocol = Number(url.searchParams.get('protocol') ?? pusherProtocol);
    if (!(protocol >= 5 && protocol <= pusherProtocol)) return this.refuse(ws, closeCodes.protocolUnsupported, 'Unsupported protocol version');
    if (this.options.maxConnections !== undefined && this.connections.size >= this.options.maxConnections) return this.refuse(ws, closeCodes.overCapacity, 'Over capacity');

    const now = Date.now();
    const connection: Connection = {
      socketId: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      ws,
      channels: new Set(),
      presence: undefined,
      users: new Set(),
      lastSeen: now,
      pingedAt: undefined,
      tokens: this.rate * 2,
      refilledAt: now,
      violations: 0,
    };
    this.connections.add(connection);
    ws.on('message', (raw, isBinary) => {
      try {
        this.receive(connection, isBinary ? '' : raw.toString());
      } catch (error) {
        // Whatever a client sends, it must not take the process down.
        this.options.logger.warn({ err: error }, 'realtime message refused');
        this.error(connection, null, 'Message refused');
      }
    });
    ws.on('close', () => this.drop(connection));
    ws.on('error', (error) => this.options.logger.debug({ err: error }, 'realtime socket error'));
    this.send(connection, frame('pusher:connection_established', undefined, { socket_id: connection.socketId, activity_timeout: this.activityMs / 1000 }));
  }

  private refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }));
    ws.close(code, message);
  }

  private send(connection: Connection, message: string): void {
    const { ws } = connection;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > maxBufferedBytes) return this.tooSlow(connection);
    ws.send(message);
  }

  private tooSlow(connection: Connection): void {
    connection.ws.close(closeCodes.overCapacity, 'Too slow: messages were piling up');
  }

  /**
   * A frame made once for many sockets goes out through ws's own sender (as engine.io does), or as an
   * ordinary text message where that is not available. A socket whose unsent data keeps growing is
   * closed (4100: reconnect after a pause) instead of buffering without end.
   */
  private sendFramed(connection: Connection, framed: Buffer[], payload: Buffer): void {
    const { ws } = connection;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > maxBufferedBytes) return this.tooSlow(connection);
    const sender = (ws as unknown as { _sender?: { sendFrame?: (list: Buffer[]) => void } })._sender;
    if (typeof sender?.sendFrame === 'function') sender.sendFrame(framed);
    else ws.send(payload, { binary: false });
  }

  private error(connection: Connection, code: number | null, message: string): void {
    this.send(connection, JSON.stringify({ event: 'pusher:error', data: { code, message } }));
  }

  private allow(connection: Connection): boolean {
    const now = Date.now();
    connection.tokens = Math.min(this.rate * 2, connection.tokens + ((now - connection.refilledAt) / 1000) * this.rate);
    connection.refilledAt = now;
    if (connection.tokens < 1) return false;
    connection.tokens -= 1;
    return true;
  }

  private receive(connection: Connection, raw: string): void {
    connection.lastSeen = Date.now();
    connection.pingedAt = undefined;
    if (!this.allow(connection)) {
      connection.violations += 1;
      // Answered a few times, then the socket is closed: it may reconnect after a pause (4100–4199).
      if (connection.violations > 10) return connection.ws.close(closeCodes.overCapacity, 'Rate limit exceeded');
      return this.error(connection, 4301, 'Rate limit exceeded: slow down');
    }
    connection.violations = 0;
    const message = asObject(safeParse(raw));
    if (!message) return this.error(connection, null, 'Messages must be JSON objects');
    const data = asObject(typeof message.data === 'string' ? safeParse(message.data) : message.data);
    switch (message.event) {
      case 'pusher:ping':
        return this.send(connection, JSON.stringify({ event: 'pusher:pong', data: {} }));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(connection, data ?? {});
      case 'pusher:unsubscribe':
        if (typeof data?.channel === 'string') this.leave(connection, data.channel);
        return;
      default:
        if (typeof message.event === 'string' && message.event.startsWith('client-')) return this.error(connection, null, 'Client events are not enabled on this server');
    }
  }

  private subscribe(connection: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    if (typeof channel !== 'string' || !channelNamePattern.test(channel))
      return this.refuseSubscription(connection, typeof channel === 'string' ? channel.slice(0, 200) : '', 'InvalidChannel', 'Invalid channel name', 400);
    const signedChannel = isPrivate(channel) || isPresence(channel);
    if (!signedChannel && !this.options.publicChannels) return this.refuseSubscription(connection, channel, 'AuthError', 'Only private and presence channels are served', 403);
    if (!connection.channels.has(channel) && connection.channels.size >= (this.options.maxChannelsPerConnection ?? 100)) {
      return this.refuseSubscription(connection, channel, 'LimitReached', 'Too many channels on one connection', 429);
    }
    if (connection.channels.has(channel)) {
      if (!isPresence(channel)) return this.send(connection, frame('pusher_internal:subscription_succeeded', channel, this.historyOf(channel)));
      void this.presence.members(channel).then((members) => this.send(connection, frame('pusher_internal:subscription_succeeded', channel, presenceData(members))));
      return;
    }
    const channelData = typeof data.channel_data === 'string' ? data.channel_data : undefined;
    if (isPrivate(channel) || isPresence(channel)) {
      // A private channel's signature may name its user in channel_data too (signed with it), as ours do.
      const signed = isPresence(channel) ? (channelData ?? '') : channelData;
      if (!authIsValid(this.options.credentials, data.auth, connection.socketId, channel, signed))
        return this.refuseSubscription(connection, channel, 'AuthError', `Invalid signature for ${channel}`, 401);
      const signedFor = (safeParse(channelData ?? '') as { user_id?: unknown } | undefined)?.user_id;
      if (typeof signedFor === 'number' || typeof signedFor === 'string') connection.users.add(String(signedFor));
    }
    if (isPresence(channel)) {
      const member = safeParse(channelData ?? '') as { user_id?: unknown; user_info?: unknown } | undefined;
      if (member?.user_id === undefined || member.user_id === null) return this.refuseSubscription(connection, channel, 'AuthError', 'Presence channels need channel_data with a user_id', 401);
      this.join(connection, channel);
      void this.addMember(connection, channel, String(member.user_id), member.user_info ?? {}).catch((error: unknown) => {
        this.options.logger.error({ err: error, channel }, 'presence join failed');
        // Out of the channel again, without counting a leave for a join that never counted.
        connection.presence?.delete(channel);
        this.leave(connection, channel);
        this.refuseSubscription(connection, channel, 'PresenceError', 'Presence is unavailable', 500);
      });
      return;
    }
    this.join(connection, channel);
    this.send(connection, frame('pusher_internal:subscription_succeeded', channel, this.historyOf(channel)));
  }

  private refuseSubscription(connection: Connection, channel: string, type: string, error: string, status: number): void {
    this.send(connection, JSON.stringify({ event: 'pusher:subscription_error', channel, data: { type, error, status } }));
  }

  private join(connection: Connection, channel: string): void {
    connection.channels.add(channel);
    let subscribers = this.channels.get(channel);
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()));
    subscribers.add(connection);
    this.options.onSubscribed?.(channel);
  }

  private async addMember(connection: Connection, channel: string, userId: string, info: unknown): Promise<void> {
    (connection.presence ??= new Map()).set(channel, userId);
    const { members, first } = await this.presence.join(channel, userId, info);
    this.send(connection, frame('pusher_internal:subscription_succeeded', channel, presenceData(members)));
    if (first) this.announce({ channel, event: 'pusher_internal:member_added', data: { user_id: userId, user_info: info } }, connection.socketId);
  }

  /** A member the presence directory found gone (their process died): announced everywhere. */
  memberGone(channel: string, userId: string): void {
    this.announce({ channel, event: 'pusher_internal:member_removed', data: { user_id: userId } });
  }

  /** A member event to this process's sockets on the channel, and through the relay to the others'. */
  private announce(event: MemberEvent, exceptSocketId?: string): void {
    this.publish(event.channel, event.event, event.data, exceptSocketId);
    this.options.relay?.publish(event);
  }

  private leave(connection: Connection, channel: string): void {
    if (!connection.channels.delete(channel)) return;
    const subscribers = this.channels.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) this.channels.delete(channel);
    const userId = connection.presence?.get(channel);
    if (userId === undefined) return;
    connection.presence!.delete(channel);
    void this.presence
      .leave(channel, userId)
      .then(({ last }) => {
        if (last) this.announce({ channel, event: 'pusher_internal:member_removed', data: { user_id: userId } });
      })
      .catch((error: unknown) => this.options.logger.error({ err: error, channel }, 'presence leave failed'));
  }

  private drop(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    for (const channel of [...connection.channels]) this.leave(connection, channel);
  }

  /** Pings sockets silent for the activity timeout; closes those that then stay silent past the pong timeout. */
  private pingIdle(): void {
    const now = Date.now();
    for (const connection of this.connections) {
      if (connection.pingedAt !== undefined) {
        if (now - connection.pingedAt > this.pongMs) connection.ws.close(closeCodes.pongNotReceived, 'Pong reply not received');
      } else if (now - connection.lastSeen > this.activityMs) {
        connection.pingedAt = now;
        this.send(connection, JSON.stringify({ event: 'pusher:ping', data: {} }));
      }
    }
  }
}

/** The presence part of `subscription_succeeded`. */
function presenceData(members: Members) {
  const hash = Object.fromEntries(members);
  return { presence: { ids: Object.keys(hash), hash, count: members.size } };
}

const asObject = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined);

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
