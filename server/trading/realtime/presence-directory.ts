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

/**
 * Membership shared by every process through Redis: each process counts its own sockets per user in a
 * hash of its own (expiring unless the process keeps it alive, so a crashed process's members vanish),
 * and a channel's members are the users counted anywhere.
 */
export class RedisPresenceDirectory implements PresenceDirectory {
  private readonly local = new Set<string>();
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly node: string,
    private readonly ttlS = 90,
  ) {
    this.keepAlive = setInterval(() => void this.refresh(), (ttlS / 3) * 1000);
    this.keepAlive.unref();
  }

  private key = (channel: string, part: string) => `rt:presence:${channel}:${part}`;

  async join(channel: string, userId: string, info: unknown) {
    this.local.add(channel);
    const own = this.key(channel, `node:${this.node}`);
    await this.redis
      .multi()
      .hincrby(own, userId, 1)
      .expire(own, this.ttlS)
      .sadd(this.key(channel, 'nodes'), this.node)
      .hset(this.key(channel, 'info'), userId, JSON.stringify(info ?? {}))
      .exec();
    const counts = await this.counts(channel);
    return { members: await this.withInfo(channel, counts), first: counts.get(userId) === 1 };
  }

  async leave(channel: string, userId: string) {
    const own = this.key(channel, `node:${this.node}`);
    const left = await this.redis.hincrby(own, userId, -1);
    if (left <= 0) await this.redis.hdel(own, userId);
    const counts = await this.counts(channel);
    return { last: !counts.has(userId) };
  }

  async members(channel: string): Promise<Members> {
    return this.withInfo(channel, await this.counts(channel));
  }

  /** Sockets per user over every live process (a process whose hash expired is forgotten). */
  private async counts(channel: string): Promise<Map<string, number>> {
    const nodes = await this.redis.smembers(this.key(channel, 'nodes'));
    const counts = new Map<string, number>();
    for (const node of nodes) {
      const perUser = await this.redis.hgetall(this.key(channel, `node:${node}`));
      const entries = Object.entries(perUser);
      if (entries.length === 0 && node !== this.node) await this.redis.srem(this.key(channel, 'nodes'), node);
      for (const [userId, count] of entries) if (Number(count) > 0) counts.set(userId, (counts.get(userId) ?? 0) + Number(count));
    }
    return counts;
  }

  private async withInfo(channel: string, counts: Map<string, number>): Promise<Members> {
    const ids = [...counts.keys()];
    if (ids.length === 0) return new Map();
    const infos = await this.redis.hmget(this.key(channel, 'info'), ...ids);
    return new Map(ids.map((id, i) => [id, JSON.parse(infos[i] ?? '{}') as unknown]));
  }

  private async refresh(): Promise<void> {
    for (const channel of this.local) await this.redis.expire(this.key(channel, `node:${this.node}`), this.ttlS).catch(() => undefined);
  }

  close(): void {
    clearInterval(this.keepAlive);
  }
}
