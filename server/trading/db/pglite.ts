import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../../paths';
import { pingDb, schema, type AppDb, type Database } from './database';
import { preparedStatements } from './pglite-prepared';

export interface PgliteOptions {
  /** A folder to keep the data in; in memory when absent. */
  dataDir?: string;
  /** A dump (from `dumpDataDir`) to start from, e.g. a migrated template in tests. */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    relaxedDurability: false,
  });
  await client.waitReady;
  const db = drizzle({ client: preparedStatements(client), schema }) as unknown as AppDb;
  let closed = false;
  return {
    driver: 'pglite',
    db,
    client,
    async migrate() {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsDir });
    },
    exclusive: (fn) => fn(),
    tryLead: async () => ({ lost: new Promise<void>(() => undefined), release: async () => undefined }),
    ping: () => pingDb(db),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
