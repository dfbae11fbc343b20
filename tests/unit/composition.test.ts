import { createServer } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseDrivers, openBus, openFileStore, openMailer, openPresenceDirectory, openRateLimitStores } from '../../server/compose/drivers';
import { ClusterLead, type LeaderJob } from '../../server/compose/leadership';
import { Lifecycle } from '../../server/compose/lifecycle';
import { ConfigError, loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import type { AppDb, Leadership } from '../../server/trading/db/database';

const logger = createLogger({ level: 'silent', name: 'test' });

/** A lock that can be taken once at a time, and lost on demand. */
function lockOf() {
  let holder: { lose(): void } | undefined;
  const lock = {
    released: 0,
    free: true,
    async tryLead(): Promise<Leadership | undefined> {
      if (!lock.free) return undefined;
      lock.free = false;
      let lose = () => undefined as void;
      const lost = new Promise<void>((resolve) => (lose = resolve));
      holder = { lose };
      return {
        lost,
        release: async () => {
          lock.released += 1;
          lock.free = true;
        },
      };
    },
    lose: () => holder?.lose(),
  };
  return lock;
}

/** Jobs that write what happens to them into `log`; `failing` names one whose start throws. */
function jobsLogging(log: string[], failing?: string): LeaderJob[] {
  return ['prices', 'engine', 'candles', 'advisors'].map((name) => ({
    name,
    start: async () => {
      log.push(`start ${name}`);
      if (name === failing) throw new Error(`${name} would not start`);
    },
    stop: () => void log.push(`stop ${name}`),
  }));
}

describe('the cluster lead', () => {
  afterEach(() => vi.useRealTimers());

  it('when the lock is free, then it leads and starts the jobs in order; stop stops them in reverse and release lets the lock go', async () => {
    const log: string[] = [];
    const lock = lockOf();
    const lead = new ClusterLead({ tryLead: lock.tryLead, jobs: jobsLogging(log), logger, onLost: () => undefined });
    expect(await lead.begin()).toBe(true);
    expect(lead.leading).toBe(true);
    expect(log).toEqual(['start prices', 'start engine', 'start candles', 'start advisors']);
    await lead.stop();
    expect(log.slice(4)).toEqual(['stop advisors', 'stop candles', 'stop engine', 'stop prices']);
    expect(lock.released).toBe(0);
    await lead.release();
    expect(lock.released).toBe(1);
  });

  it('when a job fails to start, then the jobs started (the failing one too) stop in reverse, the lock is let go and the error thrown', async () => {
    const log: string[] = [];
    const lock = lockOf();
    const lead = new ClusterLead({ tryLead: lock.tryLead, jobs: jobsLogging(log, 'candles'), logger, onLost: () => undefined });
    await expect(lead.begin()).rejects.toThrow('candles would not start');
    expect(log).toEqual(['start prices', 'start engine', 'start candles', 'stop candles', 'stop engine', 'stop prices']);
    expect(lock).toMatchObject({ released: 1, free: true });
    expect(lead.leading).toBe(false);
  });

  it('when a job fails to stop, then the jobs after it still stop', async () => {
    const log: string[] = [];
    const jobs = jobsLogging(log).map((job) => (job.name === 'candles' ? { ...job, stop: () => Promise.reject(new Error('stuck')) } : job));
    const lead = new ClusterLead({ tryLead: lockOf().tryLead, jobs, logger, onLost: () => undefined });
    await lead.begin();
    await lead.stop();
    expect(log.slice(4)).toEqual(['stop advisors', 'stop engine', 'stop prices']);
  });

  it('when it is stopped while its jobs are starting, then they stop again and the lock is let go', async () => {
    const log: string[] = [];
    const lock = lockOf();
    let lead: ClusterLead | undefined;
    const jobs = jobsLogging(log).map((job) => (job.name === 'engine' ? { ...job, start: async () => void (await job.start(), await lead!.stop()) } : job));
    lead = new ClusterLead({ tryLead: lock.tryLead, jobs, logger, onLost: () => undefined });
    expect(await lead.begin()).toBe(false);
    expect(log).toEqual(['start prices', 'start engine', 'start candles', 'start advisors', 'stop advisors', 'stop candles', 'stop engine', 'stop prices']);
    expect(lock).toMatchObject({ released: 1, free: true });
    expect(lead.leading).toBe(false);
  });

  it('when another process leads, then it follows and takes the lead on a later try once the lock is free', async () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const lock = lockOf();
    lock.free = false;
    const lead = new ClusterLead({ tryLead: lock.tryLead, jobs: jobsLogging(log), logger, onLost: () => undefined, retryMs: 5_000 });
    expect(await lead.begin()).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lead.leading).toBe(false);
    lock.free = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lead.leading).toBe(true);
    expect(log).toEqual(['start prices', 'start engine', 'start candles', 'start advisors']);
    await lead.stop();
  });

  it('when the lock is lost while leading, the jobs stop, onLost is told, and it follows until it can lead again; a lock lost after stopping is not news', async () => {
    vi.useFakeTimers();
    const lock = lockOf();
    const log: string[] = [];
    const lost = vi.fn();
    const lead = new ClusterLead({ tryLead: lock.tryLead, jobs: jobsLogging(log), logger, onLost: lost, retryMs: 1_000 });
    await lead.begin();
    lock.free = false; // the database still counts the old connection's lock for a while
    lock.lose();
    await vi.waitFor(() => expect(lost).toHaveBeenCalledTimes(1));
    expect(lead.leading).toBe(false);
    expect(log.splice(0)).toEqual(['start prices', 'start engine', 'start candles', 'start advisors', 'stop advisors', 'stop candles', 'stop engine', 'stop prices']);
    lock.free = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lead.leading).toBe(false);
    lock.free = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lead.leading).toBe(true);
    expect(log.splice(0)).toEqual(['start prices', 'start engine', 'start candles', 'start advisors']);
    await lead.stop();
    vi.useRealTimers();

    const other = lockOf();
    const quiet = vi.fn();
    const stopped = new ClusterLead({ tryLead: other.tryLead, jobs: [], logger, onLost: quiet });
    await stopped.begin();
    await stopped.stop();
    other.lose();
    await Promise.resolve();
    expect(quiet).not.toHaveBeenCalled();
  });
});

