import type { Logger } from '../../logger';
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
export async function prepareDatabase(database: Database, { seedDemo, logger, files }: { seedDemo: SeedPolicy; logger: Logger; files?: FileStore }): Promise<{ hasDemoPeople: boolean }> {
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
  const first = demoLogins[0];
  return { hasDemoPeople: first !== undefined && (await findUserByEmail(database.db, first.email)) !== undefined };
}
