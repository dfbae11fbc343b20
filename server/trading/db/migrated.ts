import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsDir } from '../../paths';
import type { Database } from './database';

export class SchemaBehind extends Error {
  override name = 'SchemaBehind';
}

/**
 * With migrations as their own step (MIGRATE_ON_START=false, docs/operations.md#migrations), a server only
 * checks that the last migration of this release is applied, and refuses to start on an older schema.
 */
export async function expectMigrated(database: Database): Promise<void> {
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
