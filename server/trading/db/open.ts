import { resolve } from 'node:path';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when a URL is given, else PGlite in `<dataDir>/pglite`. */
export async function openDatabase({ url, poolMax, dataDir }: { url: string | undefined; poolMax: number; dataDir: string }): Promise<Database> {
  if (url) return openPostgres({ url, poolMax });
  return openPglite({ dataDir: resolve(dataDir, 'pglite') });
}