describe('the lifecycle', () => {
  it('stops farewells, then servers, then closers, each last registered first; a failing step is reported and the rest still run', async () => {
    const lifecycle = new Lifecycle();
    const log: string[] = [];
    const api = createServer();
    const web = createServer();
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    api.on('close', () => log.push('api closed'));
    web.on('close', () => log.push('web closed'));
    lifecycle.onClose(() => void log.push('database'));
    lifecycle.onClose(() => {
      throw new Error('redis would not quit');
    });
    lifecycle.onClose(() => void log.push('jobs'));
    lifecycle.addServer(api);
    lifecycle.onFarewell(() => void log.push('feed and sockets'));
    lifecycle.addServer(web);
    lifecycle.onClose(() => void log.push('assets'));
    const errors: unknown[] = [];
    expect(lifecycle.accepting).toBe(true);
    const stopping = lifecycle.stop({ graceMs: 100, onError: (error) => errors.push(error) });
    expect(lifecycle.accepting).toBe(false);
    await stopping;
    expect(log).toEqual(['feed and sockets', 'web closed', 'api closed', 'assets', 'jobs', 'database']);
    expect(errors).toEqual([new Error('redis would not quit')]);
    await lifecycle.stop();
    expect(log).toHaveLength(6);
  });
});

describe('drivers', () => {
  const base = { DATA_DIR: '/tmp/unused' };

  it('are chosen once from the config: in process by default, Redis and SMTP when their URLs are set', () => {
    expect(chooseDrivers(loadConfig(base))).toEqual({ bus: 'local', presence: 'local', rateLimits: 'memory', files: 'folder', mail: 'outbox', prices: 'simulator' });
    expect(
      chooseDrivers(loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379', SMTP_URL: 'smtp://mail.test:25', PRICE_SOURCE: 'upstream', PRICE_FEED_URL: 'http://feed.test', PRICE_FEED_KEY: 'k' })),
    ).toEqual({
      bus: 'redis',
      presence: 'redis',
      rateLimits: 'redis',
      files: 'folder',
      mail: 'smtp',
      prices: 'upstream',
    });
  });

  it('when a driver is unknown, or Redis is missing for a Redis driver, then the start stops with a configuration error', async () => {
    const config = loadConfig(base);
    const db = {} as AppDb;
    await expect(openBus('kafka' as never, { redis: undefined, logger })).rejects.toSatisfy((error) => error instanceof ConfigError && error.message === 'Unknown bus driver "kafka"');
    expect(() => openPresenceDirectory('etcd' as never, { redis: undefined, node: 'n', onGone: () => undefined })).toThrow('Unknown presence driver "etcd"');
    expect(() => openRateLimitStores('memcached' as never, { redis: undefined })).toThrow('Unknown rateLimits driver "memcached"');
    expect(() => openFileStore('s3' as never, { dir: '/tmp' })).toThrow('Unknown files driver "s3"');
    expect(() => openMailer('pigeon' as never, { db, config, logger })).toThrow('Unknown mail driver "pigeon"');
    await expect(openBus('redis', { redis: undefined, logger })).rejects.toBeInstanceOf(ConfigError);
    expect(() => openRateLimitStores('redis', { redis: undefined })).toThrow(/REDIS_URL/);
  });
});
