import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Express } from 'express';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { listen } from '../listen';
import { createLogger, requestIdOf, type Logger } from '../logger';
import { redisErrors, sampled } from '../metrics';
import { realtimePathPrefix } from '../../shared/realtime';
import { createTradingApp } from '../trading/api/app';
import type { Bus } from '../trading/bus';
import type { AppDb, Database } from '../trading/db/database';
import { openDatabase } from '../trading/db/open';
import { prepareDatabase } from '../trading/setup/prepare';
import type { TradingDeps } from '../trading/deps';
import { AdvisorRunner } from '../trading/ea/runner';
import { TradingEngine } from '../trading/engine/engine';
import { attachPriceFeed, type FeedSignIn, type PriceFeed } from '../trading/feed/feed-server';
import { SignIns } from '../trading/auth/sign-ins';
import { hashToken } from '../trading/db/opaque-tokens';
import type { FileStore } from '../trading/files/file-store';
import { UploadGate } from '../trading/files/upload-gate';
import { OrphanFileSweeper } from '../trading/chat/orphan-sweeper';
import type { Mailer } from '../trading/mail/mailer';
import type { Market } from '../trading/market/market';
import { CandleRecorder } from '../trading/market/recorder';
import { RolloverJob } from '../trading/financing/job';
import { DividendJob } from '../trading/dividends/job';
import { SavingsJob } from '../trading/savings/job';
import type { PusherServerOptions } from '../trading/realtime/pusher-server';
import type { AppCredentials } from '../trading/realtime/signature';
import { chooseDrivers, connectRedis, needsRedis, onBusReconnect, openBus, openFileStore, openMailer, openRateLimitStores, type Drivers } from './drivers';
import { feedApiKey, realtimeCredentials } from './keys';
import { ClusterLead, type LeaderJob } from './leadership';
import { Lifecycle } from './lifecycle';
import { followLeaderPrices, type MarketOptions } from './market';
import { openRealtime, type RealtimeSockets } from './realtime';
import { randomUUID } from 'node:crypto';
import { admitBy, openConnectionCap } from '../trading/realtime/connection-cap';
import { clientAddressOf } from '../client-address';
import { openPayments } from './payments';
import { getSettings } from '../trading/db/settings.repo';
import { cryptoKeys } from '../trading/funding/crypto/keys';
import { databaseOutage } from '../trading/errors';

/** The jobs only the leading process runs, in the order they start (they stop in reverse). */
export const leaderJobNames = ['prices', 'engine', 'candles', 'orphan files', 'expert advisors', 'savings', 'rollover', 'dividends'] as const;
export type LeaderJobName = (typeof leaderJobNames)[number];

/**
 * What tests and benchmarks swap; everything else comes from the config. Any of the API's deps but the
 * parts the tier makes itself (market, bus) may be given: they reach `createTradingApp` as they are.
 */
export interface TradingOverrides extends MarketOptions, Partial<Omit<TradingDeps, 'database' | 'market' | 'bus'>> {
  /** An open, migrated database the caller owns (and closes); by default one is opened from the config, prepared, and closed with the tier. */
  database?: Database;
  /** The price feed's api key (default: configured or generated) and how often it flushes. */
  feedApiKey?: string;
  feedFlushMs?: number;
  /** Who a feed socket's token signs in (default: the API's sign-ins; the feed benchmark gives its crowd groups without users). */
  feedSignIn?: FeedSignIn;
  /** The realtime server's timeouts and limits. */
  realtimeOptions?: Partial<PusherServerOptions>;
  /** Which leader jobs run when this process leads (default: all of them). */
  leaderJobs?: readonly LeaderJobName[];
  /** Where the tier registers its farewell, server and close: the process's (or a test stack's) stop. */
  lifecycle?: Lifecycle;
  /** Told when the cluster lead is lost (the leader jobs have stopped and the process follows again). */
  onLeadLost?: () => void;
}

export interface TradingTier {
  readonly app: Express;
  readonly drivers: Drivers;
  readonly database: Database;
  /** Whether the demo people exist (the banner lists their logins); false on a database the caller gave. */
  readonly hasDemoPeople: boolean;
  /** The sandbox card provider's address, when this tier started it. */
  readonly paymentsSandboxUrl: string | undefined;
  readonly market: Market;
  readonly bus: Bus;
  readonly engine: TradingEngine;
  readonly files: FileStore;
  readonly mailer: Mailer;
  readonly lead: ClusterLead;
  /** The price feed and the realtime sockets, once attached to a server. */
  readonly feed: PriceFeed | undefined;
  readonly realtime: RealtimeSockets | undefined;
  /** Serves the price feed (`/socket.io`) and the realtime sockets (`/app/…`) on the API's HTTP server. */
  attach(server: Server): void;
  /** Listens on `port` (0: any free one) and attaches; with a lifecycle, the server is closed in its turn. */
  listen(port: number, host: string): Promise<{ server: Server; port: number }>;
  /** Says goodbye to the feed's and the realtime sockets (before the HTTP servers close). */
  farewell(): Promise<void>;
  /** Farewell if not yet; stops the leader jobs and the market, closes the bus, lets the lead go, then Redis and the database it opened. */
  close(): Promise<void>;
}

