import type { Server } from 'node:http';
import { isCommand, runCommand, UsageError } from './commands';
import { ConfigError, loadConfig, type Config } from './config';
import { closeServer, listen } from './listen';
import { createLogger, type Logger } from './logger';
import { openRedis, redisRateLimitStores } from './redis';
import { persistentSecret } from './secrets';
import { createTradingApp } from './trading/app';
import { LocalBus } from './trading/bus';
import { RedisBus } from './trading/redis-bus';
import type { Leadership } from './trading/db/database';
import { RelayedPriceSource, relayedTo, SwitchingPriceSource, type PriceSource } from './trading/market/price-source';
import { PriceSimulator } from './trading/market/simulator';
import { openMarket } from './trading/market/start';
import { TradingEngine } from './trading/engine/engine';
import { attachPriceFeed } from './trading/feed/feed-server';
import { createTransport } from 'nodemailer';
import { createMailer } from './trading/mail/mailer';
import { folderStore } from './trading/files/file-store';
import { OrphanFileSweeper } from './trading/files/orphan-sweeper';
import { AdvisorRunner } from './trading/ea/runner';
import { bridgeToChannels, memberRelay } from './trading/realtime/bridge';
import { LocalPresenceDirectory, RedisPresenceDirectory } from './trading/realtime/presence-directory';
import { randomUUID } from 'node:crypto';
import { PusherServer } from './trading/realtime/pusher-server';
import { keepPresence, userChannelPrefix } from './trading/realtime/presence';
import { UpstreamFeedSource } from './trading/market/upstream-source';
import { CandleRecorder } from './trading/market/recorder';
import { openDatabase } from './trading/db/open';
import { prepareDatabase } from './trading/db/prepare';
import { demoLogins } from './trading/db/seed/demo';
import { builtAssets, devAssets } from './web/assets';
import { createWebApp } from './web/app';
import { createTradingClient } from './web/trading-client';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

const displayHost = (host: string) => (host === '0.0.0.0' || host === '::' ? 'localhost' : host);

/** Servers in the order they stop: the web tier first (its requests may still call the API), then the API. */
const servers: Server[] = [];
/** Run before the servers close: protocol servers that say goodbye to their sockets properly. */
const farewells: (() => Promise<void>)[] = [];
/** Then these, in order: assets, the engine and market, Redis, the database (an unclosed PGlite leaves a stale lock behind). */
const closers: (() => Promise<void>)[] = [];
let accepting = true;

async function shutdown(logger: Pick<Logger, 'info'>, code: number): Promise<never> {
  accepting = false;
  for (const farewell of farewells) await farewell().catch((error: unknown) => console.error('close failed', error));
  for (const server of servers) await closeServer(server, 10_000);
  for (const close of closers) await close().catch((error: unknown) => console.error('close failed', error));
  logger.info('stopped');
  process.exit(code);
}

