import type { Logger } from '../../logger';
import type { Database } from './database';
import { seedReferenceData } from './seed/reference';
import { hasUsers, seedDemoData } from './seed/demo';

export type SeedPolicy = 'auto' | 'always' | 'never';

/**
 * Migrates, writes reference data into empty tables, and seeds the demo site on an empty database:
 * by default only on the embedded database (`auto`), on PostgreSQL only when asked (`always`).
 * Returns whether demo data is present so the start banner can list the logins.
 */
export async function prepareDatabase(database: Database, { seedDemo, logger }: { seedDemo: SeedPolicy; logger: Logger }): Promise<{ demoSeeded: boolean }> {
  await database.migrate();
  await seedReferenceData(database.db);
  const wantsDemo = seedDemo === 'always' || (seedDemo === 'auto' && database.driver === 'pglite');
  if (wantsDemo && !(await hasUsers(database.db))) {
    await seedDemoData(database.db);
    logger.info('seeded demo data');
    return { demoSeeded: true };
  }
  return { demoSeeded: false };
}
