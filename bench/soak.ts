/**
 * The soak: the container cluster (`npm run cluster`'s topology, brought up here unless it answers already)
 * under a mixed load through HAProxy for SOAK_MINUTES (default 10): 50 customers each opening a market order,
 * closing it, writing to the desk now and then and viewing their dashboard, beside 1,000 idle sockets (500 on
 * the price feed, 500 realtime). Per window (SOAK_WINDOW_S, default 60): requests, 5xx, p99 per kind, and the
 * RSS of every app process; then the goals (0 × 5xx, RSS growth ≤ 10 % after the warm-up, the first fifth of
 * the run: the median of the last third of the windows against the first third's) and the p99 drift: the last window against the first after warm-up, the same requests measured in
 * the same run being the only fair peer on a shared machine.
 */
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { answers, down, missingTools, up } from '../scripts/cluster/cluster';
import { containerPid } from '../scripts/cluster/podman';
import { apiOrigin, names, publicOrigin, readSecrets, topology } from '../scripts/cluster/topology';
import { openPostgres } from '../server/trading/db/postgres';
import { feedEvents } from '../shared/api/feed.schema';
import { assetId, seedCustomers, signIn, type Customer } from '../tests/faults/support/orders';

import { fmt, percentile, browserSession } from './support';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const windowMs = Number(process.env.SOAK_WINDOW_S ?? 60) * 1000;

type Kind = 'order' | 'close' | 'chat' | 'page';

interface Window {
  counts: Record<Kind, number>;
  latencies: Record<Kind, number[]>;
  serverErrors: number;
  rss: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number) => `${fmt(bytes / 1024 / 1024, 0)}`;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

