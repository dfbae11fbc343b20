import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/trading/db/pglite';
import { fillTemplate } from './template-data';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite once and dumps it; every test file then starts from the dump (~0.4 s instead of ~4 s). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const database = await openPglite();
  await fillTemplate(database);
  // A dump taken after a checkpoint opens without replaying the write-ahead log: half the CPU of every file's opening.
  await database.client.exec('CHECKPOINT');
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
