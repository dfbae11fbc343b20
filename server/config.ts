import { join } from 'node:path';
import { minuteOfDay, type RolloverClock } from '../shared/trading/financing';
import { isIP } from 'node:net';
import * as z from 'zod/mini';

/**
 * Every environment variable the product reads, validated once at start and frozen. Nothing else
 * reads `process.env`. The README lists the same variables with the same defaults.
 */

/** A variable read as a string (with a default) and turned into a number by `parse`, which names the rule it broke. */
const numberFrom = (fallback: number, parse: (value: string) => number | string) =>
  z.pipe(
    z._default(z.string(), String(fallback)),
    z.transform((value: string, ctx) => {
      const result = parse(value);
      if (typeof result === 'number') return result;
      ctx.issues.push({ code: 'custom', message: `${result} (got "${value}")`, input: value });
      return z.NEVER;
    }),
  );

const port = (fallback: number) => numberFrom(fallback, (v) => (/^\d+$/.test(v) && Number(v) <= 65535 ? Number(v) : 'must be a port number from 0 to 65535'));

const positiveInt = (fallback: number, max = 1_000_000_000) =>
  numberFrom(fallback, (v) => (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= max ? Number(v) : `must be a whole number from 1 to ${max}`));

const nonNegativeInt = (fallback: number) => numberFrom(fallback, (v) => (/^\d+$/.test(v) ? Number(v) : 'must be a whole number, 0 or more'));

