/**
 * The price feed under 3,000 connected clients with the catalogue scaled to 2,000 instruments. Most
 * clients are raw websockets speaking the socket.io protocol in a process of their own (they keep the
 * connection and read every frame without decoding it); 100 are real socket.io-client clients that
 * connect as the original client does (`auth: { apiKey }`), decode and check every update as our browser
 * does (`feedUpdateOf`: items keyed by asset_id, figures as numbers) and measure its age (receive time −
 * the tick's time). Run again with the crowd split over three client groups (each its own quotes, one encode per group
 * per flush: docs/trading.md#trading-conditions). The peer: a bare `ws` broadcast of the same batches to the same crowd.
 */
import { spawn } from 'node:child_process';
import { io } from 'socket.io-client';
import WebSocket from 'ws';
import { feedEvents, feedUpdateOf } from '../shared/api/feed.schema';
import { fmt, percentile, root, seconds } from './support';

const clients = Number(process.env.BENCH_FEED_CLIENTS ?? 3_000);
const measuring = 100;
const apiKey = 'bench-feed-key-0123456789';

async function startFeedServer(mode: 'feed' | 'ws', groups: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/feed-server.ts'], { cwd: root, env: { ...process.env, MODE: mode, GROUPS: String(groups) }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const port = await new Promise<number>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /port (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    port,
    stop: () =>
      new Promise<number>((resolve) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /cpu ([\d.]+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The crowd of raw clients, in a child process of its own. */
async function startCrowd(mode: 'feed' | 'ws', port: number, count: number, groups: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/feed-crowd.ts'], {
    cwd: root,
    env: { ...process.env, MODE: mode, PORT: String(port), COUNT: String(count), FEED_KEY: apiKey, GROUPS: String(groups) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) resolve();
    });
  });
  return {
    stop: () =>
      new Promise<number>((resolve) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /open (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        child.kill('SIGTERM');
      }),
  };
}

function rawWs(port: number): WebSocket {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/`, { perMessageDeflate: false });
  socket.on('error', () => undefined);
  return socket;
}

async function run(mode: 'feed' | 'ws', groups = 1): Promise<{ p50: number; p99: number; cpu: number; connected: number }> {
  const server = await startFeedServer(mode, groups);
  const crowd = await startCrowd(mode, server.port, clients - measuring, groups);
  const ages: number[] = [];
  let refused = 0;
  // As the browser reads an update: checked in place; an update outside the protocol is counted, not timed.
  const record = (payload: unknown) => {
    const items = feedUpdateOf(payload);
    if (!items) refused += 1;
    else for (const item of items) ages.push(Date.now() - Date.parse(item.lastUpdated));
  };
  const measured: { close(): void }[] = [];
  for (let i = 0; i < measuring; i += 1) {
    if (mode === 'feed') {
      const token = groups > 1 ? { token: `group-${(i % groups) + 1}-`.padEnd(43, 'x') } : {};
      const socket = io(`http://127.0.0.1:${server.port}`, { transports: ['websocket'], auth: { apiKey, ...token }, reconnection: false });
      socket.on('connect', () => socket.emit(feedEvents.subscribeAll));
      socket.on(feedEvents.update, record);
      measured.push({ close: () => socket.disconnect() });
    } else {
      const socket = rawWs(server.port);
      socket.on('message', (data: Buffer) => record(JSON.parse(data.toString())));
      measured.push(socket);
    }
  }
  await new Promise((r) => setTimeout(r, 2_000));
  ages.length = 0;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const connected = (await crowd.stop()) + measuring;
  const cpu = await server.stop();
  for (const s of measured) s.close();
  if (refused > 0) throw new Error(`${mode}: ${refused} updates outside the feed protocol`);
  if (ages.length === 0) throw new Error(`${mode}: no update arrived`);
  return { p50: percentile(ages, 50), p99: percentile(ages, 99), cpu, connected };
}

export async function feedBench(): Promise<void> {
  const ours = await run('feed');
  const grouped = await run('feed', 3);
  const peer = await run('ws');
  console.log(`\nPrice feed: ${clients.toLocaleString()} clients, 2,000 instruments, ${process.env.BENCH_TICKS ?? 500} ticks/s, flushed every 100 ms`);
  console.log(`  socket.io feed (ours)    tick age p50 ${ours.p50} ms  p99 ${ours.p99} ms   server CPU ${fmt(ours.cpu * 100, 0)} % of a core   ${ours.connected} connected`);
  console.log(`  three client groups      tick age p50 ${grouped.p50} ms  p99 ${grouped.p99} ms   server CPU ${fmt(grouped.cpu * 100, 0)} % of a core   ${grouped.connected} connected`);
  console.log(`  bare ws broadcast       tick age p50 ${peer.p50} ms  p99 ${peer.p99} ms   server CPU ${fmt(peer.cpu * 100, 0)} % of a core   ${peer.connected} connected`);
  console.log(
    `  ratio ours/peer: CPU ${fmt(ours.cpu / peer.cpu)}x, p99 age ${fmt(ours.p99 / peer.p99)}x; three groups/one: CPU ${fmt(grouped.cpu / ours.cpu)}x, p99 age ${fmt(grouped.p99 / ours.p99)}x`,
  );
}
