import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/trading/db/pglite';
import { makePostgresTemplate } from './postgres-template';
import { fillTemplate } from './template-data';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, filled PGlite data folder, closed cleanly: each test file's database starts as a copy of it. */
    pgliteTemplate: string;
    /** The run's template database on TEST_DATABASE_URL's server, when it is set (tests/support/postgres-template.ts). */
    postgresTemplate: string | null;
  }
}

/**
 * Where the run's PGlite folders live: memory-backed /dev/shm where there is one (a database there opened in
 * half the CPU of one untarred into PGlite's in-memory file system, and wrote faster), else the temporary folder.
 */
const parent = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

interface Made {
  pglite: string;
  postgres: string | null;
  remove: () => Promise<void>;
  /** Projects still using them: they go when the last one's teardown runs. */
  users: number;
}

/**
 * Every project that uses a database names this setup, and Vitest runs it once per project: they share one run's
 * templates (kept on globalThis, which survives each project loading this module again).
 */
const shared = globalThis as { cfdTestTemplates?: Promise<Made> };

async function makePgliteTemplate() {
  const dir = mkdtempSync(join(parent(), 'cfd-pglite-'));
  const template = join(dir, 'template');
  const database = await openPglite({ dataDir: template });
  await fillTemplate(database);
  await database.close();
  return { template, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The PGlite template and, when a project of this run is on PostgreSQL, that one too, made side by side. A run of
 * PGlite projects alone (the fault tests' fuzz step, `--project integration`) needs nothing of TEST_DATABASE_URL's
 * server, and does not fail when it is slow to answer.
 */
async function makeTemplates(withPostgres: boolean): Promise<Made> {
  const [pglite, postgres] = await Promise.all([makePgliteTemplate(), withPostgres ? makePostgresTemplate() : null]);
  return {
    pglite: pglite.template,
    postgres: postgres?.name ?? null,
    remove: async () => {
      pglite.remove();
      await postgres?.drop();
    },
    users: 0,
  };
}

/** Makes the run's templates once (both about 9 s here); every test file's database is a copy of one (tests/support/database.ts). */
export default async function setup(project: TestProject) {
  const onPostgres = project.vitest.projects.some((p) => p.config.env?.TEST_DB_DRIVER === 'postgres');
  const made = await (shared.cfdTestTemplates ??= makeTemplates(onPostgres));
  made.users += 1;
  project.provide('pgliteTemplate', made.pglite);
  project.provide('postgresTemplate', made.postgres);
  return async () => {
    made.users -= 1;
    if (made.users > 0) return;
    delete shared.cfdTestTemplates;
    await made.remove();
  };
}
