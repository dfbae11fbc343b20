import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Pusher from 'pusher-js';
import { afterAll, describe, expect, it } from 'vitest';
import { realtimeChannels, realtimeEvents } from '../../shared/realtime';
import { openDatabase } from '../../server/trading/db/open';
import { prepareDatabase } from '../../server/trading/setup/prepare';
import { silentLogger } from '../support/trading';
import { assetId, OrderLoad, reckon, seconds, seedCustomers, sendOrder, signIn, statusCounts, type Customer } from './support/orders';
import { answerOf, serverBaseEnv, startServer, stopGracefully, until, type Answer, type ServerProcess } from './support/processes';
import { sleep } from '../support/wait';
import { PrivateRedis } from './support/redis';
import { bearer } from '../support/bearer';

/**
 * Fault (d) (docs/operations.md#faults): Redis goes away for about five seconds under a light load on two trading
 * processes (one leads, the other follows its prices through Redis), then comes back empty.
 *
 * While it is away: neither process exits, no API call answers 5xx (orders go on; sign-in limits are
 * counted in each process, so they still bite), `/readyz` answers 503 "redis unavailable", each process
 * logs the outage in a few lines, not one per attempt or per request, and nothing waits on Redis past a
 * few seconds. When it is back: `/readyz` 200 on both, the follower's prices move again, an order on one
 * process reaches a realtime socket on the other, and sign-in limits are counted across both again, all
 * within a few seconds and without a restart.
 */
const basePg = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisPort = 6395;
const ports = { leader: '3540', follower: '3541' };
const outageMs = 5_000;
const loginLimit = 5;

const since = (from: number) => Date.now() - from;

