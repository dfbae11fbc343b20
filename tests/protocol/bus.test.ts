import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LocalBus, type Bus } from '../../server/trading/bus';
import { RedisBus } from '../../server/trading/redis-bus';
import { sleep } from '../support/wait';

const redisUrl = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
afterAll(async () => {
  for (const redis of connections) redis.disconnect();
});

/** Two processes' buses: the same one for the local driver, two nodes on one Redis channel for the Redis driver. */
const drivers: [string, () => Promise<{ a: Bus; b: Bus; shared: boolean }>][] = [
  [
    'local',
    async () => {
      const bus = new LocalBus(() => undefined);
      return { a: bus, b: bus, shared: false };
    },
  ],
  ...(redisUrl
    ? [
        [
          'redis',
          async () => {
            const channel = `bus-test-${Date.now()}-${Math.random()}`;
            const node = async () => {
              const redis = new Redis(redisUrl);
              connections.push(redis);
              return RedisBus.open(redis, { channel, onError: () => undefined });
            };
            return { a: await node(), b: await node(), shared: true };
          },
        ] as [string, () => Promise<{ a: Bus; b: Bus; shared: boolean }>],
      ]
    : []),
];

/** Waits until `heard` reaches `count` (a Redis round trip), then a little longer, so a second delivery would show. */
async function settle(heard: () => number, count: number): Promise<void> {
  await vi.waitUntil(() => heard() >= count, { timeout: 2_000, interval: 10 });
  await sleep(100);
}

describe.each(drivers)('the %s bus', (_name, open) => {
  it('delivers each event once to every subscriber, on the process that raised it and on the others', async () => {
    const { a, b } = await open();
    const onA: number[] = [];
    const onB: number[] = [];
    a.subscribe('user.updated', ({ userId }) => onA.push(userId));
    b.subscribe('user.updated', ({ userId }) => onB.push(userId));
    a.publish('user.updated', { userId: 1 });
    b.publish('user.updated', { userId: 2 });
    await settle(() => onA.length + onB.length, 4);
    expect(onA.sort()).toEqual([1, 2]);
    expect(onB.sort()).toEqual([1, 2]);
    await a.close();
    await b.close();
  });

  it('keeps a process’s own quotes to itself, and relays the leader’s ticks', async () => {
    const { a, b, shared } = await open();
    const quotesOnB: unknown[] = [];
    const ticksOnB: unknown[] = [];
    b.subscribe('market.quotes', (q) => quotesOnB.push(q));
    b.subscribe('market.ticks', (t) => ticksOnB.push(t));
    a.publish('market.quotes', []);
    a.publish('market.ticks', [{ assetId: 1, mid: '1.10000', time: 1 }]);
    await settle(() => ticksOnB.length, 1);
    expect(ticksOnB).toEqual([[{ assetId: 1, mid: '1.10000', time: 1 }]]);
    expect(quotesOnB).toHaveLength(shared ? 0 : 1);
    await a.close();
    await b.close();
  });

  it('goes on delivering when a subscriber throws, and stops delivering to one that unsubscribed', async () => {
    const { a, b } = await open();
    const heard: number[] = [];
    a.subscribe('user.updated', () => {
      throw new Error('a broken subscriber');
    });
    const off = b.subscribe('user.updated', ({ userId }) => heard.push(userId));
    a.publish('user.updated', { userId: 7 });
    await settle(() => heard.length, 1);
    off();
    a.publish('user.updated', { userId: 8 });
    await sleep(150);
    expect(heard).toEqual([7]);
    await a.close();
    await b.close();
  });
});

describe.skipIf(!redisUrl)('the Redis bus after an outage', () => {
  it('subscribes again by itself and says so, so clients can be told to catch up', async () => {
    const redis = new Redis(redisUrl!);
    connections.push(redis);
    const bus = await RedisBus.open(redis, { channel: `bus-test-${Date.now()}`, onError: () => undefined });
    const reconnected = new Promise<void>((resolve) => bus.onReconnect(resolve));
    const clients = (await redis.call('CLIENT', 'LIST')) as string;
    const id = clients
      .split('\n')
      .find((line) => line.includes(`name=${bus.subscriberName}`))
      ?.match(/id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await redis.call('CLIENT', 'KILL', 'ID', id!);
    await reconnected;
    const heard: number[] = [];
    bus.subscribe('user.updated', ({ userId }) => heard.push(userId));
    const other = await RedisBus.open(redis, { channel: (bus as unknown as { channel: string }).channel, onError: () => undefined });
    other.publish('user.updated', { userId: 3 });
    await settle(() => heard.length, 1);
    expect(heard).toEqual([3]);
    await bus.close();
    await other.close();
  });
});
