import type { Logger } from '../../logger';
import type { Database } from '../db/database';
import { expectMigrated } from '../db/migrated';
import { seedReferenceData } from '../db/seed/reference';
import { seedDemoSavings, seedSavingsPlans } from '../db/seed/savings';
import { findUserByEmail, hasUsers } from '../db/users.repo';
import type { FileStore } from '../files/file-store';
import { demoLogins, seedDemoData } from './demo-seed';

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