const url = (protocols: RegExp, what: string) =>
  z.optional(
    z.string().check(
      z.refine((value) => {
        try {
          return protocols.test(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be ${what}`),
    ),
  );

/** Express's `trust proxy`: true/false, a hop count, or a comma list of IPs, CIDR ranges and loopback/linklocal/uniquelocal. */
export type TrustProxy = boolean | number | string;
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const trustProxy = (fallback: string) =>
  z.pipe(
    z._default(z.string(), fallback),
    z.transform((value: string, ctx): TrustProxy => {
      if (value === 'true' || value === 'false') return value === 'true';
      if (/^\d+$/.test(value)) return Number(value);
      const bad = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => {
          if (namedRanges.has(part)) return false;
          const [ip, bits, extra] = part.split('/');
          if (extra !== undefined || !ip || !isIP(ip)) return true;
          return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
        });
      if (bad.length === 0) return value;
      ctx.issues.push({ code: 'custom', message: `must be true, false, a hop count, or IPs/CIDRs/loopback/linklocal/uniquelocal (bad: ${bad.join(', ')})`, input: value });
      return z.NEVER;
    }),
  );

const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z._default(z.enum(values, `must be one of ${values.join(', ')}`), fallback);

export const envSchema = z.object({
  NODE_ENV: choice(['production', 'development', 'test'], 'production'),
  ROLE: choice(['both', 'web', 'trading'], 'both'),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  PORT: port(3000),
  API_HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  API_PORT: port(3001),
  TRADING_API_URL: url(/^https?:$/, 'an http(s) URL such as http://127.0.0.1:3001'),
  PUBLIC_ORIGIN: url(/^https?:$/, 'the site origin such as https://trade.example.com'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: url(/^postgres(ql)?:$/, 'a postgres:// URL'),
  DATABASE_POOL_MAX: positiveInt(10, 500),
  MIGRATE_ON_START: choice(['true', 'false', 'auto'], 'true'),
  REDIS_URL: url(/^rediss?:$/, 'a redis:// URL'),
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  TOKEN_TTL_HOURS: positiveInt(12, 24 * 90),
  SEED_DEMO: choice(['auto', 'always', 'never'], 'auto'),
  LOG_LEVEL: choice(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
  WEB_TRUST_PROXY: trustProxy('loopback'),
  API_TRUST_PROXY: trustProxy('loopback'),
  PRICE_SOURCE: choice(['simulator', 'upstream'], 'simulator'),
  PRICE_FEED_URL: url(/^(https?|wss?):$/, 'the URL of a feed speaking our socket.io protocol'),
  PRICE_FEED_KEY: z.optional(z.string().check(z.minLength(1))),
  FEED_API_KEY: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  PUSHER_APP_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'))),
  PUSHER_APP_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  SMTP_URL: url(/^smtps?:$/, 'an smtp:// or smtps:// URL such as smtps://user:pass@mail.example.com'),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'no-reply@localhost'),
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  SETTINGS_CACHE_MS: nonNegativeInt(5000),
  UPLOAD_DIR: z.optional(z.string().check(z.minLength(1))),
  UPLOAD_MAX_MB: positiveInt(10, 100),
  LOGIN_RATE_LIMIT: positiveInt(10, 10_000),
  SOCKETS_PER_ADDRESS: positiveInt(100, 1_000_000),
  STAFF_TWO_FACTOR: choice(['required', 'off'], 'required'),
  EA_BAR_MS: positiveInt(60_000, 3_600_000),
  ROLLOVER_TIME: z._default(z.string().check(z.regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be HH:MM (24-hour) or off')), '17:00'),
  ROLLOVER_TIME_ZONE: z._default(
    z.string().check(
      z.refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone such as America/New_York'),
    ),
    'America/New_York',
  ),
  PAYMENTS_PROVIDER: choice(['sandbox', 'stripe'], 'sandbox'),
  PAYMENTS_SANDBOX_PORT: port(3002),
  PAYMENTS_SANDBOX_URL: url(/^https?:$/, "the sandbox provider's address as browsers reach it, such as http://localhost:3002"),
  PAYMENTS_SANDBOX_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  PAYMENTS_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  STRIPE_SECRET_KEY: z.optional(z.string().check(z.regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret or restricted key (sk_test_…, sk_live_…)'))),
  STRIPE_WEBHOOK_SECRET: z.optional(z.string().check(z.regex(/^whsec_[A-Za-z0-9]+$/, 'must be a Stripe webhook signing secret (whsec_…)'))),
  CRYPTO_XPUB_BTC: z.optional(z.string().check(z.regex(/^[xyzvtu]pub[1-9A-HJ-NP-Za-km-z]{100,}$/, 'must be an extended public key (xpub/zpub/vpub…)'))),
  CRYPTO_XPUB_ETH: z.optional(z.string().check(z.regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,}$/, 'must be an extended public key (xpub…)'))),
  CRYPTO_XPUB_TRX: z.optional(z.string().check(z.regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,}$/, 'must be an extended public key (xpub…)'))),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly role: Env['ROLE'];
  readonly web: { readonly host: string; readonly port: number; readonly publicOrigin: string | undefined };
  /** `url` is TRADING_API_URL when set (`external`), else this process's own API. */
  readonly api: { readonly host: string; readonly port: number; readonly url: string; readonly external: boolean };
  readonly dataDir: string;
  /** `migrateOnStart`: migrate (and seed) when the trading tier starts, or only check the schema is current (migrations as their own step; `auto`: on PostgreSQL only). */
  readonly database: { readonly url: string | undefined; readonly poolMax: number; readonly migrateOnStart: boolean };
  readonly redisUrl: string | undefined;
  readonly sessionSecret: string | undefined;
  readonly tokenTtlHours: number;
  readonly seedDemo: Env['SEED_DEMO'];
  readonly logLevel: Env['LOG_LEVEL'];
  /** Which proxies' X-Forwarded-* each tier believes: the web tier's load balancer; the API's web tier. */
  readonly trustProxy: { readonly web: TrustProxy; readonly api: TrustProxy };
  /** When set, /metrics answers anyone with this bearer token; when not, only loopback callers that came through no proxy (required in a deployment behind one). */
  readonly metricsToken: string | undefined;
  /** Where prices come from: the simulator, or an upstream feed with our protocol. */
  readonly prices: { readonly source: 'simulator' | 'upstream'; readonly url: string | undefined; readonly key: string | undefined };
  /** The price feed's api key (the web tier's proxy adds it); generated into the data folder when both tiers share a process. */
  readonly feedApiKey: string | undefined;
  /** Outgoing mail: SMTP when a URL is set (else only the outbox), and the sender address. */
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string };
  /** The realtime app: its key (public, pages carry it) and secret (the trading tier's alone); generated into the data folder when unset. */
  readonly pusher: { readonly key: string | undefined; readonly secret: string | undefined };
  readonly settingsCacheMs: number;
  /** Chat attachments: the folder their bytes are kept in (outside the web root) and the largest file taken. */
  readonly uploads: { readonly dir: string; readonly maxBytes: number };
  /** Failed logins one client (IP) may make for one e-mail address in 15 minutes; five times as many over all addresses. */
  readonly loginRateLimit: number;
  /** Price feed and realtime sockets one client address may hold open, over every trading process (counted through Redis when set). */
  readonly socketsPerAddress: number;
  /** Whether staff and admins must turn on two-factor sign-in before the back office (docs/access.md#two-factor-sign-in). */
  readonly staffTwoFactor: Env['STAFF_TWO_FACTOR'];
  /** How often expert advisors and AutoTrader decide: the length of their bars (60 s: M1). */
  readonly eaBarMs: number;
  /**
   * When the nightly rollover charges financing (docs/trading.md#overnight-financing); `scheduled` false (ROLLOVER_TIME=off):
   * never by itself, and staff run each day (at 17:00 of the zone).
   */
  readonly rollover: { readonly clock: RolloverClock; readonly scheduled: boolean };
  /**
   * Card payments (docs/funding.md#card-deposits): the sandbox provider (its port, the address browsers reach
   * it at, our API key there and its webhook signing secret, generated into the data folder when unset), or
   * Stripe with its keys.
   */
  readonly payments: {
    readonly provider: 'sandbox' | 'stripe';
    readonly sandbox: { readonly port: number; readonly publicUrl: string | undefined; readonly apiKey: string | undefined; readonly webhookSecret: string | undefined };
    readonly stripe: { readonly secretKey: string | undefined; readonly webhookSecret: string | undefined };
  };
  /** The broker's watch-only extended public keys per chain (docs/funding.md#crypto-deposits); demo keys are made into the data folder for those unset. */
  readonly crypto: { readonly xpubs: { readonly btc: string | undefined; readonly eth: string | undefined; readonly trx: string | undefined } };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const apiUrl = env.TRADING_API_URL ?? `http://${env.API_HOST === '0.0.0.0' ? '127.0.0.1' : env.API_HOST}:${env.API_PORT}`;
  // Every missing requirement is named at once, not one per start.
  const missing: string[] = [];
  if (env.ROLE === 'web' && !env.TRADING_API_URL) missing.push('TRADING_API_URL: is required when ROLE=web');
  if (env.PRICE_SOURCE === 'upstream' && (!env.PRICE_FEED_URL || !env.PRICE_FEED_KEY)) missing.push('PRICE_FEED_URL, PRICE_FEED_KEY: are required when PRICE_SOURCE=upstream');
  if (env.ROLE !== 'both' && !env.FEED_API_KEY) missing.push(`FEED_API_KEY: is required when ROLE=${env.ROLE} (the web tier and the API must share it)`);
  if (env.ROLE !== 'both' && !env.PUSHER_APP_KEY) missing.push(`PUSHER_APP_KEY: is required when ROLE=${env.ROLE} (the pages and the API must share it)`);
  // Mail links and the Origin check need the address customers really use; guessing http://localhost:PORT is for one process on one machine.
  if (!env.PUBLIC_ORIGIN && (env.ROLE !== 'both' || env.DATABASE_URL)) {
    missing.push('PUBLIC_ORIGIN: is required when ROLE=web or trading, or DATABASE_URL is set (links in mails must reach the site, such as https://trade.example.com)');
  }
  // Several web processes must sign cookies with one secret; a generated one is only for a single embedded process.
  if (env.ROLE !== 'trading' && !env.SESSION_SECRET && (env.ROLE === 'web' || env.DATABASE_URL)) {
    missing.push('SESSION_SECRET: is required when ROLE=web or DATABASE_URL is set (every web process needs the same one)');
  }
  // Any trading process may be asked to check a signature another one made.
  if (env.ROLE !== 'web' && !env.PUSHER_APP_SECRET && (env.ROLE === 'trading' || env.DATABASE_URL)) {
    missing.push('PUSHER_APP_SECRET: is required when ROLE=trading or DATABASE_URL is set (every trading process needs the same one)');
  }
  // The sandbox takes no real money but credits real balances: a deployment on its own database chooses it knowingly.
  if (env.ROLE !== 'web' && env.DATABASE_URL && !present.PAYMENTS_PROVIDER) {
    missing.push('PAYMENTS_PROVIDER: is required when DATABASE_URL is set (stripe for real card payments; sandbox only for a test deployment: its test cards credit balances)');
  }
  // Behind a proxy on the same host, a scrape from outside arrives over loopback too: only a token tells them apart (docs/metrics.md#access).
  const trustsProxy = (setting: TrustProxy) => setting !== false && setting !== 0;
  const proxied = (env.ROLE !== 'trading' && trustsProxy(env.WEB_TRUST_PROXY)) || (env.ROLE !== 'web' && trustsProxy(env.API_TRUST_PROXY));
  if (!env.METRICS_TOKEN && proxied && (env.ROLE !== 'both' || env.DATABASE_URL)) {
    missing.push(
      'METRICS_TOKEN: is required when ROLE=web or trading, or DATABASE_URL is set, while WEB_TRUST_PROXY or API_TRUST_PROXY trusts a proxy (what a proxy on this host relays arrives over loopback; without a proxy, set them to false)',
    );
  }
  if (env.PAYMENTS_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET))
    missing.push('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: are required when PAYMENTS_PROVIDER=stripe');
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((line) => `  ${line}`).join('\n')}`);
  return Object.freeze({
    env: env.NODE_ENV,
    role: env.ROLE,
    web: Object.freeze({ host: env.HOST, port: env.PORT, publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/+$/, '') }),
    api: Object.freeze({ host: env.API_HOST, port: env.API_PORT, url: apiUrl.replace(/\/+$/, ''), external: env.TRADING_API_URL !== undefined }),
    dataDir: env.DATA_DIR,
    database: Object.freeze({ url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX, migrateOnStart: env.MIGRATE_ON_START === 'true' || (env.MIGRATE_ON_START === 'auto' && !env.DATABASE_URL) }),
    redisUrl: env.REDIS_URL,
    sessionSecret: env.SESSION_SECRET,
    tokenTtlHours: env.TOKEN_TTL_HOURS,
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
    trustProxy: Object.freeze({ web: env.WEB_TRUST_PROXY, api: env.API_TRUST_PROXY }),
    metricsToken: env.METRICS_TOKEN,
    feedApiKey: env.FEED_API_KEY,
    pusher: Object.freeze({ key: env.PUSHER_APP_KEY, secret: env.PUSHER_APP_SECRET }),
    mail: Object.freeze({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
    prices: Object.freeze({ source: env.PRICE_SOURCE, url: env.PRICE_FEED_URL, key: env.PRICE_FEED_KEY }),
    settingsCacheMs: env.SETTINGS_CACHE_MS,
    eaBarMs: env.EA_BAR_MS,
    rollover: Object.freeze({
      clock: Object.freeze({ minute: minuteOfDay(env.ROLLOVER_TIME === 'off' ? '17:00' : env.ROLLOVER_TIME)!, timeZone: env.ROLLOVER_TIME_ZONE }),
      scheduled: env.ROLLOVER_TIME !== 'off',
    }),
    uploads: Object.freeze({ dir: env.UPLOAD_DIR ?? join(env.DATA_DIR, 'uploads'), maxBytes: env.UPLOAD_MAX_MB * 1024 * 1024 }),
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    socketsPerAddress: env.SOCKETS_PER_ADDRESS,
    staffTwoFactor: env.STAFF_TWO_FACTOR,
    payments: Object.freeze({
      provider: env.PAYMENTS_PROVIDER,
      sandbox: Object.freeze({
        port: env.PAYMENTS_SANDBOX_PORT,
        publicUrl: env.PAYMENTS_SANDBOX_URL?.replace(/\/+$/, ''),
        apiKey: env.PAYMENTS_SANDBOX_KEY,
        webhookSecret: env.PAYMENTS_WEBHOOK_SECRET,
      }),
      stripe: Object.freeze({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }),
    }),
    crypto: Object.freeze({ xpubs: Object.freeze({ btc: env.CRYPTO_XPUB_BTC, eth: env.CRYPTO_XPUB_ETH, trx: env.CRYPTO_XPUB_TRX }) }),
  });
}
