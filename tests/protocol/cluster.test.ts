import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realtimeChannels, realtimeEvents } from '../../shared/realtime';
import { bearer } from '../support/bearer';
import { sleep } from '../support/wait';

/**
 * Two trading processes on one PostgreSQL database and one Redis (the built server, as deployed): one
 * leads (prices, engine), the other follows its relayed prices; an event raised on either reaches a
 * socket on the other exactly once; when the leader dies, the follower takes over.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const credentials = { PUSHER_APP_KEY: 'cluster-test-key', PUSHER_APP_SECRET: 'cluster-test-secret-0123456789abcdef0123', FEED_API_KEY: 'cluster-feed-key-0123456789' };
/**
 * What a deployment must say about itself: the site's origin (no web tier here, and the sockets send no Origin) and the
 * /metrics token. The demo staff member has no authenticator app, so staff two-factor is off here (realtime-access tests the duty).
 */
const deployment = { PUBLIC_ORIGIN: 'https://cluster.example.test', METRICS_TOKEN: 'cluster-metrics-token-0123456789', STAFF_TWO_FACTOR: 'off' };

interface Node {
  api: string;
  port: number;
  process: ChildProcess;
  log: string[];
}

function startNode(env: Record<string, string>): Promise<Node> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, ROLE: 'trading', API_PORT: '0', PAYMENTS_SANDBOX_PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'production', ...credentials, ...deployment, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      const api = /Trading API: (http:\/\/\S+?)\/api\/v1/.exec(log.join(''))?.[1];
      if (api) resolve({ api, port: Number(new URL(api).port), process: child, log });
    });
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`node exited with ${code}: ${log.join('')}`)));
  });
}

const leads = (node: Node) => node.log.join('').includes('leading the cluster');

describe.skipIf(!databaseUrl || !redisUrl)('two trading processes with PostgreSQL and Redis', () => {
  const name = `cluster_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cluster-'));
  let admin: pg.Client;
  let a: Node;
  let b: Node;
  let token: string;
  let userId: number;
  const sockets: Pusher[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    const shared = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl!, DATA_DIR: dataDir, PAYMENTS_PROVIDER: 'sandbox' };
    a = await startNode({ ...shared, SEED_DEMO: 'always' });
    await vi.waitUntil(() => leads(a), { timeout: 10_000, interval: 100 });
    b = await startNode({ ...shared, SEED_DEMO: 'never' });
    const login = await fetch(`${a.api}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'trader@demo.test', password: 'trader-demo-1' }),
    });
    const body = (await login.json()) as { data: { token: string; user: { id: number } } };
    token = body.data.token;
    userId = body.data.user.id;
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    const running = [a, b].filter((node) => node && node.process.exitCode === null && node.process.signalCode === null).map((node) => once(node.process, 'exit'));
    for (const node of [a, b]) node?.process.kill('SIGTERM');
    await Promise.all(running);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const priceOn = async (node: Node, symbol: string) => {
    const res = await fetch(`${node.api}/api/v1/assets`, { headers: bearer(token) });
    return ((await res.json()) as { data: { symbol: string; rate: string }[] }).data.find((x) => x.symbol === symbol)!.rate;
  };

  it('the second process follows: it does not lead, and it prices from the leader’s relayed ticks', async () => {
    expect(leads(b)).toBe(false);
    expect(b.log.join('')).toContain('following the cluster lead');
    const seen = new Set<string>();
    await vi.waitUntil(
      async () => {
        const [onA, onB] = await Promise.all([priceOn(a, 'BTCUSD'), priceOn(b, 'BTCUSD')]);
        seen.add(onB);
        return onA === onB && seen.size > 1;
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('an order placed on one process reaches a socket on the other exactly once', async () => {
    const socket = new Pusher(credentials.PUSHER_APP_KEY, {
      cluster: 'mt1',
      wsHost: '127.0.0.1',
      wsPort: b.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        endpoint: `${b.api}/broadcasting/auth`,
        transport: 'ajax',
        headers: bearer(token),
      },
    });
    sockets.push(socket);
    const channel = socket.subscribe(realtimeChannels.trade(userId));
    await new Promise<void>((resolve, reject) => {
      channel.bind('pusher:subscription_succeeded', () => resolve());
      channel.bind('pusher:subscription_error', (error: unknown) => reject(new Error(JSON.stringify(error))));
    });
    const heard: { trade: { id: number } }[] = [];
    channel.bind(realtimeEvents.tradeUpdated, (event: { trade: { id: number } }) => heard.push(event));
    const btc = ((await (await fetch(`${a.api}/api/v1/assets`, { headers: bearer(token) })).json()) as { data: { id: number; symbol: string }[] }).data.find((x) => x.symbol === 'BTCUSD')!.id;
    const order = await fetch(`${a.api}/api/v1/trades/store`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ type: 'buy', id: btc, volume: '0.01', leverage: 2, order_id: randomUUID() }),
    });
    expect(order.status).toBe(201);
    const { data } = (await order.json()) as { data: { id: number } };
    await vi.waitUntil(() => heard.length > 0, { timeout: 5_000, interval: 100 });
    await sleep(300); // a second delivery would show
    expect(heard.map((e) => e.trade.id)).toEqual([data.id]);
  });

  it('presence is cluster-wide: members on either process see each other join and leave', async () => {
    const socketOn = (node: Node, token: string) => {
      const socket = new Pusher(credentials.PUSHER_APP_KEY, {
        cluster: 'mt1',
        wsHost: '127.0.0.1',
        wsPort: node.port,
        forceTLS: false,
        enabledTransports: ['ws'],
        channelAuthorization: { endpoint: `${node.api}/broadcasting/auth`, transport: 'ajax', headers: bearer(token) },
      });
      sockets.push(socket);
      return socket;
    };
    const staffLogin = await fetch(`${b.api}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'staff@demo.test', password: 'staff-demo-1' }),
    });
    const staff = ((await staffLogin.json()) as { data: { token: string; user: { id: number } } }).data;
    const name = `presence-chat.customer.${userId}`;
    type Joined = { count: number; each(f: (m: { id: string }) => void): void };
    const idsOf = (members: Joined) => {
      const ids: string[] = [];
      members.each((m) => ids.push(m.id));
      return ids.sort();
    };

    const customerChannel = socketOn(a, token).subscribe(name);
    const here = await new Promise<Joined>((resolve) => customerChannel.bind('pusher:subscription_succeeded', resolve));
    expect(idsOf(here)).toEqual([String(userId)]);
    const added = new Promise<{ id: string }>((resolve) => customerChannel.bind('pusher:member_added', resolve));

    const staffSocket = socketOn(b, staff.token);
    const staffChannel = staffSocket.subscribe(name);
    const seenByStaff = await new Promise<Joined>((resolve) => staffChannel.bind('pusher:subscription_succeeded', resolve));
    expect(idsOf(seenByStaff)).toEqual([String(staff.user.id), String(userId)].sort());
    expect((await added).id).toBe(String(staff.user.id));

    const removed = new Promise<{ id: string }>((resolve) => customerChannel.bind('pusher:member_removed', resolve));
    staffSocket.disconnect();
    expect((await removed).id).toBe(String(staff.user.id));
  });

  it('when the leader dies, the follower takes the lead and prices move on', async () => {
    a.process.kill('SIGKILL');
    await vi.waitUntil(() => leads(b), { timeout: 20_000, interval: 100 });
    const first = await priceOn(b, 'BTCUSD');
    await vi.waitUntil(async () => (await priceOn(b, 'BTCUSD')) !== first, { timeout: 5_000, interval: 100 });
  }, 30_000);
});
