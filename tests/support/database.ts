import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../../server/trading/db/database';
import { openPglite } from '../../server/trading/db/pglite';
import { openPostgres } from '../../server/trading/db/postgres';
import { databaseUrl, onServer } from './postgres-template';

/** Which database this test project runs on: set per vitest project (see vitest.config.ts). */
export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database with reference data and market history for one test file: PGlite from
 * the template dump (tests/support/global-setup.ts), or a new PostgreSQL database copied from the
 * run's template database (tests/support/postgres-template.ts), dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDriver === 'pglite') {
    return openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name} template ${inject('postgresTemplate')}`);
  const database = await openPostgres({ url: databaseUrl(name), poolMax: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}
