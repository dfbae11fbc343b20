import type { IncomingMessage } from 'node:http';
import type { Redis } from 'ioredis';
import type { Logger } from '../../logger';

/** A held place: give it back once, when the socket closes (later calls do nothing). */
export type Release = () => void;

export interface ConnectionCap {
  /** A place for one more socket from `address`, or undefined when the address has `limit` already. */
  acquire(address: string): Promise<Release | undefined>;
  close(): void;
}

/**
 * Sets this process's count for an address (a hash field per process, stamped with Redis's clock) and, when
 * `limit` > 0, first checks that the others' fresh counts plus it stay within the limit. Counts not refreshed
 * for `staleMs` (a process that crashed) are dropped, so they fade instead of holding places forever.
 */
const setCountScript = `
local now = redis.call('TIME')
local nowMs = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local node, mine, limit, staleMs = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if limit > 0 then
  local others = 0
  local all = redis.call('HGETALL', KEYS[1])
  for i = 1, #all, 2 do
    if all[i] ~= node then
      local sep = string.find(all[i + 1], ':', 1, true)
      local count = sep and tonumber(string.sub(all[i + 1], 1, sep - 1))
      local at = sep and tonumber(string.sub(all[i + 1], sep + 1))
      if count and at and nowMs - at <= staleMs then others = others + count else redis.call('HDEL', KEYS[1], all[i]) end
    end
  end
  if others + mine > limit then return 0 end
end
if mine > 0 then redis.call('HSET', KEYS[1], node, mine .. ':' .. nowMs) else redis.call('HDEL', KEYS[1], node) end
redis.call('PEXPIRE', KEYS[1], staleMs)
return 1
`;

export interface ConnectionCapOptions {
  /** Sockets one address may hold (SOCKETS_PER_ADDRESS). */
  limit: number;
  /** Shares the counts with the other processes; without it the cap is this process's alone. */
  redis?: Redis | undefined;
  /** This process's name among the others (its hash field). */
  node: string;
  /** Prefix of the Redis keys (tests give each their own). */
  keyPrefix?: string;
  /** How long a process's count lives without a refresh (it refreshes every third of it). */
  staleMs?: number;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Unauthenticated sockets per client address: this process counts exactly; with Redis, the counts of every
 * process are added up as well. While Redis does not answer, the process's own cap still holds.
 */
export function openConnectionCap({ limit, redis, node, keyPrefix = 'sockets:', staleMs = 60_000, logger }: ConnectionCapOptions): ConnectionCap {
  const counts = new Map<string, number>();
  const keyOf = (address: string) => `${keyPrefix}${address}`;
  let warned = false;
  /** When each address was last said to be refused: an operator hears of it once a minute, not per socket. */
  const refusedSaid = new Map<string, number>();
  const sayRefused = (address: string) => {
    const now = Date.now();
    if (now - (refusedSaid.get(address) ?? 0) < 60_000) return;
    if (refusedSaid.size > 10_000) refusedSaid.clear();
    refusedSaid.set(address, now);
    // Many addresses refused at once usually means the address is the web tier's, not the browser's: see API_TRUST_PROXY.
    logger.warn({ address, limit }, 'sockets refused: this address holds SOCKETS_PER_ADDRESS already');
  };

  const setCount = async (address: string, mine: number, check: boolean): Promise<boolean> => {
    if (!redis) return true;
    try {
      return (await redis.eval(setCountScript, 1, keyOf(address), node, mine, check ? limit : 0, staleMs)) === 1;
    } catch (error) {
      if (!warned) logger.warn({ err: error }, 'socket counts per address are not shared while Redis does not answer: each process caps its own');
      warned = true;
      return true;
    }
  };
  const change = (address: string, by: number) => {
    const count = (counts.get(address) ?? 0) + by;
    if (count > 0) counts.set(address, count);
    else counts.delete(address);
    return count;
  };

  const refresh = setInterval(() => {
    for (const [address, count] of counts) void setCount(address, count, false);
  }, staleMs / 3);
  refresh.unref();

  return {
    async acquire(address) {
      // Counted here at once, so sockets arriving together from one address cannot all pass before any is counted.
      const mine = change(address, 1);
      if (mine > limit || !(await setCount(address, mine, true))) {
        change(address, -1);
        sayRefused(address);
        return undefined;
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        void setCount(address, change(address, -1), false);
      };
    },
    close() {
      clearInterval(refresh);
    },
  };
}

/** What a refused socket is told. */
export const tooManySockets = 'Too many connections from your address';

/** The HTTP answer to a refused upgrade (before any WebSocket exists): 429, to try again later. */
export const tooManySocketsResponse = `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(tooManySockets)}\r\n\r\n${tooManySockets}`;

/** The cap as a socket server uses it: a place for the handshake's client address, or undefined. */
export type Admit = (req: IncomingMessage) => Promise<Release | undefined>;

export const admitBy =
  (cap: ConnectionCap, addressOf: (req: IncomingMessage) => string): Admit =>
  (req) =>
    cap.acquire(addressOf(req));
