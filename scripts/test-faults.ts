// `npm run test:faults`: the fault tests (docs/operations.md#faults). First those of single processes (the
// embedded database killed -9, PostgreSQL and Redis cut off under real processes); then, where Podman and
// HAProxy run, the container cluster: brought up, a person signing in and trading through HAProxy
// (Playwright), the cluster's faults (a)-(d), the endpoint fuzz suite through HAProxy, and the cluster removed.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { down, missingTools, up } from './cluster/cluster';
import { rootDir } from './cluster/paths';
import { apiOrigin, publicOrigin, tlsFiles } from './cluster/topology';
import { faultTopology } from '../tests/faults/support/cluster';

const started = Date.now();
const failures: string[] = [];

function step(title: string, command: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n### ${title}`);
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failures.push(title);
}

const vitest = ['vitest', 'run', '--config', 'tests/faults/vitest.config.ts'];
const processFiles = readdirSync(join(rootDir, 'tests', 'faults')).filter((name) => name.endsWith('.test.ts'));
if (processFiles.length > 0) step('Faults of single processes', 'npx', [...vitest, ...processFiles.map((name) => `tests/faults/${name}`)]);

const missing = missingTools();
if (missing.length > 0) {
  console.log(`\n${missing.join(' and ')} not found: the container cluster's tests (image, cluster, faults (a)-(d), fuzz through HAProxy) are skipped.`);
  // .ci/run installs them: in CI their absence is a failure, not a skip.
  if (process.env.CI) failures.push(`the cluster: ${missing.join(' and ')} not installed`);
} else {
  const t = faultTopology();
  try {
    down(t);
    await up(t, { quietBuild: true });
    // The site is served over TLS with a certificate made for this machine: the tests' clients trust it.
    const trustSite = { NODE_EXTRA_CA_CERTS: tlsFiles(t).cert };
    step('Signing in and trading through HAProxy (Playwright)', 'npx', ['playwright', 'test', '--config', 'tests/faults/cluster/playwright.config.ts'], { CLUSTER_URL: publicOrigin(t), ...trustSite });
    step('The cluster under faults', 'npx', [...vitest, 'tests/faults/cluster'], trustSite);
    step('The endpoint fuzz suite through HAProxy', 'npx', ['vitest', 'run', '--project', 'integration', '--outputFile.json=test-results/vitest-fuzz-cluster.json', 'tests/integration/fuzz.test.ts'], {
      FUZZ_BASE_URL: apiOrigin(t),
      FUZZ_DATABASE_URL: t.databaseUrl,
      FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10',
    });
  } catch (error) {
    failures.push(`the cluster: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (!process.env.KEEP_CLUSTER) down(t);
  }
}

console.log(`\nFault tests ${failures.length === 0 ? 'passed' : `failed: ${failures.join('; ')}`} (${((Date.now() - started) / 60_000).toFixed(1)} min).`);
process.exit(failures.length === 0 ? 0 : 1);
