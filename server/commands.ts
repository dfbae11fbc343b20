import { randomBytes } from 'node:crypto';
import type { Config } from './config';
import { createLogger } from './logger';
import { hashPassword } from './trading/auth/passwords';
import type { Database } from './trading/db/database';
import { chooseDrivers, openFileStore } from './compose/drivers';
import { prepareDatabase } from './trading/setup/prepare';
import { createUser, findUserByEmail } from './trading/db/users.repo';
import { emailField } from '../shared/api/credentials.schema';

/** A mistake in how a command was called: shown as its message alone. */
export class UsageError extends Error {}

export const commandNames = ['migrate', 'seed-demo', 'create-admin'] as const;
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
