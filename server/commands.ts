import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { createLogger } from './logger';
import { hashPassword } from './trading/auth/passwords';
import type { Database } from './trading/db/database';
import { chooseDrivers, openFileStore } from './compose/drivers';
import { prepareDatabase } from './trading/setup/prepare';
import { createUser, findUserByEmail } from './trading/db/users.repo';
import { emailField } from '../shared/api/credentials.schema';
import { financingTexts, runRolloverRequest } from '../shared/api/financing.schema';
import { rolloverInstant } from '../shared/trading/financing';
import { connectRedis, openBus } from './compose/drivers';
import { runRollover } from './trading/financing/rollover';
import { openMarket } from './trading/market/start';
import type { Logger } from './logger';

/** A mistake in how a command was called: shown as its message alone. */
export class UsageError extends Error {}

export const commandNames = ['migrate', 'seed-demo', 'create-admin', 'rollover'] as const;
export type CommandName = (typeof commandNames)[number];

export function isCommand(value: string | undefined): value is CommandName {
  return (commandNames as readonly string[]).includes(value ?? '');
}

/**
 * One-off operator commands on the configured database, then exit:
 * `migrate`; `seed-demo` (the explicit way to put demo data into PostgreSQL);
 * `create-admin <email> <first name> <last name>` (the first back-office user of a real deployment;
 * prints a generated password once).
 */
export async function runCommand(command: CommandName, args: string[], config: Config, database: Database): Promise<void> {
  const logger = createLogger({ level: config.logLevel, name: command });
  const files = openFileStore(chooseDrivers(config).files, { dir: config.uploads.dir });
  const { hasDemoPeople } = await prepareDatabase(database, { seedDemo: command === 'seed-demo' ? 'always' : 'never', logger, files });
  if (command === 'rollover') return rolloverCommand(args, config, database, logger);
  if (command !== 'create-admin') {
    console.log(`Database (${database.driver}) migrated${hasDemoPeople ? '; demo data present' : ''}.`);
    return;
  }
  const [rawEmail, firstName, lastName] = args;
  const email = emailField.safeParse(rawEmail ?? '');
  if (!email.success || !firstName || !lastName) throw new UsageError('Usage: create-admin <email> <first name> <last name>');
  if (await findUserByEmail(database.db, email.data)) throw new UsageError(`A user with the e-mail ${email.data} exists already.`);
  const password = randomBytes(12).toString('base64url');
  await createUser(database.db, { email: email.data, passwordHash: await hashPassword(password), firstName, lastName, role: 'admin', status: 'active' });
  console.log(`Created admin ${email.data}. Password (shown once): ${password}`);
}

/**
 * `rollover <YYYY-MM-DD>`: books that day's overnight financing (docs/trading.md#overnight-financing), each position once
 * whatever ran before: a missed night older than the leader catches up by itself, or every night with ROLLOVER_TIME=off.
 * Prices are the stored candles' at the rollover (else the last stored close); with REDIS_URL the running processes
 * hear of the new balances at once.
 */
async function rolloverCommand(args: string[], config: Config, database: Database, logger: Logger): Promise<void> {
  const parsed = runRolloverRequest.safeParse({ day: args[0] ?? '' });
  if (!parsed.success) throw new UsageError('Usage: rollover <YYYY-MM-DD>');
  const { day } = parsed.data;
  if (rolloverInstant(day, config.rollover.clock).getTime() > Date.now()) throw new UsageError(financingTexts.notYet(day));
  const drivers = chooseDrivers(config);
  const redis = drivers.bus === 'redis' ? await connectRedis(config, logger) : undefined;
  const bus = await openBus(drivers.bus, { redis, logger });
  try {
    const market = await openMarket({ db: database.db, bus, dayFigures: false });
    const result = await runRollover({ db: database.db, market, bus, logger, clock: config.rollover.clock }, day, { trigger: 'command' });
    console.log(result.alreadyDone ? financingTexts.alreadyBooked(day) : financingTexts.booked(day, result.booked));
  } finally {
    await bus.close();
    redis?.disconnect();
  }
}
