/**
 * Realtime fan-out: N = 1,000 and 5,000 subscribers on one public channel (raw Pusher-protocol sockets in
 * a process of their own), events at rising rates from a separate publisher process. For each N, the
 * highest rate whose delivery p99 stays under 100 ms, the server's CPU there, and its memory per
 * connection: the RSS (and for ours the JS heap) added between half the subscribers and all of them, each settled
 * (collections where the server allows them, the median of several readings) with every socket held open, so what
 * starting up allocated or freed is in both readings and cancels. The peer: soketi, measured in the same run on loopback, installed at benchmark time into a
 * temporary folder (it is AGPL: never into the project), with the uWebSockets.js override it needs.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, freePort, root } from './support';

const sizes = [1_000, 5_000];
const rates = [5, 10, 20, 50, 100, 200, 400, 800];
const levelSeconds = Math.max(2, Math.min(5, Number(process.env.BENCH_SECONDS ?? 3)));
const soketiDir = process.env.BENCH_SOKETI_DIR ?? join(tmpdir(), 'bench-soketi');

const rssKiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

function waitFor(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) {
        child.stdout!.off('data', onData);
        resolve(match);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out.slice(-500)}`)));
  });
}

/** soketi in a temporary folder, installed once and kept for later runs. */
function ensureSoketi(): string | undefined {
  const bin = join(soketiDir, 'node_modules', '@soketi', 'soketi', 'bin', 'server.js');
  if (existsSync(bin)) return bin;
  mkdirSync(soketiDir, { recursive: true });
  writeFileSync(
    join(soketiDir, 'package.json'),
    JSON.stringify({ name: 'bench-soketi', private: true, dependencies: { '@soketi/soketi': '^1.6.1' }, overrides: { 'uWebSockets.js': 'npm:@trufflesuite/uws-js-unofficial@20.30.0-unofficial.0' } }),
  );
  console.log(`installing soketi into ${soketiDir} (once) …`);
  const installed = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: soketiDir, stdio: 'inherit' });
  return installed.status === 0 && existsSync(bin) ? bin : undefined;
}

interface Server {
  pid: number;
  port: number;
  /** Runs a garbage collection where the server can be asked to (ours), answering the heap used after it; soketi keeps its sockets outside the JS heap. */
  collect?(): Promise<number>;
  stop(): void;
}

async function startOurs(): Promise<Server> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/realtime-server.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = Number((await waitFor(child, /port (\d+)/))[1]);
  const collect = async () => {
    const done = waitFor(child, /collected (\d+)/);
    child.kill('SIGUSR2');
    return Number((await done)[1]);
  };
  return { pid: child.pid!, port, collect, stop: () => child.kill('SIGTERM') };
}

