import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from '../../logger';
import { migrationsDir } from '../../paths';
import type { Database } from './database';
import type { FileStore } from '../files/file-store';
import { seedReferenceData } from './seed/reference';
import { demoLogins, hasUsers, seedDemoData } from './seed/demo';
import { seedDemoSavings, seedSavingsPlans } from './seed/savings';
import { findUserByEmail } from './users.repo';

export type SeedPolicy = 'auto' | 'always' | 'never';

/**
 * Migrates, writes reference data into empty tables, and seeds the demo site on an empty database:
 * by default only on the embedded database (`auto`), on PostgreSQL only when asked (`always`).
 * Returns whether the demo people exist, so the start banner can list their logins.
 */
export async function prepareDatabase(
  database: Database,
  { seedDemo, logger, files, migrate = true }: { seedDemo: SeedPolicy; logger: Logger; files?: FileStore; migrate?: boolean },
): Promise<{ hasDemoPeople: boolean }> {
  if (!migrate) {
    await expectMigrated(database);
    return { hasDemoPeople: await demoPeopleExist(database) };
  }
  const wantsDemo = seedDemo === 'always' || (seedDemo === 'auto' && database.driver === 'pglite');
  // Under one cluster-wide lock, so processes starting together neither migrate nor seed twice.
  await database.exclusive(async () => {
    await database.migrate();
    await seedReferenceData(database.db);
    await seedSavingsPlans(database.db);
    if (wantsDemo && !(await hasUsers(database.db))) {
      // With the file store, the demo trader's verification documents too (docs/customer-area.md#verification).
      await seedDemoData(database.db, files);
      await seedDemoSavings(database.db);
      logger.info('seeded demo data');
    }
  });
  return { hasDemoPeople: await demoPeopleExist(database) };
}

async function demoPeopleExist(database: Database): Promise<boolean> {
  const first = demoLogins[0];
  return first !== undefined && (await findUserByEmail(database.db, first.email)) !== undefined;
}

export class SchemaBehind extends Error {
  override name = 'SchemaBehind';
}

/**
 * With migrations as their own step (MIGRATE_ON_START=false, docs/operations.md#migrations), a server only
 * checks that the last migration of this release is applied, and refuses to start on an older schema.
 */
async function expectMigrated(database: Database): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const last = journal.entries.at(-1);
  if (!last) return;
  let applied: number;
  try {
    // Both drivers answer with `rows` (node-postgres and PGlite alike).
    const result = (await database.db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`)) as { rows: { last: string | number | null }[] };
    applied = Number(result.rows[0]?.last ?? 0);
  } catch (error) {
    // No migrations table (undefined_table) means nothing is applied yet; anything else is a real failure.
    const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code !== '42P01') throw error;
    applied = 0;
  }
  if (applied < last.when) {
    throw new SchemaBehind(
      `The database schema is older than this release (its last migration is ${last.tag}): run \`npm run db:migrate\` once (a one-off container of this image) before starting the servers.`,
    );
  }
}
