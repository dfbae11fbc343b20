import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep } from '../../support/wait';

/**
 * Real processes for the fault tests: a server started from the sources (`node --import tsx server/main.ts`)
 * with the environment it is given, killed hard or stopped as an operator would; and a private PostgreSQL
 * (initdb into a temporary folder, its own port) that can be stopped the hard way and started again.
 * Nothing here knows a particular test: each gives its own ports and variables.
 */

const repoRoot = new URL('../../..', import.meta.url).pathname;

/** Settings every server of the fault tests needs (the keys ROLE=trading requires, quiet logs but errors). */
export const serverBaseEnv: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  ROLE: 'trading',
  FEED_API_KEY: 'faults-feed-key-0123456789abcdef',
  PUSHER_APP_KEY: 'faults-app-key',
  PUSHER_APP_SECRET: 'faults-app-secret-0123456789abcdef0123456789',
  SESSION_SECRET: 'faults-session-secret-0123456789abcdef0123456789',
  PAYMENTS_PROVIDER: 'sandbox',
  PAYMENTS_SANDBOX_PORT: '0',
  LOGIN_RATE_LIMIT: '10000',
  SEED_DEMO: 'never',
  PUBLIC_ORIGIN: 'https://faults.example.test',
  METRICS_TOKEN: 'faults-metrics-token-0123456789abcdef',
  STAFF_TWO_FACTOR: 'off',
  LOG_LEVEL: 'info',
};

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** `http://127.0.0.1:{API_PORT}`: the trading API's origin (`/api/v1/…`, `/readyz`). */
  readonly apiOrigin: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Its JSON log lines so far (pino's), parsed; other lines are left out. */
  logLines(): Record<string, unknown>[];
  /** Resolves when it has exited, with how. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
}

export interface StartServerOptions {
  /** Added to `serverBaseEnv` (and this process's environment): at least `API_PORT`, and `DATA_DIR` or `DATABASE_URL`. */
  env: Record<string, string>;
  /** How long to wait for `/readyz` to answer 200 (default 60 s: a first start migrates a new database). */
  readyTimeoutMs?: number;
}

/** Spawns a server from the sources and resolves once its `/readyz` answers 200 (rejects if it exits first or takes too long). */
export async function startServer({ env, readyTimeoutMs = 60_000 }: StartServerOptions): Promise<ServerProcess & { readyInMs: number }> {
  const port = env.API_PORT;
  if (!port || port === '0') throw new Error('startServer needs a fixed API_PORT');
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './server/web/dev-style-imports.mjs', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...serverBaseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  let hasExited = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolve({ code, signal });
    }),
  );
  const output = () => chunks.join('');
  const server: ServerProcess = {
    child,
    pid: child.pid!,
    apiOrigin: `http://127.0.0.1:${port}`,
    output,
    logLines: () =>
      output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    alive: () => !hasExited,
  };
  const ready = waitReady(server.apiOrigin, readyTimeoutMs);
  const died = exited.then(({ code, signal }) => {
    throw new Error(`the server exited (${code ?? signal}) before it was ready:\n${output().slice(-4000)}`);
  });
  try {
    await Promise.race([ready, died]);
  } catch (error) {
    if (server.alive()) child.kill('SIGKILL');
    throw error;
  }
  return Object.assign(server, { readyInMs: Date.now() - started });
}

/** Polls `{origin}/readyz` until it answers 200; resolves with how long that took. */
export async function waitReady(origin: string, timeoutMs: number, everyMs = 100): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(3_000) });
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${origin}/readyz did not answer 200 within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** kill -9, and wait until it is gone. */
export async function killHard(server: ServerProcess): Promise<void> {
  if (!server.alive()) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM, as an operator or orchestrator stops it; resolves with its exit code and how long it took (SIGKILL after `timeoutMs`). */
export async function stopGracefully(server: ServerProcess, timeoutMs = 15_000): Promise<{ code: number | null; ms: number; killed: boolean }> {
  if (!server.alive()) return { code: (await server.exited).code, ms: 0, killed: false };
  const started = Date.now();
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await server.exited;
  clearTimeout(timer);
  return { code, ms: Date.now() - started, killed: signal === 'SIGKILL' };
}

/** One call as a client saw it: when, what it answered (`error`: nothing, the body says why), how long it took. */
export interface Answer {
  what: string;
  at: number;
  status: number | 'error';
  ms: number;
  body: string;
}

/** Makes a call that gives up after `timeoutMs` as a client would, and never throws. */
export async function answerOf(what: string, url: string, init: RequestInit, timeoutMs: number): Promise<Answer> {
  const at = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { what, at, status: res.status, ms: Date.now() - at, body: await res.text() };
  } catch (error) {
    return { what, at, status: 'error', ms: Date.now() - at, body: String((error as Error).cause ?? error) };
  }
}

/** Waits until `check` holds (polled every `everyMs`); rejects naming `what` after `timeoutMs`. Resolves with the time it took. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 100): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
  return Date.now() - started;
}

const pgBin = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL of the test's own: a new cluster in a temporary folder, run as the `postgres` OS user
 * (the tests run as root, which PostgreSQL refuses), trust authentication, listening on 127.0.0.1:`port`
 * only and with its socket in its own folder, so the machine's server is never touched.
 */
export class PrivatePostgres {
  readonly dir: string;
  readonly dataDir: string;
  readonly logFile: string;

  constructor(readonly port: number) {
    this.dir = mkdtempSync(join(tmpdir(), `faults-pg-${port}-`));
    this.dataDir = join(this.dir, 'data');
    this.logFile = join(this.dir, 'postgres.log');
  }

  static available(): boolean {
    return spawnSync(join(pgBin, 'initdb'), ['--version']).status === 0 && spawnSync('runuser', ['--help']).status === 0;
  }

  /** `postgres://postgres@127.0.0.1:{port}/{database}`. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** initdb (once) and start; resolves when it accepts connections. */
  async start(): Promise<void> {
    if (!this.initialised) {
      chmodSync(this.dir, 0o777);
      this.asPostgres('initdb', ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
      this.initialised = true;
    }
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -k ${this.dir} -c max_connections=100`;
    this.asPostgres('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-o', options, '-w', '-t', '30', 'start']);
  }

  /** `immediate` is a crash as far as clients can tell (every connection cut, recovery at the next start); `fast` a clean stop. */
  stop(mode: 'immediate' | 'fast' = 'fast'): void {
    this.asPostgres('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '30', 'stop']);
  }

  running(): boolean {
    return spawnSync('runuser', ['-u', 'postgres', '--', join(pgBin, 'pg_ctl'), '-D', this.dataDir, 'status']).status === 0;
  }

  /** Stops it if running and removes its folder. */
  teardown(): void {
    if (this.initialised && this.running()) this.stop('immediate');
    rmSync(this.dir, { recursive: true, force: true });
  }

  private initialised = false;

  private asPostgres(command: string, args: string[]): void {
    const result = spawnSync('runuser', ['-u', 'postgres', '--', join(pgBin, command), ...args], { encoding: 'utf8', cwd: '/' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}