async function serve(config: Config, logger: Logger): Promise<void> {
  const banner: string[] = [];
  const feedApiKey = config.feedApiKey ?? persistentSecret(config.dataDir, 'feed-api-key');
  const pusherKey = config.pusher.key ?? persistentSecret(config.dataDir, 'pusher-app-key');
  /** Where the web tier finds the API: configured, or this process's own API on the port it really got. */
  let apiUrl = config.api.url;
  /** The site's address for links in mails: PUBLIC_ORIGIN, or this process's web tier once it listens. */
  let siteOrigin = config.web.publicOrigin ?? `http://localhost:${config.web.port}`;

  if (config.role !== 'web') {
    const database = await openDatabase({ url: config.database.url, poolMax: config.database.poolMax, dataDir: config.dataDir });
    closers.push(() => database.close());
    const { hasDemoPeople } = await prepareDatabase(database, { seedDemo: config.seedDemo, logger });
    const redis = config.redisUrl ? await openRedis(config.redisUrl) : undefined;
    if (redis) {
      redis.on('error', (error: unknown) => logger.error({ err: error }, 'redis error'));
      closers.unshift(async () => void (await redis.quit()));
    }
    const onBusError = (error: unknown, topic: string) => logger.error({ err: error, topic }, 'bus subscriber failed');
    const bus = redis ? await RedisBus.open(redis, { onError: onBusError }) : new LocalBus(onBusError);
    // Every process starts following the leader's relayed prices; the one that takes the lead switches
    // to the real source and runs the engine and the candle recorder (server-spec §1).
    const { prices } = config;
    const source = new SwitchingPriceSource();
    let realSource: (startPrices: ReadonlyMap<number, string>) => PriceSource = () => source;
    const market = await openMarket({
      db: database.db,
      bus,
      source: (instruments, startPrices) => {
        realSource = (from) =>
          prices.source === 'upstream'
            ? new UpstreamFeedSource({ url: prices.url!, apiKey: prices.key!, instruments, logger })
            : new PriceSimulator({ instruments, startPrices: from.size > 0 ? from : startPrices });
        return source;
      },
    });
    await source.use(new RelayedPriceSource(bus));
    market.start();
    const engine = new TradingEngine({ db: database.db, market, bus, logger });
    const recorder = new CandleRecorder({ db: database.db, market, logger });
    const files = folderStore(config.uploads.dir);
    const sweeper = new OrphanFileSweeper({ db: database.db, files, logger });
    const advisors = new AdvisorRunner({ db: database.db, market, bus, logger, barMs: config.eaBarMs });
    let leadership: Leadership | undefined;
    // A follower that heard the last leader's prices carries on from them; otherwise from the stored closes.
    let hasRelayedPrices = false;
    const heard = bus.subscribe('market.ticks', () => (hasRelayedPrices = true));
    let attempting = false;
    /** Takes the lead if it is free: one attempt at a time; if starting fails, the lock is let go and the relayed prices come back. */
    const lead = async (): Promise<boolean> => {
      if (leadership || attempting) return leadership !== undefined;
      attempting = true;
      let held: Leadership | undefined;
      try {
        held = await database.tryLead();
        if (!held) return false;
        const current = new Map(market.instruments.map((i) => [i.id, market.quotes.get(i.id)!.mid]));
        await source.use(relayedTo(bus, realSource(hasRelayedPrices ? current : new Map())));
        await engine.start();
        recorder.start();
        sweeper.start();
        await advisors.start();
        leadership = held;
        void held.lost.then(() => {
          // Another process may lead by now: stop rather than run the engine twice.
          logger.fatal('lost the cluster lead (database connection dropped); stopping');
          void shutdown(logger, 1);
        });
        logger.info('leading the cluster: prices, engine, candles and expert advisors run here');
        return true;
      } catch (error) {
        if (held) {
          await advisors.stop().catch(() => undefined);
          await engine.stop().catch(() => undefined);
          await source.use(new RelayedPriceSource(bus)).catch(() => undefined);
          await held.release();
        }
        throw error;
      } finally {
        attempting = false;
      }
    };
    if (!(await lead())) {
      logger.info('following the cluster lead: prices relayed from it');
      const retry = setInterval(() => {
        void lead()
          .then((led) => {
            if (led) clearInterval(retry);
          })
          .catch((error: unknown) => logger.error({ err: error }, 'taking the cluster lead failed'));
      }, 5_000);
      retry.unref();
      closers.unshift(async () => clearInterval(retry));
    }
    closers.unshift(async () => {
      heard();
      if (leadership) {
        await advisors.stop();
        await engine.stop();
        await recorder.stop();
        sweeper.stop();
      }
      await market.stop();
      await bus.close();
      await leadership?.release();
    });
    const mailer = createMailer({ db: database.db, transport: config.mail.smtpUrl ? createTransport(config.mail.smtpUrl) : undefined, from: config.mail.from, logger });
    const realtimeCredentials = { key: pusherKey, secret: config.pusher.secret ?? persistentSecret(config.dataDir, 'pusher-app-secret') };
    const app = createTradingApp({
      database,
      market,
      bus,
      realtime: realtimeCredentials,
      mailer,
      files,
      uploadMaxBytes: config.uploads.maxBytes,
      siteOrigin: () => siteOrigin,
      logger,
      tokenTtlHours: config.tokenTtlHours,
      loginRateLimit: config.loginRateLimit,
      trustProxy: config.trustProxy.api,
      metricsToken: config.metricsToken,
      ...(redis ? { rateLimitStores: redisRateLimitStores(redis) } : {}),
      isAcceptingWork: () => accepting,
    });
    const { server, port } = await listen(app, config.api.port, config.api.host);
    servers.push(server);
    const feed = attachPriceFeed({ server, market, bus, apiKey: feedApiKey, logger });
    farewells.push(() => feed.close());
    const presence = keepPresence({ db: database.db, logger, connectedChannels: () => realtime.channelsStartingWith(userChannelPrefix) });
    const node = randomUUID();
    const directory = redis ? new RedisPresenceDirectory(redis, node, 90, (channel, userId) => realtime.memberGone(channel, userId)) : new LocalPresenceDirectory();
    const realtime = new PusherServer({
      credentials: realtimeCredentials,
      logger,
      allowedOrigins: config.web.publicOrigin ? [config.web.publicOrigin] : undefined,
      onSubscribed: presence.subscribed,
      presence: directory,
      relay: memberRelay(bus, node),
      // Far above what one process serves well (see `npm run bench -- realtime`); a flood stops here.
      maxConnections: 50_000,
    });
    const disconnectRevoked = bus.subscribe('access.changed', ({ userId }) => realtime.disconnectUser(userId));
    // Events published while this process's Redis subscription was down never arrive: clients start over.
    if (bus instanceof RedisBus) bus.onReconnect(() => realtime.reconnectAll('Events may have been missed'));
    server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
    const unbridge = bridgeToChannels(bus, realtime);
    farewells.push(async () => {
      presence.stop();
      unbridge();
      disconnectRevoked();
      await realtime.close();
      directory.close();
    });
    if (!config.api.external) apiUrl = `http://${config.api.host === '0.0.0.0' ? '127.0.0.1' : config.api.host}:${port}`;
    banner.push(`Trading API: http://${displayHost(config.api.host)}:${port}/api/v1 (${database.driver})`);
    if (hasDemoPeople) {
      banner.push('Demo logins (e-mail / password):');
      for (const person of demoLogins) banner.push(`  ${person.email.padEnd(20)} ${person.password.padEnd(16)} ${person.describe}`);
    }
  }

  if (config.role !== 'trading') {
    const assets = config.env === 'development' ? await devAssets() : await builtAssets();
    closers.unshift(() => assets.close());
    const app = createWebApp({
      logger,
      api: createTradingClient({ baseUrl: apiUrl }),
      assets,
      sessionSecret: config.sessionSecret ?? persistentSecret(config.dataDir, 'session-secret'),
      sessionMaxAgeHours: config.tokenTtlHours,
      settingsCacheMs: config.settingsCacheMs,
      trustProxy: config.trustProxy.web,
      metricsToken: config.metricsToken,
      feedApiKey,
      realtimeKey: pusherKey,
      publicOrigin: config.web.publicOrigin,
      dev: config.env === 'development',
    });
    const { server, port } = await listen(app, config.web.port, config.web.host);
    server.on('upgrade', app.handleUpgrade);
    servers.unshift(server);
    if (!config.web.publicOrigin) siteOrigin = `http://${displayHost(config.web.host)}:${port}`;
    banner.unshift(`Open ${config.web.publicOrigin ?? `http://${displayHost(config.web.host)}:${port}`}/ in your browser.`);
  }

  console.log(['', ...banner, ''].join('\n'));
  logger.info({ role: config.role }, 'started');
}

async function main(): Promise<void> {
  const config = readConfig();
  const [command, ...args] = process.argv.slice(2);
  const logger = createLogger({ level: config.logLevel, name: command ?? (config.role === 'both' ? 'app' : config.role) });
  // Installed before anything opens, so Ctrl-C during start-up still closes the database cleanly.
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      void shutdown(logger, 0);
    });
  }
  if (command === undefined) return serve(config, logger);
  if (!isCommand(command)) throw new UsageError(`Unknown command "${command}". Run with no argument to serve, or: migrate, seed-demo, create-admin.`);
  const database = await openDatabase({ url: config.database.url, poolMax: config.database.poolMax, dataDir: config.dataDir });
  closers.push(() => database.close());
  await runCommand(command, args, config, database);
  await shutdown({ info: () => undefined }, 0);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  await shutdown({ info: () => undefined }, 1);
});
