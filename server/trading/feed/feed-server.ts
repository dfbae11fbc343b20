import { numberOfDecimal } from '../../../shared/api/wire';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { feedEvents, feedKeyHeader, type FeedItem } from '../../../shared/api/feed.schema';
import { changeOf } from '../../../shared/trading/prices';
import type { Logger } from '../../logger';
import type { Bus } from '../bus';
import type { Market } from '../market/market';
import type { LiveQuote } from '../market/quote-book';
import type { Group } from '../market/conditions';
import { bearerToken } from '../db/opaque-tokens';
import { tooManySockets, tooManySocketsResponse, type Admit } from '../realtime/connection-cap';

/**
 * A decimal the server has rounded already (a quote's figures are at the instrument's digits, a percent
 * at 2 decimals) as the wire's number. Up to 15 characters it has at most 15 significant digits, so the
 * double is exactly that decimal; a longer one is rounded to 15 significant digits first rather than
 * sent as a double that is not the decimal.
 */

/**
 * An instrument's feed item (docs/realtime.md#price-feed): keyed by its `asset_id` (the symbol, as
 * `/assets` lists it), which is what the original client looks prices up by; figures as numbers.
 */
export function feedItem(market: Market, quote: LiveQuote): FeedItem {
  const instrument = market.instrument(quote.assetId)!;
  const { change, percent } = changeOf({ price: quote.mid, open: quote.open24h, digits: instrument.digits });
  return {
    id: instrument.symbol,
    symbol: instrument.symbol,
    price: numberOfDecimal(quote.mid),
    bid: numberOfDecimal(quote.bid),
    ask: numberOfDecimal(quote.ask),
    priceLow24h: numberOfDecimal(quote.low24h),
    priceHigh24h: numberOfDecimal(quote.high24h),
    change24h: numberOfDecimal(change),
    changePercent24h: numberOfDecimal(percent),
    volume24h: quote.volume24h,
    lastUpdated: new Date(quote.time).toISOString(),
    seq: quote.seq,
  };
}

/**
 * socket.io's `allowRequest` for the cap: the place is given back when the connection's TCP socket closes, however
 * the handshake or the socket ends. A refused upgrade is answered 429 here (engine.io would say 400); socket.io-client
 * then reconnects with its backoff (1 s growing to 5 s), not in a loop.
 */
function admitting(admit: Admit, logger: Logger) {
  return (req: IncomingMessage, callback: (message: string | null, success: boolean) => void) => {
    admit(req).then(
      (release) => {
        if (release) {
          // The client may have gone while the place was counted (through Redis): give it back at once then.
          if (req.socket.destroyed) {
            release();
            return callback('gone', false);
          }
          req.socket.once('close', release);
          return callback(null, true);
        }
        if (req.headers.upgrade && req.socket.writable) req.socket.end(tooManySocketsResponse);
        callback(tooManySockets, false);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'price feed socket cap failed');
        callback('Server error', false);
      },
    );
  };
}

