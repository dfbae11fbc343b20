import type { Redis } from 'ioredis';

/** Who is on a presence channel: user id → what the channel shows of them. */
export type Members = Map<string, unknown>;

/**
 * Presence channel membership, counted per user over every socket (a user with two tabs is one member).
 * The local directory knows this process's sockets; the Redis one the whole cluster's.
 */
export interface PresenceDirectory {
  /** Records one more socket of the user; `first` when the user was not on the channel anywhere. */
  join(channel: string, userId: string, info: unknown): Promise<{ members: Members; first: boolean }>;
  /** Records one socket fewer; `last` when the user is no longer on the channel anywhere. */
  leave(channel: string, userId: string): Promise<{ last: boolean }>;
  members(channel: string): Promise<Members>;
  close(): void;
}

export class LocalPresenceDirectory implements PresenceDirectory {
  private readonly channels = new Map<string, Map<string, { info: unknown; sockets: number }>>();

  async join(channel: string, userId: string, info: unknown) {
    let members = this.channels.get(channel);
    if (!members) this.channels.set(channel, (members = new Map()));
    const known = members.get(userId);
    if (known) known.sockets += 1;
    else members.set(userId, { info, sockets: 1 });
    return { members: await this.members(channel), first: !known };
  }

  async leave(channel: string, userId: string) {
    const members = this.channels.get(channel);
    const member = members?.get(userId);
    if (!members || !member) return { last: false };
    member.sockets -= 1;
    if (member.sockets > 0) return { last: false };
    members.delete(userId);
    if (members.size === 0) this.channels.delete(channel);
    return { last: true };
  }

  async members(channel: string): Promise<Members> {
    return new Map([...(this.channels.get(channel) ?? [])].map(([id, member]) => [id, member.info]));
  }

  close(): void {}
}

/** Adds one socket of a user on this process; returns the user's sockets over the cluster. */
const joinScript = `
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('SADD', KEYS[5], ARGV[4])
redis.call('HSET', KEYS[4], ARGV[1], ARGV[3])
return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)`;

/** Takes one socket of a user away on this process; returns the user's sockets left over the cluster. */
const leaveScript = `
if redis.call('HINCRBY', KEYS[2], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]); redis.call('HDEL', KEYS[4], ARGV[1]) end
return left`;

/** Removes a dead process's sockets from a channel; returns the users who are then gone from it. */
const sweepScript = `
local counts = redis.call('HGETALL', KEYS[2])
local gone = {}
for i = 1, #counts, 2 do
  local left = redis.call('HINCRBY', KEYS[1], counts[i], -tonumber(counts[i + 1]))
  if left <= 0 then redis.call('HDEL', KEYS[1], counts[i]); redis.call('HDEL', KEYS[4], counts[i]); table.insert(gone, counts[i]) end
end
redis.call('DEL', KEYS[2])
redis.call('SREM', KEYS[3], ARGV[1])
return gone`;

/**
 * Membership shared by every process through Redis. Each change is one Lua script, so a user's first
 * join and last leave are decided once however many sockets come and go at once. Each process counts its
 * own sockets per channel and keeps an `alive` key fresh; a process whose key expired (it crashed) is
 * swept by the others, and the users it alone held are announced as gone (`onGone`).
 *
 * While Redis is away, joining and leaving fail (the realtime server refuses the subscription, and every
 * client is asked to reconnect once the bus is back, which counts everyone afresh); asking for the
 * members of a channel one is on already answers nobody rather than failing.
 */
export class RedisPresenceDirectory implements PresenceDirectory {
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly node: string,
    private readonly ttlS = 90,
    private readonly onGone: (channel: string, userId: string) => void = () => undefined,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    void this.beat().catch(onError);
    this.keepAlive = setInterval(
      () =>
        void this.beat()
          .then(() => this.sweep())
          .catch(onError),
      (ttlS / 3) * 1000,
    );
    this.keepAlive.unref();
  }

  private key = (channel: string, part: string) => `rt:presence:${channel}:${part}`;
  private alive = (node: string) => `rt:presence:alive:${node}`;
  private static readonly channelsKey = 'rt:presence:channels';

  private keys(channel: string) {
    return [this.key(channel, 'total'), this.key(channel, `node:${this.node}`), this.key(channel, 'nodes'), this.key(channel, 'info'), RedisPresenceDirectory.channelsKey];
  }

  async join(channel: string, userId: string, info: unknown) {
    const total = Number(await this.redis.eval(joinScript, 5, ...this.keys(channel), userId, this.node, JSON.stringify(info ?? {}), channel));
    return { members: await this.readMembers(channel), first: total === 1 };
  }

  async leave(channel: string, userId: string) {
    const left = Number(await this.redis.eval(leaveScript, 4, ...this.keys(channel).slice(0, 4), userId));
    return { last: left <= 0 };
  }

  async members(channel: string): Promise<Members> {
    try {
      return await this.readMembers(channel);
    } catch (error) {
      this.onError(error);
      return new Map();
    }
  }

  private async readMembers(channel: string): Promise<Members> {
    const totals = Object.entries(await this.redis.hgetall(this.key(channel, 'total'))).filter(([, count]) => Number(count) > 0);
    if (totals.length === 0) return new Map();
    const ids = totals.map(([id]) => id);
    const infos = await this.redis.hmget(this.key(channel, 'info'), ...ids);
    return new Map(ids.map((id, i) => [id, JSON.parse(infos[i] ?? '{}') as unknown]));
  }

  private async beat(): Promise<void> {
    await this.redis.set(this.alive(this.node), '1', 'EX', this.ttlS);
  }

  /** Sweeps the processes that stopped beating out of every channel they were on. */
  async sweep(): Promise<void> {
    for (const channel of await this.redis.smembers(RedisPresenceDirectory.channelsKey)) {
      const nodes = await this.redis.smembers(this.key(channel, 'nodes'));
      if (nodes.length === 0) {
        await this.redis.srem(RedisPresenceDirectory.channelsKey, channel);
        continue;
      }
      for (const node of nodes) {
        if (node === this.node || (await this.redis.exists(this.alive(node)))) continue;
        const keys = [this.key(channel, 'total'), this.key(channel, `node:${node}`), this.key(channel, 'nodes'), this.key(channel, 'info')];
        const gone = (await this.redis.eval(sweepScript, 4, ...keys, node)) as string[];
        for (const userId of gone) this.onGone(channel, userId);
      }
    }
  }

  close(): void {
    clearInterval(this.keepAlive);
  }
}
