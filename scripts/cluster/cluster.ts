import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { containerExists, hasCommand, imageExists, podman, podmanStreaming } from './podman';
import { rootDir } from './paths';
import { names, publicOrigin, secretsFile, tlsFiles, tradingEnv, webEnv, type Topology } from './topology';

type Log = (line: string) => void;

const localBase = 'localhost/cfd-base:trixie';

/** What the cluster needs on this machine, named when missing. */
export function missingTools(): string[] {
  return ['podman', 'haproxy'].filter((tool) => !hasCommand(tool));
}

const envArgs = (env: Record<string, string>) => Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);

/** The operator's BASE_IMAGE, or this machine's base made from Debian packages (no registry reachable here). */
function baseImage(t: Topology, log: Log): string {
  if (t.baseImage) return t.baseImage;
  if (!imageExists(localBase)) {
    log(`Making ${localBase} from Debian packages (once, about 2 minutes)…`);
    spawnSync(join(rootDir, 'scripts', 'container-base.sh'), [localBase], { stdio: 'inherit' });
    if (!imageExists(localBase)) throw new Error('scripts/container-base.sh did not make the base image');
  }
  return localBase;
}

export async function buildImages(t: Topology, log: Log, { quiet = false } = {}): Promise<void> {
  const base = baseImage(t, log);
  log(`Building ${t.image} on ${base}…`);
  await podmanStreaming(['build', '--format', 'docker', '--network=host', '--build-arg', `BASE_IMAGE=${base}`, '-t', t.image, ...(quiet ? ['--quiet'] : []), rootDir], { silent: quiet });
  if ((t.ownsDatabase || t.ownsRedis) && !imageExists(t.servicesImage)) {
    log(`Building ${t.servicesImage} (PostgreSQL and Redis from Debian packages)…`);
    await podmanStreaming(
      [
        'build',
        '--network=host',
        '--build-arg',
        `BASE_IMAGE=${base}`,
        '-f',
        join(rootDir, 'deploy', 'services.Containerfile'),
        '-t',
        t.servicesImage,
        ...(quiet ? ['--quiet'] : []),
        join(rootDir, 'deploy'),
      ],
      { silent: quiet },
    );
  }
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s`);
}

/** Whether `url` answers 2xx; over https trusting `ca` (the cluster's own certificate) as well as the usual authorities. */
export const answers = async (url: string, { timeoutMs = 2_000, ca }: { timeoutMs?: number; ca?: string } = {}): Promise<boolean> => {
  if (ca && url.startsWith('https:')) {
    return new Promise((resolve) => {
      const req = httpsGet(url, { ca: [...rootCertificates, ca], timeout: timeoutMs }, (res) => {
        res.resume();
        resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300);
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
    });
  }
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })).ok;
  } catch {
    return false;
  }
};

const execOk = (name: string, command: string[]) =>
  spawnSync('podman', ['exec', name, ...command], { stdio: 'ignore', env: { ...process.env, CONTAINERS_CONF: join(rootDir, 'deploy', 'containers.conf') } }).status === 0;

/** PostgreSQL and Redis in containers of their own (data in a named volume), unless the operator gave theirs. */
async function startServices(t: Topology, log: Log): Promise<void> {
  if (t.ownsDatabase && !containerExists(names.postgres)) {
    log(`Starting PostgreSQL (${names.postgres}, port ${t.ports.postgres})…`);
    const script = [
      'set -e',
      'bin=$(echo /usr/lib/postgresql/*/bin)',
      '[ -f /var/lib/cfd-pg/PG_VERSION ] || $bin/initdb -D /var/lib/cfd-pg -A trust -U postgres >/dev/null',
      `exec $bin/postgres -D /var/lib/cfd-pg -p ${t.ports.postgres} -c listen_addresses=${t.bind} -c unix_socket_directories=/tmp -c max_connections=300`,
    ].join('\n');
    podman(['run', '-d', '--name', names.postgres, '--network=host', '--user', 'postgres', '--stop-timeout', '10', '-v', `${names.dataVolume}:/var/lib/cfd-pg`, t.servicesImage, 'sh', '-c', script]);
  }
  if (t.ownsRedis && !containerExists(names.redis)) {
    log(`Starting Redis (${names.redis}, port ${t.ports.redis})…`);
    podman([
      'run',
      '-d',
      '--name',
      names.redis,
      '--network=host',
      '--user',
      'redis',
      t.servicesImage,
      'redis-server',
      '--port',
      String(t.ports.redis),
      '--bind',
      t.bind,
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
  }
  if (t.ownsDatabase) {
    await waitFor('PostgreSQL', () => execOk(names.postgres, ['sh', '-c', `$(echo /usr/lib/postgresql/*/bin)/pg_isready -q -h ${t.bind} -p ${t.ports.postgres}`]), 60_000);
    execOk(names.postgres, ['psql', '-h', t.bind, '-p', String(t.ports.postgres), '-U', 'postgres', '-c', 'create database cfd']);
  }
  if (t.ownsRedis) await waitFor('Redis', () => execOk(names.redis, ['redis-cli', '-p', String(t.ports.redis), 'ping']), 30_000);
}

/** A one-off container of the image (migrations, demo data): the servers never migrate themselves. */
function oneOff(t: Topology, command: string[]): string {
  const env = { DATABASE_URL: t.databaseUrl, REDIS_URL: t.redisUrl, PUBLIC_ORIGIN: publicOrigin(t), PAYMENTS_PROVIDER: 'sandbox', ...t.extraEnv };
  return podman(['run', '--rm', '--no-healthcheck', '--network=host', '--env-file', secretsFile(t), ...envArgs(env), t.image, ...command]);
}

export function startTrading(t: Topology, i: number): void {
  const name = names.trading(i);
  if (containerExists(name)) podman(['rm', '-f', name]);
  podman([
    'run',
    '-d',
    '--name',
    name,
    '--no-healthcheck',
    '--network=host',
    '--stop-timeout',
    '10',
    '--env-file',
    secretsFile(t),
    ...envArgs(tradingEnv(t, i)),
    '-v',
    `${names.uploadsVolume}:/data`,
    t.image,
  ]);
}

export function startWeb(t: Topology, i: number): void {
  const name = names.web(i);
  if (containerExists(name)) podman(['rm', '-f', name]);
  podman(['run', '-d', '--name', name, '--no-healthcheck', '--network=host', '--stop-timeout', '10', '--env-file', secretsFile(t), ...envArgs(webEnv(t, i)), t.image]);
}

const haproxyPidFile = (t: Topology) => join(t.dir, 'haproxy.pid');

function writeHaproxyConfig(t: Topology): string {
  const template = readFileSync(join(rootDir, 'deploy', 'haproxy.cfg.template'), 'utf8');
  const servers = (prefix: string, ports: readonly number[]) => ports.map((port, i) => `    server ${prefix}${i + 1} ${t.bind}:${port} check`).join('\n');
  const config = template
    .replaceAll('{{BIND}}', t.bind)
    .replaceAll('{{PUBLIC_PORT}}', String(t.ports.public))
    .replaceAll('{{TLS_PEM}}', tlsFiles(t).pem)
    .replaceAll('{{API_PORT}}', String(t.ports.api))
    .replaceAll('{{STATS_PORT}}', String(t.ports.stats))
    .replaceAll('{{PID_FILE}}', haproxyPidFile(t))
    .replaceAll('{{STATS_SOCKET}}', join(t.dir, 'haproxy.sock'))
    .replaceAll('{{MAINTENANCE_PAGE}}', join(rootDir, 'deploy', 'maintenance.html'))
    .replaceAll('{{WEB_SERVERS}}', servers('web', t.ports.web))
    .replaceAll('{{TRADING_SERVERS}}', servers('trading', t.ports.trading));
  const file = join(t.dir, 'haproxy.cfg');
  writeFileSync(file, config);
  return file;
}

/** HAProxy from Debian's package, as a process of this machine in the foreground mode, its log in the cluster folder. */
function startHaproxy(t: Topology): void {
  stopHaproxy(t);
  const config = writeHaproxyConfig(t);
  const check = spawnSync('haproxy', ['-c', '-q', '-f', config], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy rejects ${config}: ${check.stderr || check.stdout}`);
  const out = openSync(join(t.dir, 'haproxy.log'), 'a');
  const child = spawn('haproxy', ['-db', '-f', config], { detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  child.unref();
  writeFileSync(haproxyPidFile(t), `${child.pid}\n`);
}

/** HAProxy answers its own health page (it may have refused to start: its log says why). */
async function waitForHaproxy(t: Topology): Promise<void> {
  await waitFor('HAProxy', () => answers(`http://${t.bind}:${t.ports.stats}/healthz`), 10_000).catch((error: Error) => {
    throw new Error(`${error.message}: ${readFileSync(join(t.dir, 'haproxy.log'), 'utf8').trim().split('\n').slice(-3).join('\n')}`);
  });
}

function stopHaproxy(t: Topology): void {
  const file = haproxyPidFile(t);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8'));
  // A stale file may name a process that is no longer HAProxy: only that one is stopped.
  const command = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
  try {
    if (pid > 0 && command.startsWith('haproxy')) process.kill(pid, 'SIGTERM');
  } catch {
    // gone already
  }
  rmSync(file, { force: true });
}

export const haproxyRunning = (t: Topology): boolean => {
  const file = haproxyPidFile(t);
  if (!existsSync(file)) return false;
  try {
    process.kill(Number(readFileSync(file, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
};

/** Brings the whole topology up (building the images first) and waits until the site answers through HAProxy. */
export async function up(t: Topology, { log = console.log, seedDemo = true, quietBuild = false }: { log?: Log; seedDemo?: boolean; quietBuild?: boolean } = {}): Promise<void> {
  const missing = missingTools();
  if (missing.length > 0) throw new Error(`The cluster needs ${missing.join(' and ')} (apt-get install -y ${missing.join(' ')} runc debootstrap).`);
  secretsFile(t);
  tlsFiles(t);
  await buildImages(t, log, { quiet: quietBuild });
  await startServices(t, log);
  log('Migrating the database (a one-off container)…');
  oneOff(t, ['npm', 'run', '--silent', 'db:migrate']);
  if (seedDemo) oneOff(t, ['npm', 'run', '--silent', 'db:seed-demo']);
  t.ports.trading.forEach((_, i) => startTrading(t, i));
  await Promise.all(t.ports.trading.map((port) => waitFor(`trading on ${port}`, () => answers(`http://${t.bind}:${port}/readyz`), 90_000)));
  t.ports.web.forEach((_, i) => startWeb(t, i));
  startHaproxy(t);
  await waitForHaproxy(t);
  await Promise.all(t.ports.web.map((port) => waitFor(`web on ${port}`, () => answers(`http://${t.bind}:${port}/readyz`), 90_000)));
  await waitFor('the site through HAProxy', () => answers(`${publicOrigin(t)}/readyz`, { ca: readFileSync(tlsFiles(t).cert, 'utf8') }), 30_000);
}

/** Removes every container, HAProxy, and (with `volumes`) the database's and uploads' volumes. */
export function down(t: Topology, { volumes = true }: { volumes?: boolean } = {}): void {
  stopHaproxy(t);
  const all = [...t.ports.web.map((_, i) => names.web(i)), ...t.ports.trading.map((_, i) => names.trading(i)), names.postgres, names.redis];
  const present = all.filter(containerExists);
  if (present.length > 0) podman(['rm', '-f', '-t', '10', ...present]);
  if (volumes) for (const volume of [names.dataVolume, names.uploadsVolume]) spawnSync('podman', ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
}

export function demoBanner(t: Topology): string {
  return [
    `Open ${publicOrigin(t)}/ in your browser (HAProxy, HTTP/2 over TLS with a certificate made for this machine: ${tlsFiles(t).cert}; its stats at http://${t.bind}:${t.ports.stats}/).`,
    `Containers: ${[...t.ports.web.map((_, i) => names.web(i)), ...t.ports.trading.map((_, i) => names.trading(i))].join(', ')}${t.ownsDatabase ? `, ${names.postgres}` : ''}${t.ownsRedis ? `, ${names.redis}` : ''}.`,
    `Metrics: each container's /metrics with the bearer token METRICS_TOKEN from ${join(t.dir, 'secrets.env')}.`,
    'Demo logins: trader@demo.test / trader-demo-1, staff@demo.test / staff-demo-1, admin@demo.test / admin-demo-1.',
    'Stop it with: npm run cluster -- down',
  ].join('\n');
}
