import { isCommand, runCommand, UsageError } from './commands';
import { composeTrading } from './compose/trading';
import { composeWeb, openAssets } from './compose/web';
import type { InProcessApi } from './web/proxy';
import { Lifecycle } from './compose/lifecycle';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger, type Logger } from './logger';
import { openDatabase } from './trading/db/open';
import { demoLogins } from './trading/setup/demo-seed';
import { SchemaBehind } from './trading/db/migrated';

const displayHost = (host: string) => (host === '0.0.0.0' || host === '::' ? 'localhost' : host);

/** Everything this process started, stopped in order on SIGTERM/SIGINT (also during start-up) or a fatal error. */
const lifecycle = new Lifecycle();

/**
 * How long requests in flight may take to finish on SIGTERM: with the farewells before and the closes after,
 * the process is gone well within the 10 s an orchestrator waits before it kills (docs/operations.md#stopping).
 */
const requestGraceMs = 6_000;

async function shutdown(logger: Pick<Logger, 'info'>, code: number): Promise<never> {
  await lifecycle.stop({ graceMs: requestGraceMs });
  logger.info('stopped');
  process.exit(code);
}

/** Both tiers (ROLE=both) or one; the web tier reaches the API over HTTP, and in one process hands it the pages' calls. */
async function serve(config: Config, logger: Logger): Promise<void> {
  const banner: string[] = [];
  /** Where the web tier finds the API: configured, or this process's own API on the port it really got. */
  let apiUrl = config.api.url;
  /** This process's own API app, which the web tier hands the pages' calls to. */
  let inProcessApi: InProcessApi | undefined;
  /** The site's address for links in mails: PUBLIC_ORIGIN, or this process's web tier once it listens. */
  let siteOrigin = config.web.publicOrigin ?? `http://localhost:${config.web.port}`;

  if (config.role !== 'web') {
    const trading = await composeTrading(config, { logger, lifecycle, siteOrigin: () => siteOrigin });
    const { port } = await trading.listen(config.api.port, config.api.host);
    if (!config.api.external) {
      apiUrl = `http://${config.api.host === '0.0.0.0' ? '127.0.0.1' : config.api.host}:${port}`;
      inProcessApi = trading.app;
    }
    banner.push(`Trading API: http://${displayHost(config.api.host)}:${port}/api/v1 (${trading.database.driver})`);
    if (trading.paymentsSandboxUrl) banner.push(`Card payments: the sandbox provider at ${trading.paymentsSandboxUrl} (test card 4242 4242 4242 4242, no real money)`);
    if (trading.hasDemoPeople) {
      banner.push('Demo logins (e-mail / password):');
      for (const person of demoLogins) banner.push(`  ${person.email.padEnd(20)} ${person.password.padEnd(16)} ${person.describe}`);
    }
  }

  if (config.role !== 'trading') {
    const web = composeWeb(config, { logger, lifecycle, apiUrl, ...(inProcessApi ? { inProcessApi } : {}), assets: await openAssets(config) });
    const { port } = await web.listen(config.web.port, config.web.host);
    siteOrigin = config.web.publicOrigin ?? `http://${displayHost(config.web.host)}:${port}`;
    banner.unshift(`Open ${siteOrigin}/ in your browser.`);
  }

  console.log(['', ...banner, ''].join('\n'));
  logger.info({ role: config.role }, 'started');
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
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
  if (!isCommand(command)) throw new UsageError(`Unknown command "${command}". Run with no argument to serve, or: migrate, seed-demo, create-admin, rollover.`);
  const database = await openDatabase({ url: config.database.url, poolMax: config.database.poolMax, dataDir: config.dataDir });
  lifecycle.onClose(() => database.close());
  await runCommand(command, args, config, database);
  await shutdown({ info: () => undefined }, 0);
}

main().catch(async (error: unknown) => {
  console.error(error instanceof UsageError || error instanceof ConfigError || error instanceof SchemaBehind ? error.message : error);
  // A bad configuration (or an unknown driver) exits with EX_CONFIG, after closing whatever opened.
  await shutdown({ info: () => undefined }, error instanceof ConfigError ? 78 : 1);
});
