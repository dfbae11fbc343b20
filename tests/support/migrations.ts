import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres';
import { migrate as pgMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../../server/paths';
import { schema, type AppDb } from '../../server/trading/db/database';
import { seedMarketsAndPlans } from '../../server/trading/db/seed/reference';
import { testDriver } from './database';

/** Upgrades tested as they happen: a database an earlier release migrated and wrote, then this release's migrations. */

/** An empty database of the project's driver (PGlite, or a new database on TEST_DATABASE_URL's server), migrated by hand. */
interface Empty {
  exec(text: string): Promise<unknown>;
  rows<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  db(): AppDb;
  close(): Promise<void>;
}

async function emptyDatabase(): Promise<Empty> {
  if (testDriver === 'pglite') {
    const client = new PGlite();
    return {
      exec: (text) => client.exec(text),
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      migrate: (migrationsFolder) => pgliteMigrate(pgliteDrizzle({ client }), { migrationsFolder }),
      db: () => pgliteDrizzle({ client, schema }) as unknown as AppDb,
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // Dropping the database (with force) may reach a connection the ended pool is still closing: its 57P01 is expected.
  pool.on('error', () => undefined);
  return {
    exec: (text) => pool.query(text),
    rows: async <T>(text: string) => (await pool.query(text)).rows as T[],
    migrate: (migrationsFolder) => pgMigrate(pgDrizzle({ client: pool }), { migrationsFolder }),
    db: () => pgDrizzle({ client: pool, schema }) as unknown as AppDb,
    async close() {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The migrations folder as a release before this one had it: everything up to `lastTag`, copied under `folder`. */
function releaseUpTo(folder: string, lastTag: string): string {
  const dir = join(folder, lastTag);
  cpSync(migrationsDir, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

/**
 * A database migrated by the release whose last migration is `lastTag`, with the instruments and plans, given what that
 * release wrote (`write`), then migrated by this one. Close it after.
 */
export async function upgradedFrom(lastTag: string, write: (database: Empty) => Promise<void>): Promise<Pick<Empty, 'exec' | 'rows' | 'close'>> {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  const database = await emptyDatabase();
  await database.migrate(releaseUpTo(folder, lastTag));
  // What the rows refer to (instruments, plans), written by today's code into that release's tables: only tables these
  // rows need, so a column added to another since (the advisors' ratings) does not stop it.
  await seedMarketsAndPlans(database.db());
  await write(database);
  await database.migrate(migrationsDir);
  return {
    exec: (text) => database.exec(text),
    rows: (text) => database.rows(text),
    async close() {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
