import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/trading/db/pglite';
import { seedReferenceData } from '../../server/trading/db/seed/reference';
import { LocalBus } from '../../server/trading/bus';
import { ManualPriceSource } from '../../server/trading/market/price-source';
import { openMarket } from '../../server/trading/market/start';
import { marketsOpenAt } from './clock';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite once and dumps it; every test file then starts from the dump (~0.6 s instead of ~4 s). */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  const database = await openPglite();
  await database.migrate();
  await seedReferenceData(database.db);
  // The 24-hour history every market needs at start, made once here for the tests' fixed clock.
  await openMarket({ db: database.db, bus: new LocalBus(), source: () => new ManualPriceSource(), now: () => marketsOpenAt });
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