async function startSoketi(bin: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [bin, 'start'], {
    cwd: soketiDir,
    env: {
      ...process.env,
      SOKETI_HOST: '127.0.0.1',
      SOKETI_PORT: String(port),
      SOKETI_METRICS_SERVER_PORT: String(await freePort()),
      SOKETI_CLUSTER_BROADCAST_ADDRESS: '127.255.255.255',
      SOKETI_DEFAULT_APP_ID: 'bench',
      SOKETI_DEFAULT_APP_KEY: 'bench-key',
      SOKETI_DEFAULT_APP_SECRET: 'bench-secret-0123456789abcdef0123456789',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await waitFor(child, /Server is up and running/);
  return { pid: child.pid!, port, stop: () => child.kill('SIGTERM') };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The server's memory with its sockets held open, settled: three collections where it can be asked (ours) a moment
 * apart, then the median of five RSS readings (and the heap after the last collection).
 */
async function settledMemory(server: Server): Promise<{ rssKiB: number; heapKiB: number | null }> {
  let heap: number | null = null;
  for (let i = 0; i < 3; i += 1) {
    heap = (await server.collect?.()) ?? null;
    await pause(200);
  }
  const readings: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    readings.push(rssKiB(server.pid));
    await pause(100);
  }
  return { rssKiB: median(readings), heapKiB: heap === null ? null : heap / 1024 };
}

async function startCrowd(port: number, count: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/realtime-crowd.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), COUNT: String(count) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const ready = Number((await waitFor(child, /ready (\d+)/))[1]);
  let total = ready;
  return {
    get ready() {
      return total;
    },
    /** Opens `more` sockets; resolves with how many are subscribed in all. */
    grow: async (more: number) => {
      const next = waitFor(child, /ready (\d+)/);
      child.stdin!.write(`grow ${more}\n`);
      total = Number((await next)[1]);
      return total;
    },
    reset: () => child.stdin!.write('reset\n'),
    report: async () => {
      const next = waitFor(child, /report (\{.*\})\n/);
      child.stdin!.write('report\n');
      return JSON.parse((await next)[1]!) as { p50: number; p99: number; timed: number; received: number };
    },
    stop: () => child.kill('SIGTERM'),
  };
}

async function publish(target: 'ours' | 'soketi', port: number, rate: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/realtime-publisher.ts'], {
    cwd: root,
    env: { ...process.env, TARGET: target, PORT: String(port), RATE: String(rate), SECONDS: String(levelSeconds) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await waitFor(child, /done \d+/);
}

interface Result {
  size: number;
  connected: number;
  /** RSS added per connection between half the crowd and all of it (what starting up left is the same in both). */
  kibPerConnection: number;
  /** The same for the JS heap after collections (ours only). */
  heapKibPerConnection: number | null;
  best: { rate: number; p99: number; cpu: number; delivered: number } | undefined;
  levels: string[];
}

async function measure(target: 'ours' | 'soketi', start: () => Promise<Server>, size: number): Promise<Result> {
  const server = await start();
  const crowd = await startCrowd(server.port, size / 2);
  await pause(500);
  const half = await settledMemory(server);
  const halfCount = crowd.ready;
  await crowd.grow(size / 2);
  await pause(500);
  const all = await settledMemory(server);
  const added = Math.max(1, crowd.ready - halfCount);
  const kibPerConnection = (all.rssKiB - half.rssKiB) / added;
  const heapKibPerConnection = all.heapKiB === null || half.heapKiB === null ? null : (all.heapKiB - half.heapKiB) / added;
  let best: Result['best'];
  const levels: string[] = [];
  try {
    for (const rate of rates) {
      crowd.reset();
      const cpuBefore = cpuSeconds(server.pid);
      const started = Date.now();
      await publish(target, server.port, rate);
      await new Promise((r) => setTimeout(r, 300));
      const cpu = (cpuSeconds(server.pid) - cpuBefore) / ((Date.now() - started) / 1000);
      const report = await crowd.report();
      const expected = rate * levelSeconds * crowd.ready;
      const delivered = report.received / expected;
      levels.push(`${rate}/s p99 ${report.p99} ms, ${fmt(delivered * 100, 0)} % delivered`);
      if (!(report.p99 < 100) || delivered < 0.99) break;
      best = { rate, p99: report.p99, cpu, delivered: report.received / levelSeconds };
    }
  } finally {
    crowd.stop();
    server.stop();
  }
  return { size, connected: crowd.ready, kibPerConnection, heapKibPerConnection, best, levels };
}

export async function realtimeBench(): Promise<void> {
  const soketi = ensureSoketi();
  const results: Record<string, Result[]> = { ours: [], soketi: [] };
  for (const size of sizes) {
    results.ours!.push(await measure('ours', startOurs, size));
    if (soketi) results.soketi!.push(await measure('soketi', () => startSoketi(soketi), size));
  }
  console.log(`\nRealtime fan-out: subscribers on one public channel, events from a separate publisher process, ${levelSeconds} s per rate; the highest rate with p99 < 100 ms`);
  for (const [name, list] of Object.entries(results)) {
    for (const r of list) {
      const best = r.best
        ? `${r.best.rate} events/s (${Math.round(r.best.delivered).toLocaleString()} messages/s) p99 ${r.best.p99} ms, CPU ${fmt(r.best.cpu * 100, 0)} % of a core`
        : 'none under 100 ms';
      const heap = r.heapKibPerConnection === null ? '' : ` (JS heap ${fmt(r.heapKibPerConnection, 1)} KiB)`;
      console.log(`  ${name.padEnd(7)} ${String(r.connected).padStart(5)} subscribers  ${best};  memory ${fmt(r.kibPerConnection, 1)} KiB RSS per connection${heap}`);
      console.log(`          levels: ${r.levels.join('; ')}`);
    }
  }
  if (!soketi) console.log('  soketi could not be installed: no peer figures in this run');
  for (const [i, size] of sizes.entries()) {
    const ours = results.ours![i];
    const peer = results.soketi![i];
    if (!ours?.best || !peer?.best) continue;
    // Ours' RSS can grow by less than its heap (V8 reuses pages an earlier collection freed), so a connection is
    // charged the larger of the two; soketi keeps its sockets outside any JS heap, where its RSS sees them.
    const oursKiB = Math.max(ours.kibPerConnection, ours.heapKibPerConnection ?? 0);
    console.log(
      `  ${size} subscribers: throughput ours/soketi ${fmt(ours.best.delivered / peer.best.delivered, 2)}x, memory per connection ours/soketi ${fmt(oursKiB / peer.kibPerConnection, 2)}x (ours ${fmt(oursKiB, 1)} KiB, the larger of RSS and heap)`,
    );
  }
}