/**
 * The trading tier of one process, wired once for `server/main.ts`, the test stacks and the benchmarks:
 * drivers chosen from the config, the market following the leader's relayed prices, the cluster lead
 * (which switches to the real price source and runs the leader jobs), the API app, and, once attached to
 * a server, the price feed and the realtime sockets.
 */
export async function composeTrading(config: Config, overrides: TradingOverrides = {}): Promise<TradingTier> {
  const logger = overrides.logger ?? createLogger({ level: config.logLevel, name: 'trading' });
  const drivers = chooseDrivers(config);
  // What this tier opens, closed last-opened first, also when the start fails half-way (or is stopped).
  const opened = new Lifecycle();
  overrides.lifecycle?.onClose(() => opened.stop());
  try {
    const { database, hasDemoPeople } = await databaseFor(config, overrides.database, logger, opened);
    const redis = needsRedis(drivers) ? await connectRedis(config, logger) : undefined;
    if (redis) opened.onClose(async () => void (await redis.quit()));
    redis?.on('error', () => redisErrors.inc());
    const bus = await openBus(drivers.bus, { redis, logger });
    let lead: ClusterLead | undefined;
    opened.onClose(() => lead?.release()); // once the bus is closed too
    opened.onClose(() => bus.close());
    const { db } = database;
    const prices = await followLeaderPrices({ config, drivers, db, bus, logger, options: overrides });
    opened.onClose(() => prices.close());
    const { market } = prices;
    const engine = engineFor({ db, market, bus, logger }, opened);
    const files = overrides.files ?? openFileStore(drivers.files, { dir: config.uploads.dir });
    const jobs = leaderJobsOf({ config, db, market, bus, logger, files, prices: prices.job, engine });
    const leader = new ClusterLead({
      tryLead: () => database.tryLead(),
      jobs: leaderJobNames.filter((name) => (overrides.leaderJobs ?? leaderJobNames).includes(name)).map((name) => jobs[name]),
      logger,
      onLost: overrides.onLeadLost,
    });
    lead = leader;
    opened.onClose(() => leader.stop());
    await leader.begin();

    // The sandbox provider posts its events to this tier: at the configured address, or where it listens once it does.
    let apiBase = config.api.url;
    const { app, credentials, mailer, paymentsSandboxUrl } = await apiApp({ config, overrides, logger, opened, apiUrl: () => apiBase, drivers, redis, database, market, bus, files });
    const sockets = socketsOnServer({ config, overrides, logger, drivers, db, bus, redis, market, credentials });
    const realtimeSockets = socketUpgrades(logger);
    const attach = (server: Server) => {
      sockets.attach(server);
      realtimeSockets.watch(server);
    };
    sampleGauges(opened, { leader, engine, feedClients: () => sockets.feed?.io.of('/').sockets.size ?? 0, realtimeConnections: realtimeSockets.count });
    return {
      app,
      drivers,
      database,
      hasDemoPeople,
      paymentsSandboxUrl,
      market,
      bus,
      engine,
      files,
      mailer,
      lead: leader,
      get feed() {
        return sockets.feed;
      },
      get realtime() {
        return sockets.realtime;
      },
      attach,
      farewell: sockets.farewell,
      async listen(port, host) {
        const listening = await listen(app, port, host);
        if (!config.api.external) apiBase = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${listening.port}`;
        overrides.lifecycle?.addServer(listening.server);
        attach(listening.server);
        return listening;
      },
      async close() {
        await sockets.farewell();
        await opened.stop();
      },
    };
  } catch (error) {
    // With a lifecycle, its stop closes what opened; without one, nobody else would.
    if (!overrides.lifecycle) await opened.stop();
    throw error;
  }
}

/** The engine, which reads its book again (while leading) after an outage of the bus or the database: news of trades may have been lost in either. */
function engineFor({ db, market, bus, logger }: { db: AppDb; market: Market; bus: Bus; logger: Logger }, opened: Lifecycle): TradingEngine {
  const engine = new TradingEngine({ db, market, bus, logger });
  onBusReconnect(bus, () => void engine.resync('bus reconnected'));
  opened.onClose(databaseOutage.onRecovered(() => void engine.resync('database reachable again')));
  return engine;
}

/** The tier's gauges, sampled until it closes: whether it leads, the engine's queue, the feed's clients, the realtime connections. */
function sampleGauges(
  opened: Lifecycle,
  { leader, engine, feedClients, realtimeConnections }: { leader: ClusterLead; engine: TradingEngine; feedClients: () => number; realtimeConnections: () => number },
): void {
  const unsample = [
    sampled.leader.add(() => (leader.leading ? 1 : 0)),
    sampled.engineQueue.add(() => engine.queuedJobs),
    sampled.feedClients.add(feedClients),
    sampled.realtimeConnections.add(realtimeConnections),
  ];
  opened.onClose(() => unsample.forEach((remove) => remove()));
}

/** What each leader job starts and stops, over this tier's market and bus. */
function leaderJobsOf({
  config,
  db,
  market,
  bus,
  logger,
  files,
  prices,
  engine,
}: {
  config: Config;
  db: AppDb;
  market: Market;
  bus: Bus;
  logger: Logger;
  files: FileStore;
  prices: LeaderJob<'prices'>;
  engine: TradingEngine;
}): Record<LeaderJobName, LeaderJob> {
  const recorder = new CandleRecorder({ db, market, logger });
  const sweeper = new OrphanFileSweeper({ db, files, logger });
  const advisors = new AdvisorRunner({ db, market, bus, logger, barMs: config.eaBarMs });
  // Savings interest by the cluster's clock (the market's: tests move it), once a day per saving whoever leads (docs/customer-area.md#savings).
  const savingsJob = new SavingsJob({ db, bus, logger, now: () => market.now() });
  // Overnight financing by the same clock, each night once whoever leads (docs/trading.md#overnight-financing).
  const rollover = config.rollover.scheduled ? new RolloverJob({ db, market, bus, logger, clock: config.rollover.clock }) : { name: 'rollover', start: () => undefined, stop: () => undefined };
  return {
    prices,
    engine: { name: 'engine', start: () => engine.start(), stop: () => engine.stop() },
    candles: { name: 'candles', start: () => recorder.start(), stop: () => recorder.stop() },
    'orphan files': { name: 'orphan files', start: () => sweeper.start(), stop: () => sweeper.stop() },
    'expert advisors': { name: 'expert advisors', start: () => advisors.start(), stop: () => advisors.stop() },
    savings: savingsJob,
    rollover,
    // Dividend adjustments at each ex-date's open, once whoever leads (docs/trading.md#dividends).
    dividends: new DividendJob({ db, market, bus, logger }),
  };
}

/** The API app over this tier's parts, with the card provider (the sandbox one posts its events to `apiUrl()`), keys, credentials and mailer. */
async function apiApp({
  config,
  overrides,
  logger,
  opened,
  apiUrl,
  drivers,
  redis,
  database,
  market,
  bus,
  files,
}: {
  config: Config;
  overrides: TradingOverrides;
  logger: Logger;
  opened: Lifecycle;
  apiUrl: () => string;
  drivers: Drivers;
  redis: Redis | undefined;
  database: Database;
  market: Market;
  bus: Bus;
  files: FileStore;
}) {
  const { db } = database;
  const opening = overrides.payments
    ? { provider: overrides.payments, sandboxUrl: undefined }
    : await openPayments(config, { logger, lifecycle: opened, apiUrl, merchantName: (await getSettings(db)).name });
  const payments = opening.provider;
  const keys = overrides.cryptoKeys ?? cryptoKeys(config);
  const credentials = overrides.realtime ?? realtimeCredentials(config);
  const mailer = overrides.mailer ?? openMailer(drivers.mail, { db, config, logger });
  const settings = appSettings(config, overrides);
  // Its temporary folder goes with the tier (a gate the caller gave is the caller's).
  if (!overrides.uploadGate) opened.onClose(() => settings.uploadGate.close());
  const app = createTradingApp({
    ...settings,
    ...appOverrides(overrides),
    database,
    market,
    bus,
    realtime: credentials,
    payments,
    cryptoKeys: keys,
    mailer,
    files,
    logger,
    rateLimitStores: overrides.rateLimitStores ?? openRateLimitStores(drivers.rateLimits, { redis }),
    pingRedis: overrides.pingRedis ?? (redis ? () => redis.ping() : undefined),
  });
  return { app, credentials, mailer, paymentsSandboxUrl: opening.sandboxUrl };
}

/**
 * The sockets' upgrades on this process's servers: logged with the request id the web tier's proxy gave
 * them, and the realtime ones (`/app/…`) counted until their connection closes (cfd_realtime_connections;
 * the Pusher server keeps its connections to itself).
 */
function socketUpgrades(logger: Logger) {
  let open = 0;
  return {
    count: () => open,
    watch(server: Server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
        const path = req.url?.split('?')[0] ?? '';
        logger.debug({ req: { id: requestIdOf(req), method: req.method, url: path } }, 'socket upgrade');
        if (!path.startsWith(realtimePathPrefix) || socket.destroyed) return;
        open += 1;
        socket.once('close', () => (open -= 1));
      });
    },
  };
}

/** The API's settings from the config, or as the overrides have them. */
function appSettings(config: Config, overrides: TradingOverrides) {
  return {
    uploadMaxBytes: overrides.uploadMaxBytes ?? config.uploads.maxBytes,
    // One gate for every upload route of this process: a person's and an address's places count across them all.
    uploadGate: overrides.uploadGate ?? new UploadGate(),
    siteOrigin: overrides.siteOrigin ?? (() => config.web.publicOrigin ?? `http://localhost:${config.web.port}`),
    publicOriginFixed: overrides.publicOriginFixed ?? config.web.publicOrigin !== undefined,
    tokenTtlHours: overrides.tokenTtlHours ?? config.tokenTtlHours,
    loginRateLimit: overrides.loginRateLimit ?? config.loginRateLimit,
    rollover: config.rollover,
    staffTwoFactor: overrides.staffTwoFactor ?? config.staffTwoFactor,
    trustProxy: config.trustProxy.api,
    metricsToken: overrides.metricsToken ?? config.metricsToken,
    isAcceptingWork: overrides.isAcceptingWork ?? (() => overrides.lifecycle?.accepting ?? true),
  } satisfies Partial<TradingDeps>;
}

/** The API's deps among the overrides (those given, not undefined). */
function appOverrides(overrides: TradingOverrides): Partial<TradingDeps> {
  const { database, priceSource, instruments, now, dayFigures, feedApiKey, feedFlushMs, feedSignIn, realtimeOptions, leaderJobs, lifecycle, onLeadLost, ...deps } = overrides;
  return Object.fromEntries(Object.entries(deps).filter(([, value]) => value !== undefined));
}

/** The database given (the caller's), or the configured one, opened, migrated and seeded as the config asks. */
async function databaseFor(config: Config, given: Database | undefined, logger: Logger, opened: Lifecycle): Promise<{ database: Database; hasDemoPeople: boolean }> {
  if (given) return { database: given, hasDemoPeople: false };
  const database = await openDatabase({ url: config.database.url, poolMax: config.database.poolMax, dataDir: config.dataDir });
  opened.onClose(() => database.close());
  const files = openFileStore(chooseDrivers(config).files, { dir: config.uploads.dir });
  const { hasDemoPeople } = await prepareDatabase(database, { seedDemo: config.seedDemo, logger, files, migrate: config.database.migrateOnStart });
  return { database, hasDemoPeople };
}

/** The price feed and the realtime sockets, made when the tier is attached to its HTTP server. */
function socketsOnServer({
  config,
  overrides,
  logger,
  drivers,
  db,
  bus,
  redis,
  market,
  credentials,
}: {
  config: Config;
  overrides: TradingOverrides;
  logger: Logger;
  drivers: Drivers;
  db: AppDb;
  bus: Bus;
  redis: Redis | undefined;
  market: Market;
  credentials: AppCredentials;
}) {
  let feed: PriceFeed | undefined;
  let realtime: RealtimeSockets | undefined;
  let farewell: Promise<void> | undefined;
  const sockets = {
    get feed() {
      return feed;
    },
    get realtime() {
      return realtime;
    },
    attach(server: Server) {
      if (feed || realtime) throw new Error('the trading tier is attached to a server already');
      // One cap for both kinds of socket: SOCKETS_PER_ADDRESS per client address, over every process through Redis.
      const cap = openConnectionCap({ limit: config.socketsPerAddress, redis, node: randomUUID(), logger });
      const admit = admitBy(cap, clientAddressOf(config.trustProxy.api));
      const signIns = new SignIns(db, bus);
      const signIn: FeedSignIn =
        overrides.feedSignIn ??
        (async (token) => {
          const found = await signIns.find(hashToken(token));
          return found && { userId: found.user.id, planId: found.user.planId };
        });
      feed = attachPriceFeed({ server, market, bus, apiKey: overrides.feedApiKey ?? feedApiKey(config), logger, flushMs: overrides.feedFlushMs, admit, signIn });
      const opened = openRealtime({
        db,
        bus,
        redis,
        drivers,
        logger,
        credentials,
        allowedOrigins: config.web.publicOrigin ? [config.web.publicOrigin] : undefined,
        admit,
        options: overrides.realtimeOptions,
      });
      server.once('close', () => {
        cap.close();
        signIns.close();
      });
      realtime = opened;
      server.on('upgrade', (req, socket, head) => opened.handleUpgrade(req, socket, head));
      overrides.lifecycle?.onFarewell(() => sockets.farewell());
    },
    farewell: () =>
      (farewell ??= (async () => {
        await feed?.close();
        await realtime?.close();
      })()),
  };
  return sockets;
}