describe('Redis outage: two trading processes degrade as documented and recover by themselves', () => {
  const redis = new PrivateRedis(redisPort);
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-redis-'));
  const dbName = `redis_faults_${Date.now()}`;
  const admin = new pg.Client({ connectionString: basePg });
  const servers: ServerProcess[] = [];
  const sockets: Pusher[] = [];

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const server of servers) await stopGracefully(server, 5_000);
    await redis.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering without a 5xx while Redis is down, and recovers within seconds when it is back', async () => {
    await redis.start();
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const dbUrl = new URL(basePg);
    dbUrl.pathname = `/${dbName}`;
    const seeding = await openDatabase({ url: dbUrl.toString(), poolMax: 2, dataDir });
    await prepareDatabase(seeding, { seedDemo: 'never', logger: silentLogger });
    const customers = await seedCustomers(seeding.db, 9);
    const shared = {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT: String(loginLimit),
      // What a deployment sets (some releases require them with DATABASE_URL); harmless where not read.
      PUBLIC_ORIGIN: 'http://127.0.0.1:3549',
      METRICS_TOKEN: 'faults-metrics-token-0123456789abcdef',
    };
    const leader = await startServer({ env: { ...shared, API_PORT: ports.leader } });
    servers.push(leader);
    await until(() => leader.output().includes('leading the cluster'), 15_000, 'the first process to lead');
    const follower = await startServer({ env: { ...shared, API_PORT: ports.follower } });
    servers.push(follower);
    expect(follower.output()).toContain('following the cluster lead');
    const [a, b] = [leader.apiOrigin, follower.apiOrigin];

    await signIn(a, customers);
    const [watched, ...loaded] = customers as [Customer, ...Customer[]];
    const btc = await assetId(a, watched, 'BTCUSD');
    const order = () => ({ type: 'buy', id: btc, volume: '0.01', leverage: 2 });

    // A trader's realtime connection on the follower, on their trade channel.
    const heard: { trade: { id: number }; at: number }[] = [];
    let reconnects = 0;
    const socket = new Pusher(serverBaseEnv.PUSHER_APP_KEY!, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: Number(ports.follower),
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: { endpoint: `${b}/broadcasting/auth`, transport: 'ajax', headers: bearer(watched.token!) },
    });
    sockets.push(socket);
    socket.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'connecting') reconnects += 1;
    });
    const channel = socket.subscribe(realtimeChannels.trade(watched.userId));
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))));
    });
    channel.bind(realtimeEvents.tradeUpdated, (event: { trade: { id: number } }) => heard.push({ ...event, at: Date.now() }));
    const reconnectsBefore = reconnects;

    // The light load: orders from eight customers on either process, and beside them the watchers.
    let turn = 0;
    const load = new OrderLoad(() => (turn++ % 2 === 0 ? a : b), loaded, order, 100);
    const observed: Answer[] = [];
    const prices: { at: number; rate: string }[] = [];
    const ask = async (what: string, url: string, init: RequestInit = {}) => {
      const answer = await answerOf(what, url, init, 8_000);
      observed.push({ ...answer, body: answer.body.slice(0, 200) });
      return answer;
    };
    const login = (origin: string, email: string, from: string) =>
      ask(`login ${origin === a ? 'leader' : 'follower'}`, `${origin}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
        body: JSON.stringify({ email, password: 'not-the-password' }),
      });
    let watching = true;
    const watchers = [
      (async () => {
        while (watching) {
          await Promise.all([ask('readyz leader', `${a}/readyz`), ask('readyz follower', `${b}/readyz`)]);
          await sleep(100);
        }
      })(),
      (async () => {
        while (watching) {
          const { status, body } = await ask('assets follower', `${b}/api/v1/assets`, { headers: bearer(watched.token!) });
          if (status === 200) prices.push({ at: Date.now(), rate: (JSON.parse(body) as { data: { symbol: string; rate: string }[] }).data.find((x) => x.symbol === 'BTCUSD')!.rate });
          await sleep(150);
        }
      })(),
      (async () => {
        // Failed sign-ins from ever new addresses: each is answered 422, never 5xx, Redis or not.
        for (let i = 1; watching; i += 1) {
          await login(i % 2 === 0 ? a : b, `nobody-${i}@faults.test`, `198.51.100.${i % 250}`);
          await sleep(300);
        }
      })(),
    ];
    // Waited for, not sampled: on a quick machine forty orders took less than a second, in which BTCUSD may not move.
    const pricesMoved = () => new Set(prices.map((p) => p.rate)).size > 1;
    await until(() => load.acknowledged.length >= 40 && prices.length >= 5 && pricesMoved(), 30_000, 'the load to run and the follower’s prices to move');
    const pricesMovedBefore = pricesMoved();

    // Redis goes away.
    const downAt = Date.now();
    await redis.stop();
    await until(
      () => ['readyz leader', 'readyz follower'].every((what) => observed.some((o) => o.what === what && o.at > downAt && o.status === 503 && o.body?.includes('redis unavailable'))),
      5_000,
      'both /readyz to answer 503 "redis unavailable"',
    );
    // Sign-in limits still bite (counted in the process): one address guessed from one client.
    const guessed: (number | 'error')[] = [];
    for (let i = 0; i <= loginLimit; i += 1) guessed.push((await login(a, 'guessed@faults.test', '203.0.113.9')).status);
    await sleep(Math.max(0, outageMs - since(downAt)));
    const pricesInOutage = prices.filter((p) => p.at > downAt + 1_000);
    expect(leader.alive() && follower.alive()).toBe(true);

    // Redis comes back (empty).
    await redis.start();
    const upAt = Date.now();
    const bothReady = until(() => ['readyz leader', 'readyz follower'].every((what) => observed.some((o) => o.what === what && o.at > upAt && o.status === 200)), 20_000, 'both /readyz to answer 200');
    const lastOutagePrice = pricesInOutage.at(-1)?.rate ?? prices.at(-1)!.rate;
    const pricesMove = until(() => prices.some((p) => p.at > upAt && p.rate !== lastOutagePrice), 20_000, 'the follower’s prices to move again');
    const crossing = (async () => {
      // Orders on the leader until one of them reaches the socket on the follower.
      const placed = new Set<string>();
      return until(
        async () => {
          const sent = await sendOrder(a, watched, order());
          if (sent.tradeId !== undefined) placed.add(String(sent.tradeId));
          return heard.some((event) => placed.has(String(event.trade.id)));
        },
        20_000,
        'an order on the leader to reach the follower’s socket',
        300,
      );
    })();
    const [readyMs, pricesMs, crossingMs] = await Promise.all([bothReady, pricesMove, crossing]).catch((error: unknown) => {
      for (const server of [leader, follower]) console.log(`── ${server.apiOrigin} ──\n${server.output().slice(-6_000)}`);
      console.log({ heard: heard.length, reconnects, state: socket.connection.state });
      throw error;
    });

    // Sign-in limits are shared again: failures spread over both processes add up.
    const shared429: (number | 'error')[] = [];
    for (let i = 0; i <= loginLimit; i += 1) shared429.push((await login(i % 2 === 0 ? a : b, 'spread@faults.test', '203.0.113.10')).status);

    watching = false;
    await Promise.all(watchers);
    await load.stop();

    const inOutage = (at: number) => at >= downAt && at <= upAt;
    const answers: Answer[] = [...observed.filter((o) => !o.what.startsWith('readyz')), ...load.sent.map((s) => ({ at: s.sentAt, what: 'order', status: s.status, ms: s.ms, body: s.message ?? '' }))];
    const fiveXx = answers.filter((o) => o.status === 'error' || o.status >= 500);
    const slowest = Math.max(...answers.filter((o) => inOutage(o.at)).map((o) => o.ms));
    const ordersInOutage = load.sent.filter((s) => inOutage(s.sentAt));
    // Each failed readiness check is logged by the health route and the request log (a load balancer asks every few seconds): counted apart.
    const isReadiness = (line: Record<string, unknown>) => (line.req as { url?: string } | undefined)?.url === '/readyz';
    const warningLines = (server: ServerProcess) => server.logLines().filter((line) => Number(line.level) >= 40 && Number(line.time) >= downAt);
    const warnings = (server: ServerProcess) => warningLines(server).filter((line) => !isReadiness(line));
    const readinessWarnings = (server: ServerProcess) => warningLines(server).filter(isReadiness).length;
    const reckoning = await reckon(seeding, loaded, load.sent);
    await seeding.close();

    console.log(
      [
        '',
        '── fault (d): Redis down for 5 s under load, two trading processes ──',
        `requests: ${answers.length} (orders ${load.sent.length}: ${JSON.stringify(statusCounts(load.sent))}); 5xx or no answer: ${fiveXx.length}`,
        `during the outage: ${ordersInOutage.length} orders (${JSON.stringify(statusCounts(ordersInOutage))}), slowest answer ${slowest} ms; sign-in guesses on one address: ${guessed.join(', ')}`,
        `follower's BTCUSD during the outage: ${new Set(pricesInOutage.map((p) => p.rate)).size} distinct value(s) (frozen: it follows the leader through Redis)`,
        `recovery after Redis answered again: both /readyz 200 in ${seconds(readyMs)}, follower prices moving in ${seconds(pricesMs)}, an order on the leader on the follower's socket in ${seconds(crossingMs)}`,
        `realtime socket on the follower: ${reconnects - reconnectsBefore} reconnection(s) (asked to catch up after the outage)`,
        `sign-in limit shared again across both processes: ${shared429.join(', ')}`,
        `warnings and errors logged since the outage: leader ${warnings(leader).length}, follower ${warnings(follower).length} (and for the failed /readyz polls, every 100 ms here: ${readinessWarnings(leader)} and ${readinessWarnings(follower)})`,
        ...[leader, follower].map(
          (server) =>
            `  ${server === leader ? 'leader' : 'follower'}: ${warnings(server)
              .map((line) => String(line.msg))
              .join(' | ')}`,
        ),
        `orders acknowledged: ${reckoning.acknowledged}, lost: ${reckoning.lost}, duplicates: ${reckoning.duplicates}, half-written: ${reckoning.halfWritten}`,
        '',
      ].join('\n'),
    );

    expect(pricesMovedBefore).toBe(true);
    expect(fiveXx.map((o) => `${o.what} ${o.status} ${o.body ?? ''}`)).toEqual([]);
    expect(leader.alive() && follower.alive()).toBe(true);
    expect(slowest).toBeLessThan(3_000);
    expect(guessed).toEqual([...Array<number>(loginLimit).fill(422), 429]);
    expect(shared429).toEqual([...Array<number>(loginLimit).fill(422), 429]);
    expect(ordersInOutage.length).toBeGreaterThan(0);
    expect(readyMs).toBeLessThan(5_000);
    expect(pricesMs).toBeLessThan(5_000);
    expect(crossingMs).toBeLessThan(6_000);
    for (const server of [leader, follower]) {
      expect(server.output()).not.toContain('Unhandled error event');
      expect(warnings(server).length).toBeLessThanOrEqual(10);
    }
    expect(reckoning.problems).toEqual([]);
  });
});
