import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalPresenceDirectory, RedisPresenceDirectory, type PresenceDirectory } from '../../server/trading/realtime/presence-directory';
import { sleep } from '../support/wait';

const redisUrl = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
const directories: PresenceDirectory[] = [];
afterAll(() => {
  for (const directory of directories) directory.close();
  for (const redis of connections) redis.disconnect();
});

/** Two processes' directories: one shared for the local driver, two nodes on one Redis for the Redis driver. */
const gone: string[] = [];
const drivers: [string, (ttlS?: number) => { a: PresenceDirectory; b: PresenceDirectory }][] = [
  [
    'local',
    () => {
      const directory = new LocalPresenceDirectory();
      return { a: directory, b: directory };
    },
  ],
  ...(redisUrl
    ? [
        [
          'redis',
          (ttlS = 90) => {
            const node = () => {
              const redis = new Redis(redisUrl);
              connections.push(redis);
              const directory = new RedisPresenceDirectory(redis, randomUUID(), ttlS, (channel, userId) => gone.push(`${channel}:${userId}`));
              directories.push(directory);
              return directory;
            };
            return { a: node(), b: node() };
          },
        ] as [string, (ttlS?: number) => { a: PresenceDirectory; b: PresenceDirectory }],
      ]
    : []),
];

describe.each(drivers)('the %s presence directory', (driver, open) => {
  it('counts a user once however many sockets, and says when they first join and last leave, wherever their sockets are', async () => {
    const { a, b } = open();
    const channel = `presence-test-${randomUUID()}`;
    expect((await a.join(channel, '1', { name: 'Ann' })).first).toBe(true);
    const second = await b.join(channel, '1', { name: 'Ann' });
    expect(second.first).toBe(false);
    const third = await b.join(channel, '2', { name: 'Bo' });
    expect(third.first).toBe(true);
    expect(Object.fromEntries(third.members)).toEqual({ '1': { name: 'Ann' }, '2': { name: 'Bo' } });
    expect((await a.leave(channel, '1')).last).toBe(false);
    expect((await b.leave(channel, '1')).last).toBe(true);
    expect([...(await a.members(channel)).keys()]).toEqual(['2']);
  });

  it.skipIf(driver === 'local')('sweeps out the members of a process that stopped beating, and says who is gone', async () => {
    const { a, b } = open(1);
    const channel = `presence-test-${randomUUID()}`;
    await a.join(channel, '7', {});
    await b.join(channel, '8', {});
    await a.join(channel, '8', {});
    a.close();
    await sleep(1_500);
    await (b as RedisPresenceDirectory).sweep();
    expect([...(await b.members(channel)).keys()]).toEqual(['8']);
    expect(gone).toContain(`${channel}:7`);
    expect(gone).not.toContain(`${channel}:8`);
  });

  it('decides first and last once when many sockets of one user come and go at once', async () => {
    const { a, b } = open();
    const channel = `presence-test-${randomUUID()}`;
    const joins = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).join(channel, '5', {})));
    expect(joins.filter((j) => j.first)).toHaveLength(1);
    const leaves = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).leave(channel, '5')));
    expect(leaves.filter((l) => l.last)).toHaveLength(1);
  });
});