const sameKey = (given: unknown, key: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The keys a handshake presents: `auth.apiKey` (the original client's name), `auth.key` (ours), and the
 * header the web tier's proxy sets (it overwrites whatever the browser sent). One that matches admits the
 * socket, so a client behind our proxy that sends a key of its own (the original's, for its asset-data
 * service) is still let in by the proxy's.
 */
function presentedKeys(handshake: { auth: unknown; headers: Record<string, string | string[] | undefined> }): unknown[] {
  const auth = (handshake.auth ?? {}) as { apiKey?: unknown; key?: unknown };
  return [auth.apiKey, auth.key, handshake.headers[feedKeyHeader]];
}

/** The bearer token a handshake presents: the `Authorization` header (the web tier's proxy sets it from the session), or `auth.token`. */
function presentedToken(handshake: { auth: unknown; headers: Record<string, string | string[] | undefined> }): string | undefined {
  const header = handshake.headers.authorization;
  const fromAuth = (handshake.auth as { token?: unknown } | undefined)?.token;
  return bearerToken(typeof header === 'string' ? header : undefined) ?? bearerToken(typeof fromAuth === 'string' ? `Bearer ${fromAuth}` : undefined);
}

/** Who a feed socket's token signs in, as far as the feed needs: the plan whose client group's quotes it is sent. */
export type FeedSignIn = (token: string) => Promise<{ userId: number; planId: number | null } | undefined>;

interface FeedSocketData {
  token: string | undefined;
  userId: number | undefined;
  group: Group;
}

/**
 * The live price feed (socket.io, docs/realtime.md#price-feed) on the API's HTTP server: an api key (in the
 * handshake's `auth.apiKey` or `auth.key`, or the header the web tier's proxy adds), websocket only, `subscribe:all` →
 * `data:all`, then `data:update` with the latest price per changed instrument, flushed every
 * `flushMs`, encoded once per broadcast and sent volatile (a slow client misses a batch instead of
 * piling it up). A socket signed in with a bearer token gets its plan's client group's quotes, any other the default
 * plan's (docs/trading.md#trading-conditions): each flush is made and encoded once per group, never per socket.
 */
export function attachPriceFeed({
  server,
  market,
  bus,
  apiKey,
  logger,
  flushMs = 200,
  admit,
  signIn,
}: {
  server: HttpServer;
  market: Market;
  bus: Bus;
  apiKey: string;
  logger: Logger;
  flushMs?: number;
  /** A place for one more socket from this handshake's client address (SOCKETS_PER_ADDRESS), or undefined when it has enough. */
  admit?: Admit;
  /** Who a bearer token belongs to (without it, every socket gets the default plan's quotes). */
  signIn?: FeedSignIn;
}) {
  const groupOfToken = async (token: string | undefined) => {
    const who = token && signIn ? await signIn(token).catch(() => undefined) : undefined;
    return { userId: who?.userId, group: market.groupOf(who?.planId ?? null) };
  };
  const io = new Server(server, {
    path: '/socket.io',
    transports: ['websocket'],
    perMessageDeflate: false,
    httpCompression: false,
    serveClient: false,
    cors: { origin: false },
    ...(admit ? { allowRequest: admitting(admit, logger) } : {}),
  });
  io.use((socket, next) => {
    if (!presentedKeys(socket.handshake).some((given) => sameKey(given, apiKey))) return next(new Error('invalid api key'));
    const token = presentedToken(socket.handshake);
    void groupOfToken(token).then(({ userId, group }) => {
      socket.data = { token, userId, group } satisfies FeedSocketData;
      next();
    });
  });
  const rooms = groupRooms(io, market, logger);
  io.on('connection', (socket) => {
    const data = socket.data as FeedSocketData;
    if (data.userId !== undefined) void socket.join(`user:${data.userId}`);
    socket.on(feedEvents.subscribeAll, () => rooms.join(socket, data.group));
  });
  const offPlan = followPlanChanges({ io, bus, logger, groupOfToken, join: rooms.join });
  let pending = new Map<number, LiveQuote>();
  const off = bus.subscribe('market.quotes', (quotes) => {
    for (const quote of quotes) pending.set(quote.assetId, quote);
  });
  const flush = () => {
    const batch = [...pending.values()];
    pending = new Map();
    rooms.flush(batch);
  };
  const timer = setInterval(flush, flushMs);
  timer.unref();

  return {
    io,
    /** Disconnects the clients and stops the engine; the HTTP server stays its owner's to close. */
    async close() {
      off();
      offPlan();
      clearInterval(timer);
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
export type PriceFeed = ReturnType<typeof attachPriceFeed>;

type Joinable = { join(room: string): void | Promise<void> };

/**
 * The feed's rooms by client group: `joining:{group}` waits for the next flush and gets one snapshot together (one
 * encode however many connect at once: a reconnect storm after a restart would otherwise encode it per client), then
 * moves to `all:{group}`, which gets each flush's batch made and encoded once for the group.
 */
function groupRooms(io: Server, market: Market, logger: Logger) {
  const groups = new Set<Group>();
  const waiting = new Set<Group>();
  const listening = (room: string) => (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
  const itemsOf = (quotes: readonly LiveQuote[], group: Group) => quotes.map((q) => feedItem(market, market.widen(q, group)));
  return {
    async join(socket: Joinable, group: Group) {
      groups.add(group);
      await socket.join(`joining:${group}`);
      waiting.add(group);
    },
    flush(batch: readonly LiveQuote[]) {
      try {
        if (batch.length > 0) {
          for (const group of groups) if (listening(`all:${group}`)) io.to(`all:${group}`).volatile.emit(feedEvents.update, itemsOf(batch, group));
        }
        for (const group of waiting) {
          const joining = `joining:${group}`;
          io.to(joining).emit(feedEvents.all, { success: true, data: itemsOf(market.quotes.all(), group) });
          io.in(joining).socketsJoin(`all:${group}`);
          io.in(joining).socketsLeave(joining);
        }
        waiting.clear();
      } catch (error) {
        logger.error({ err: error }, 'price feed flush failed');
      }
    },
  };
}

/** A customer who moved to another plan is sent its group's quotes from the next flush (a snapshot first); answers the unsubscribe. */
function followPlanChanges({
  io,
  bus,
  logger,
  groupOfToken,
  join,
}: {
  io: Server;
  bus: Bus;
  logger: Logger;
  groupOfToken: (token: string | undefined) => Promise<{ group: Group }>;
  join: (socket: Joinable, group: Group) => Promise<void>;
}): () => void {
  return bus.subscribe('plan.changed', ({ userId }) => {
    void io
      .in(`user:${userId}`)
      .fetchSockets()
      .then(async (sockets) => {
        for (const socket of sockets) {
          const data = socket.data as FeedSocketData;
          const { group } = await groupOfToken(data.token);
          if (group === data.group) continue;
          const subscribed = socket.rooms.has(`all:${data.group}`) || socket.rooms.has(`joining:${data.group}`);
          socket.leave(`all:${data.group}`);
          socket.leave(`joining:${data.group}`);
          data.group = group;
          // One not subscribed yet joins its new group when it subscribes.
          if (subscribed) await join(socket, group);
        }
      })
      .catch((error: unknown) => logger.error({ err: error }, 'price feed: moving a customer to their new plan failed'));
  });
}
