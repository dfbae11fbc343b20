// Starts the built server for an end-to-end test, on a data folder copied from one made once per run.
//
// A server on an empty folder builds its embedded database (initdb, migrations, the demo seed): about 10 s of
// CPU and 7 s before it answers, paid again by every server the suite starts. Here the first server of a run
// makes a template with the operator's own `seed-demo` command (the same preparation a fresh start does), and
// each server whose DATA_DIR does not exist yet starts on a copy of it. A web tier's folder holds no database
// and is left alone; a folder that exists (a restart on the same data) is used as it is.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '../..');
const results = join(root, 'test-results');
/** One template per run of the suite (playwright.config.ts sets E2E_RUN in the runner; its servers and workers inherit it). */
const template = join(results, `e2e-template-${process.env.E2E_RUN ?? process.pid}`);
const ready = join(template, '.ready');

async function ensureTemplate() {
  if (existsSync(ready)) return;
  mkdirSync(results, { recursive: true });
  try {
    mkdirSync(template, { recursive: false });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    // Another server of this run is making it.
    for (let waited = 0; !existsSync(ready); waited += 250) {
      if (waited > 120_000) throw new Error(`no e2e data template at ${template} after 2 minutes`, { cause: error });
      await sleep(250);
    }
    return;
  }
  for (const old of readdirSync(results)) if (old.startsWith('e2e-template-') && join(results, old) !== template) rmSync(join(results, old), { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: template, LOG_LEVEL: 'warn' };
  delete env.ROLE;
  const made = spawnSync(process.execPath, [join(root, 'dist/server/main.js'), 'seed-demo'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (made.status !== 0) throw new Error(`seed-demo for the e2e data template exited with ${made.status}`);
  writeFileSync(ready, '');
}

const dataDir = process.env.DATA_DIR;
if (dataDir && process.env.ROLE !== 'web' && !existsSync(dataDir)) {
  await ensureTemplate();
  cpSync(template, dataDir, { recursive: true, filter: (source) => source !== ready });
}
await import('../../dist/server/main.js');
