import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a repository function runs its queries on: the database, or a transaction in progress. */
export type Executor = AppDb | Tx;

/** One interface, two drivers (PGlite embedded, PostgreSQL pooled), chosen once by config. */
export interface Database {
  readonly driver: 'pglite' | 'postgres';
  readonly db: AppDb;
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function pingDb(db: AppDb): Promise<void> {
  await db.execute(sql`select 1`);
}

export { schema };
