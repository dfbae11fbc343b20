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
  /** Applies pending migrations (call inside `exclusive` when several processes may start at once). */
  migrate(): Promise<void>;
  /** Runs `fn` while holding a cluster-wide lock: an advisory lock on PostgreSQL; PGlite has one process only. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Tries to become the one process that runs the cluster's single jobs (prices, the engine, candles):
   * an advisory lock held on a connection of its own until the process ends; `lost` resolves if that
   * connection drops. Undefined when another process leads. PGlite has one process: always granted.
   */
  tryLead(): Promise<Leadership | undefined>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface Leadership {
  lost: Promise<void>;
  release(): Promise<void>;
}

export async function pingDb(db: AppDb): Promise<void> {
  await db.execute(sql`select 1`);
}

export { schema };
