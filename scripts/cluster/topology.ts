import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootDir } from './paths';
import { selfSignedCertificate } from './tls';

/**
 * The one-machine cluster (README.md#operate-it): HAProxy in front of two web and two trading
 * containers, PostgreSQL and Redis (containers of their own unless CLUSTER_DATABASE_URL / CLUSTER_REDIS_URL
 * name existing ones). Every container uses the host's network, on these loopback ports.
 */
export interface Topology {
  readonly dir: string;
  readonly image: string;
  readonly baseImage: string | undefined;
  readonly servicesImage: string;
  readonly bind: string;
  readonly ports: {
    readonly public: number;
    readonly api: number;
    readonly stats: number;
    readonly web: readonly number[];
    readonly trading: readonly number[];
    readonly paymentsSandbox: number;
    readonly postgres: number;
    readonly redis: number;
  };
  /** Given: the operator's own; else the cluster's containers. */
  readonly databaseUrl: string;
  readonly redisUrl: string;
  readonly ownsDatabase: boolean;
  readonly ownsRedis: boolean;
  /** Variables every app container gets on top of the tier's own (`--env KEY=VALUE` on the command line). */
  readonly extraEnv: Readonly<Record<string, string>>;
}

export const names = {
  postgres: 'cfd-postgres',
  redis: 'cfd-redis',
  web: (i: number) => `cfd-web-${i + 1}`,
  trading: (i: number) => `cfd-trading-${i + 1}`,
  dataVolume: 'cfd-pgdata',
  uploadsVolume: 'cfd-uploads',
};

const count = (value: string | undefined, fallback: number) => {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error(`a tier has 1 to 9 containers (got ${value})`);
  return n;
};

export function topology(env: NodeJS.ProcessEnv = process.env, extraEnv: Record<string, string> = {}): Topology {
  const bind = '127.0.0.1';
  const web = count(env.CLUSTER_WEB, 2);
  const trading = count(env.CLUSTER_TRADING, 2);
  const ports = {
    public: 4000,
    api: 4100,
    stats: 4404,
    web: [...Array(web).keys()].map((i) => 4001 + i),
    trading: [...Array(trading).keys()].map((i) => 4101 + i),
    paymentsSandbox: 4110,
    postgres: 5441,
    redis: 6391,
  };
  return {
    dir: env.CLUSTER_DIR ?? join(rootDir, '.cluster'),
    image: env.CLUSTER_IMAGE ?? 'localhost/cfd-platform:latest',
    baseImage: env.BASE_IMAGE,
    servicesImage: 'localhost/cfd-services:latest',
    bind,
    ports,
    databaseUrl: env.CLUSTER_DATABASE_URL ?? `postgres://postgres@${bind}:${ports.postgres}/cfd`,
    redisUrl: env.CLUSTER_REDIS_URL ?? `redis://${bind}:${ports.redis}`,
    ownsDatabase: !env.CLUSTER_DATABASE_URL,
    ownsRedis: !env.CLUSTER_REDIS_URL,
    extraEnv,
  };
}

/** The site, as HAProxy serves it: over TLS with HTTP/2 (docs/operations.md#http2), its certificate `tlsFiles(t).cert`. */
export const publicOrigin = (t: Topology) => `https://${t.bind}:${t.ports.public}`;
export const apiOrigin = (t: Topology) => `http://${t.bind}:${t.ports.api}`;

/**
 * The site's TLS certificate (self-signed, for this machine's address) and the key HAProxy serves it with, made once
 * into the cluster's folder. A client trusts `cert` (Node: NODE_EXTRA_CA_CERTS; a browser: accept it once).
 */
export function tlsFiles(t: Topology): { cert: string; pem: string } {
  return selfSignedCertificate(join(t.dir, 'tls'), t.bind);
}

/** The cluster's shared secrets, made once into its folder (mode 600) so restarts and new containers agree. */
export function secretsFile(t: Topology): string {
  mkdirSync(t.dir, { recursive: true });
  const file = join(t.dir, 'secrets.env');
  if (!existsSync(file)) {
    const secret = () => randomBytes(32).toString('base64url');
    const lines = {
      SESSION_SECRET: secret(),
      FEED_API_KEY: secret(),
      PUSHER_APP_KEY: randomBytes(12).toString('hex'),
      PUSHER_APP_SECRET: secret(),
      METRICS_TOKEN: secret(),
      PAYMENTS_SANDBOX_KEY: secret(),
      PAYMENTS_WEBHOOK_SECRET: secret(),
    };
    writeFileSync(
      file,
      `${Object.entries(lines)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n')}\n`,
      { mode: 0o600 },
    );
  }
  return file;
}

export function readSecrets(t: Topology): Record<string, string> {
  return Object.fromEntries(
    readFileSync(secretsFile(t), 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** What every app container shares: the public origin and the site's settings (the web tier reaches no database). */
function commonEnv(t: Topology): Record<string, string> {
  return {
    PUBLIC_ORIGIN: publicOrigin(t),
    LOG_LEVEL: 'info',
    // The demo logins of a local cluster sign in with a password alone; a real deployment keeps the default.
    STAFF_TWO_FACTOR: 'off',
    ...t.extraEnv,
  };
}

export function tradingEnv(t: Topology, i: number): Record<string, string> {
  return {
    ...commonEnv(t),
    ROLE: 'trading',
    DATABASE_URL: t.databaseUrl,
    REDIS_URL: t.redisUrl,
    API_HOST: t.bind,
    API_PORT: String(t.ports.trading[i]),
    // A test deployment: the sandbox card provider (one per cluster; the first trading process to start it serves all).
    PAYMENTS_PROVIDER: 'sandbox',
    PAYMENTS_SANDBOX_PORT: String(t.ports.paymentsSandbox),
    PAYMENTS_SANDBOX_URL: `http://${t.bind}:${t.ports.paymentsSandbox}`,
    // The shared volume is mounted at /data (owned by the image's user): uploads every trading process sees.
    UPLOAD_DIR: '/data/uploads',
    ...t.extraEnv,
  };
}

export function webEnv(t: Topology, i: number): Record<string, string> {
  return {
    ...commonEnv(t),
    ROLE: 'web',
    HOST: t.bind,
    PORT: String(t.ports.web[i]),
    TRADING_API_URL: apiOrigin(t),
    ...t.extraEnv,
  };
}
