import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import type { Database } from '../../server/trading/db/database';
import { openPglite } from '../../server/trading/db/pglite';
import { openPostgres } from '../../server/trading/db/postgres';
import { databaseUrl, onServer } from './postgres-template';

/** Which database this test project runs on: set per vitest project (see vitest.config.ts). */
export const testDriver = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database with reference data and market history for one test file: PGlite on a copy
 * of the run's template folder (tests/support/global-setup.ts), or a new PostgreSQL database copied from
 * the run's template database (tests/support/postgres-template.ts); either is removed again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDriver === 'pglite') return pgliteCopy();
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  await onServer(`create database ${name} template ${template}`);
  const database = await openPostgres({ url: databaseUrl(name), poolMax: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Folders of this process's PGlite copies not closed yet, removed when it exits (stacks are not always closed). */
const openCopies = new Set<string>();
process.once('exit', () => {
  for (const dir of openCopies) rmSync(dir, { recursive: true, force: true });
});

async function pgliteCopy(): Promise<Database> {
  const template = inject('pgliteTemplate');
  const dir = join(dirname(template), `db-${randomBytes(6).toString('hex')}`);
  cpSync(template, dir, { recursive: true });
  openCopies.add(dir);
  const database = await openPglite({ dataDir: dir });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
      openCopies.delete(dir);
    },
  };
}