export async function soakBench(): Promise<void> {
  const missing = missingTools();
  if (missing.length > 0) {
    console.log(`\n## soak: skipped (${missing.join(' and ')} not found; the soak runs the container cluster)`);
    return;
  }
  const t = topology(process.env, { LOGIN_RATE_LIMIT: '10000', SOCKETS_PER_ADDRESS: '5000', LOG_LEVEL: 'warn' });
  const site = publicOrigin(t);
  const api = apiOrigin(t);
  const ours = !(await answers(`${site}/readyz`));
  if (ours) await up(t, { quietBuild: true, log: () => undefined });
  const processes = [...t.ports.web.map((_, i) => names.web(i)), ...t.ports.trading.map((_, i) => names.trading(i))];
  const database = await openPostgres({ url: t.databaseUrl, poolMax: 2 });
  const sockets: { close(): void }[] = [];
  try {
    const customers = await seedCustomers(database.db, 50, '100000000');
    await signIn(api, customers);
    const sessions = new Map<Customer, { cookie: string }>();
    for (const customer of customers) sessions.set(customer, await browserSession(site, customer));
    const btc = await assetId(api, customers[0]!, 'BTCUSD');

    const key = readSecrets(t).PUSHER_APP_KEY!;
    for (let i = 0; i < 500; i += 1) {
      const feed: Socket = io(site, { path: '/socket.io', transports: ['websocket'] });
      feed.on('connect', () => feed.emit(feedEvents.subscribeAll));
      sockets.push(feed);
      // A realtime client as pusher-js is one: it answers the server's pings (an unanswering one is closed, rightly).
      const realtime = new WebSocket(`ws://${t.bind}:${t.ports.public}/app/${key}?protocol=7&client=js&version=8.6.0`, { perMessageDeflate: false });
      realtime.on('message', (raw) => {
        if ((JSON.parse(raw.toString()) as { event: string }).event === 'pusher:ping') realtime.send(JSON.stringify({ event: 'pusher:pong', data: {} }));
      });
      sockets.push(realtime);
      if (i % 50 === 49) await sleep(200);
    }

    const windows: Window[] = [];
    const newWindow = (): Window => ({ counts: { order: 0, close: 0, chat: 0, page: 0 }, latencies: { order: [], close: [], chat: [], page: [] }, serverErrors: 0, rss: {} });
    let current = newWindow();
    /** What each failure was, printed at the end (the first 20). */
    const failures: string[] = [];
    const call = async (kind: Kind, url: string, init: RequestInit): Promise<Response | undefined> => {
      const started = performance.now();
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
        const body = Buffer.from(await res.arrayBuffer());
        current.counts[kind] += 1;
        current.latencies[kind].push(performance.now() - started);
        if (res.status >= 500) {
          current.serverErrors += 1;
          failures.push(`${kind} ${res.status} ${body.toString('utf8', 0, 160)}`);
        }
        return res;
      } catch (error) {
        current.serverErrors += 1; // no answer at all counts as a failure too
        failures.push(`${kind} no answer: ${String((error as Error).cause ?? error)}`);
        return undefined;
      }
    };

    let running = true;
    const loops = customers.map(async (customer, i) => {
      const bearer = { Authorization: `Bearer ${customer.token}`, 'Content-Type': 'application/json', Accept: 'application/json' };
      await sleep(i * 20);
      for (let round = 0; running; round += 1) {
        await call('order', `${api}/api/v1/trades/store`, {
          method: 'POST',
          headers: bearer,
          body: JSON.stringify({ type: 'buy', id: btc, volume: '0.01', leverage: 2, order_id: crypto.randomUUID() }),
        });
        await sleep(500);
        const open = await fetch(`${api}/api/v1/open/trades`, { headers: bearer, signal: AbortSignal.timeout(15_000) })
          .then((r) => (r.ok ? (r.json() as Promise<{ data: { id: string }[] }>) : { data: [] }))
          .catch(() => ({ data: [] })); // a cut connection is counted by the calls around it
        for (const position of open.data.slice(0, 2)) await call('close', `${api}/api/v1/trade/${position.id}/close`, { method: 'POST', headers: bearer, body: '{}' });
        if (round % 5 === 0) await call('chat', `${api}/api/v1/chat/messages`, { method: 'POST', headers: bearer, body: JSON.stringify({ message: `Soak message ${round}` }) });
        if (round % 3 === 0) await call('page', `${site}/main/dashboard`, { headers: { Cookie: sessions.get(customer)!.cookie } });
        await sleep(500);
      }
    });

    console.log(`\n## soak: the cluster through HAProxy for ${minutes} min, 50 customers and 1,000 sockets`);
    console.log(`| minute | orders/s | closes/s | chats/s | pages/s | 5xx | p99 order ms | p99 close ms | p99 page ms | ${processes.map((p) => `${p} RSS MiB`).join(' | ')} |`);
    console.log(`|${' --- |'.repeat(9 + processes.length)}`);
    const started = Date.now();
    while (Date.now() - started < minutes * 60_000) {
      await sleep(windowMs);
      for (const name of processes) current.rss[name] = rssOf(containerPid(name));
      windows.push(current);
      const w = current;
      current = newWindow();
      const rate = (kind: Kind) => fmt(w.counts[kind] / (windowMs / 1000), 1);
      console.log(
        `| ${fmt((Date.now() - started) / 60_000, 1)} | ${rate('order')} | ${rate('close')} | ${rate('chat')} | ${rate('page')} | ${w.serverErrors} | ${fmt(percentile(w.latencies.order, 99), 0)} | ${fmt(percentile(w.latencies.close, 99), 0)} | ${fmt(percentile(w.latencies.page, 99), 0)} | ${processes.map((p) => mib(w.rss[p]!)).join(' | ')} |`,
      );
    }
    running = false;
    await Promise.all(loops);
    const open = sockets.filter((s) => (s instanceof WebSocket ? s.readyState === WebSocket.OPEN : (s as Socket).connected)).length;

    const warm = Math.max(1, Math.round(windows.length / 5));
    const last = windows.at(-1)!;
    const serverErrors = windows.reduce((sum, w) => sum + w.serverErrors, 0);
    console.log(`\nSockets open at the end: ${open} of ${sockets.length}`);
    console.log(`5xx (and unanswered): ${serverErrors} (goal 0: ${serverErrors === 0 ? 'PASS' : 'FAIL'})`);
    for (const failure of failures.slice(0, 20)) console.log(`  ${failure}`);
    // One RSS reading is a point on V8's sawtooth (it swung 226-293 MiB on one idle-looking process here), so
    // growth compares the median of the first third of the windows after warm-up with the last third's.
    const measured = windows.slice(warm);
    const third = Math.max(1, Math.ceil(measured.length / 3));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    for (const name of processes) {
      const early = median(measured.slice(0, third).map((w) => w.rss[name]!));
      const late = median(measured.slice(-third).map((w) => w.rss[name]!));
      const growth = (late - early) / early;
      console.log(`RSS ${name}: median ${mib(early)} MiB after warm-up → ${mib(late)} MiB at the end: ${fmt(growth * 100, 1)} % (goal ≤ 10 %: ${growth <= 0.1 ? 'PASS' : 'FAIL'})`);
    }
    const firstAfter = windows[Math.min(warm, windows.length - 1)]!;
    for (const kind of ['order', 'page'] as const) {
      console.log(
        `p99 ${kind}: ${fmt(percentile(firstAfter.latencies[kind], 99), 0)} ms after warm-up, ${fmt(percentile(last.latencies[kind], 99), 0)} ms at the end (×${fmt(percentile(last.latencies[kind], 99) / percentile(firstAfter.latencies[kind], 99))})`,
      );
    }
  } finally {
    for (const socket of sockets) socket.close();
    await database.close();
    if (ours && !process.env.KEEP_CLUSTER) down(t);
  }
}
