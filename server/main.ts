import type { Server } from 'node:http';
import { ConfigError, loadConfig, type Config } from './config';
import { closeServer, listen } from './listen';
import { createLogger } from './logger';
import { openRedis, redisRateLimitStores } from './redis';
import { persistentSecret } from './secrets';
import { createTradingApp } from './trading/app';
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

const servers: Server[] = [];
/** Run in order on shutdown, and on a failed start (an unclosed PGlite would leave a stale lock behind). */
const closers: (() => Promise<void>)[] = [];

async function closeAll(): Promise<void> {
  for (const close of closers) await close().catch((error: unknown) => console.error('close failed', error));
}

/** `migrate` and `seed-demo` prepare the configured database and exit (the explicit way to seed PostgreSQL). */
async function runCommand(command: 'migrate' | 'seed-demo', config: Config): Promise<void> {
  const logger = createLogger({ level: config.logLevel, name: command });
  const database = await openDatabase({ url: config.database.url, poolMax: config.database.poolMax, dataDir: config.dataDir });
  closers.push(() => database.close());
  const { hasDemoPeople } = await prepareDatabase(database, { seedDemo: command === 'seed-demo' ? 'always' : 'never', logger });
  console.log(`Database (${database.driver}) migrated${hasDemoPeople ? '; demo data present' : ''}.`);
  await closeAll();
}

async function main(): Promise<void> {
  const config = readConfig();
  const command = process.argv[2];
  if (command === 'migrate' || command === 'seed-demo') return runCommand(command, config);
  if (command !== undefined) throw new Error(`Unknown command "${command}". Use no argument to serve, or: migrate, seed-demo.`);
  const logger = createLogger({ level: config.logLevel, name: config.role === 'both' ? 'app' : config.role });
  let accepting = true;
  const banner: string[] = [];
  /** Where the web tier finds the API: configured, or this process's own API on the port it really got. */
  let apiUrl = config.api.url;

  if (config.role !== 'web') {
    const database = await openDatabase({ url: config.database.url, poolMax: config.database.poolMax, dataDir: config.dataDir });
    closers.push(() => database.close());
    const { hasDemoPeople } = await prepareDatabase(database, { seedDemo: config.seedDemo, logger });
    const redis = config.redisUrl ? await openRedis(config.redisUrl) : undefined;
    if (redis) {
      redis.on('error', (error: unknown) => logger.error({ err: error }, 'redis error'));
      closers.push(async () => void (await redis.quit()));
    }
    const app = createTradingApp({
      database,
      logger,
      tokenTtlHours: config.tokenTtlHours,
      loginRateLimit: config.loginRateLimit,
      trustProxy: config.trustProxy,
      ...(redis ? { rateLimitStores: redisRateLimitStores(redis) } : {}),
      isAcceptingWork: () => accepting,
    });
    const { server, port } = await listen(app, config.api.port, config.api.host);
    servers.push(server);
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
      trustProxy: config.trustProxy,
      publicOrigin: config.web.publicOrigin,
      dev: config.env === 'development',
    });
    const { server, port } = await listen(app, config.web.port, config.web.host);
    servers.push(server);
    banner.unshift(`Open ${config.web.publicOrigin ?? `http://${displayHost(config.web.host)}:${port}`}/ in your browser.`);
  }

  console.log(['', ...banner, ''].join('\n'));
  logger.info({ role: config.role }, 'started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    accepting = false;
    logger.info({ signal }, 'shutting down');
    await Promise.all(servers.map((server) => closeServer(server, 10_000)));
    await closeAll();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (error: unknown) => {
  console.error('Failed to start:', error);
  await Promise.all(servers.map((server) => closeServer(server, 1_000)));
  await closeAll();
  process.exit(1);
});
