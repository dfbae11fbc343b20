import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { schedules } from '../shared/trading/hours';
import { composeTrading, type TradingOverrides, type TradingTier } from '../server/compose/trading';
import { loadConfig, type Config } from '../server/config';
import { createLogger } from '../server/logger';
import type { Database } from '../server/trading/db/database';
import { openPglite } from '../server/trading/db/pglite';
import { openPostgres } from '../server/trading/db/postgres';
import { prepareDatabase } from '../server/trading/setup/prepare';
import type { Instrument } from '../server/trading/market/instruments';
import { freePort } from '../tests/support/ports';
import { browserSession } from '../tests/support/browser-session';

export { browserSession };

export { freePort };

export const root = join(import.meta.dirname, '..');
export const seconds = Number(process.env.BENCH_SECONDS ?? 5);

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** A benchmark is many clients on one machine: no per-address limit may bite (sign-ins, sockets). */
const benchLimits = { LOGIN_RATE_LIMIT: '10000', SOCKETS_PER_ADDRESS: '1000000' };

/**
 * The web port and origin of a benchmark stack that is a deployment (ROLE=web/trading, or DATABASE_URL): PUBLIC_ORIGIN
 * is required there and is what the web tier checks Origin against, so the port is chosen first. Give it to every
 * process of the stack (PORT matters to the one serving pages).
 */
export async function publicSite(): Promise<{ PORT: string; PUBLIC_ORIGIN: string }> {
  const port = await freePort();
  return { PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` };
}

/** The built server as a child process (its own core, like in production); resolves with its URLs (`url` is empty for ROLE=trading, `api` for ROLE=web). */
export async function startServer(env: Record<string, string>): Promise<{ url: string; api: string; cpuSeconds: () => number; stop: () => Promise<void> }> {
  // BENCH_PROFILE_DIR=… writes a CPU profile of the server under load (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, 'dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: '0', API_PORT: '0', PAYMENTS_SANDBOX_PORT: '0', LOG_LEVEL: 'error', NODE_ENV: 'production', ...benchLimits, METRICS_TOKEN: 'bench-metrics-token-0123456789', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const [url, api] = await new Promise<[string, string]>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const web = /Open (http:\/\/\S+?)\/ in/.exec(out)?.[1];
      const trading = /Trading API: (http:\/\/\S+?)\/api\/v1/.exec(out)?.[1];
      if ((web || env.ROLE === 'trading') && (trading || env.ROLE === 'web')) resolve([web ?? '', trading ?? '']);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    api,
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time a process has used so far (user + system), from /proc: a figure the machine's noise does not bend the way it bends rates. */
export function cpuSecondsOf(pid: number): number {
  // Fields 14 and 15 of /proc/{pid}/stat, after the command name (which may hold spaces) in parentheses.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond;
}
/** Linux's USER_HZ, 100 on every architecture Node runs on here. */
const clockTicksPerSecond = 100;

export interface LoadResult {
  rps: number;
  /** Requests answered in the run. */
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 10, duration: seconds, ...options });
  if (result.errors > 0) throw new Error(`${options.url}: ${result.errors} errors`);
  return { rps: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

export function row(name: string, r: LoadResult): string {
  return `  ${name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.non2xx ? `  (${r.non2xx} non-2xx)` : ''}`;
}

const silent = createLogger({ level: 'silent', name: 'bench' });

/** The secrets every process of one deployment shares (required once the tiers are apart or the database is PostgreSQL). */
export const deploymentSecrets = {
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
  FEED_API_KEY: 'bench-feed-key-0123456789',
  PUSHER_APP_KEY: 'bench-pusher-key',
  PUSHER_APP_SECRET: 'bench-pusher-secret-0123456789abcdef0123',
};

/** The configuration in-process benchmarks compose with, read by the same `loadConfig` as a process (every key given: nothing is written). */
export function benchConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: join(tmpdir(), 'cfd-bench'),
    SEED_DEMO: 'never',
    ...benchLimits,
    ...deploymentSecrets,
    ...env,
  });
}

/**
 * A trading tier in this process, composed as `server/main.ts` composes it, on in-memory PGlite (made
 * and prepared here unless `overrides.database` gives one); `close` closes the tier, then that database.
 */
export async function benchTrading(overrides: TradingOverrides = {}): Promise<{ trading: TradingTier; close(): Promise<void> }> {
  const made = overrides.database ? undefined : await openPglite();
  if (made) await prepareDatabase(made, { seedDemo: 'never', logger: silent });
  const trading = await composeTrading(benchConfig(), { logger: silent, ...overrides, database: overrides.database ?? made });
  return {
    trading,
    async close() {
      await trading.close();
      await made?.close();
    },
  };
}

/** The CSRF token a page carries: in the page-state JSON (pages with islands) or its form's hidden field. */
/** `count` made-up instruments trading around the clock, to scale the catalogue up (2,000 in the benchmarks). */
export function syntheticInstruments(count: number): Instrument[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    symbol: `SYN${i}`,
    name: `Synthetic ${i}`,
    shortKey: `S${i}`,
    assetClass: 'crypto' as const,
    category: 'Crypto',
    baseCurrency: `S${i}`,
    quoteCurrency: 'USD',
    digits: 5,
    contractSize: '1',
    spread: { buySpread: '0.00004', sellSpread: '0.00004', digits: 5 },
    maxDeviation: '0.001',
    regulatoryCap: 2,
    schedule: schedules.crypto,
    tvSymbol: '',
    image: '',
    seedPrice: (1 + (i % 100) / 100).toFixed(5),
    volatility: 0.5,
    enabled: true,
  }));
}

/** Bytes of JavaScript files raw, gzip -9 and brotli q11 (each file compressed on its own, as served). */
export function sizes(buffers: readonly Buffer[]) {
  return {
    raw: buffers.reduce((n, b) => n + b.length, 0),
    gzip: buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    brotli: buffers.reduce((n, b) => n + brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
  };
}

/** The bytes a file takes on the wire as served to a browser that accepts `acceptEncoding` (body as sent, still encoded). */
export function servedBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Signs the demo trader in through the web tier's login form; answers the session cookie. */
export async function signedInCookie(url: string): Promise<string> {
  return (await browserSession(url, { email: 'trader@demo.test', password: 'trader-demo-1' })).cookie;
}

/** The PostgreSQL server benchmarks may use (BENCH_DATABASE_URL, else TEST_DATABASE_URL), if any. */
export const benchPostgresUrl = (): string | undefined => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Runs `use` on a fresh database of that server (and a data folder for the processes' secrets); both go afterwards. */
export async function withScratchPostgres<T>(adminUrl: string, name: string, use: (url: string, dataDir: string) => Promise<T>): Promise<T> {
  const database = `bench_${name}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-pg-`));
  try {
    return await use(url.toString(), dataDir);
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `measure` on a fresh migrated PGlite (no demo data), then on a scratch PostgreSQL database when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server (else a line says it was skipped).
 */
export async function onBothDatabases(name: string, measure: (label: string, database: Database) => Promise<void>): Promise<void> {
  const pglite = await openPglite();
  try {
    await prepareDatabase(pglite, { seedDemo: 'never', logger: silent });
    await measure('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const adminUrl = benchPostgresUrl();
  if (!adminUrl) return console.log('  PostgreSQL   skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  await withScratchPostgres(adminUrl, name, async (url) => {
    const postgres = await openPostgres({ url, poolMax: 10 });
    try {
      await prepareDatabase(postgres, { seedDemo: 'never', logger: silent });
      await measure('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  });
}
