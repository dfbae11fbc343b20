import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/trading/db/pglite';
import { fillTemplate } from './template-data';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, filled PGlite data folder, closed cleanly: each test file's database starts as a copy of it. */
    pgliteTemplate: string;
  }
}

/**
 * Where the run's PGlite folders live: memory-backed /dev/shm where there is one (a database there opened in
 * half the CPU of one untarred into PGlite's in-memory file system, and wrote faster), else the temporary folder.
 */
const parent = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

/** Migrates and fills one PGlite data folder once (~4 s); every test file's database is a copy of it (tests/support/database.ts). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(parent(), 'cfd-pglite-'));
  const template = join(dir, 'template');
  const database = await openPglite({ dataDir: template });
  await fillTemplate(database);
  await database.close();
  project.provide('pgliteTemplate', template);
  return () => rmSync(dir, { recursive: true, force: true });
}
