import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../server/trading/db/database';
import { openPglite } from '../../server/trading/db/pglite';
import { openPostgres } from '../../server/trading/db/postgres';
import { seedReferenceData } from '../../server/trading/db/seed/reference';

/** Which database this test project runs on: set per vitest project (see vitest.config.ts). */
export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database with reference data for one test file: PGlite from the template dump, or
 * a new PostgreSQL database on TEST_DATABASE_URL's server, dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDriver === 'pglite') {
    return openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres({ url: url.toString(), poolMax: 5 });
  await database.migrate();
  await seedReferenceData(database.db);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
