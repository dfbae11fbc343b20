import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// One id for this run, read by its servers and workers (they inherit the runner's environment): tests/e2e/serve.mjs
// makes the run's data template under it.
process.env.E2E_RUN ??= String(process.pid);

/** Workers, each with a server of its own (its own ports and data folder), so one's site settings are not another's. */
const workers = 2;
/** The first worker's ports start here (E2E_PORT_BASE moves them, to run beside another run on one machine); each next worker's 20 above. */
const portBase = Number(process.env.E2E_PORT_BASE ?? 3210);
const portsOf = (worker: number) => {
  const web = portBase + 20 * worker;
  return { web, api: web + 1, payments: web + 2 };
};
const originOf = (worker: number) => `http://localhost:${portsOf(worker).web}`;

/**
 * This worker's server's ports. Playwright loads this file again in each worker and gives it its slot
 * (0 to workers - 1) in TEST_PARALLEL_INDEX; a worker started again after a failure takes the same slot.
 */
export const e2ePorts = portsOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * Debian's Chromium (Playwright cannot download browsers here) with the flags this machine needs: its headless shell
 * where installed (package chromium-headless-shell: the same engine without the full browser's windowing, and the
 * build Playwright itself runs headless; it cost a fifth less CPU over the deposit and trade-room specs), else the
 * full browser in headless mode.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

function server(worker: number) {
  const ports = portsOf(worker);
  const dataDir = `test-results/e2e-data-${ports.web}`;
  return {
    command: `rm -rf ${dataDir} && node tests/e2e/serve.mjs`,
    url: `${originOf(worker)}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(ports.web),
      API_PORT: String(ports.api),
      // The sandbox card provider's own origin (docs/funding.md#providers).
      PAYMENTS_SANDBOX_PORT: String(ports.payments),
      DATA_DIR: dataDir,
      SETTINGS_CACHE_MS: '0',
      LOGIN_RATE_LIMIT: '1000',
      // Staff specs sign in with a password alone; the two-factor spec enrols its own user.
      STAFF_TWO_FACTOR: 'off',
      LOG_LEVEL: 'warn',
      // Quarter-second bars (one simulator step each): expert advisors and AutoTrader decide within seconds, not minutes.
      EA_BAR_MS: '250',
      // No rollover by the wall clock mid-run: a suite crossing 17:00 New York would charge its open positions
      // financing that no test expects (the rollover is tested with its own clock: tests/integration/money/).
      ROLLOVER_TIME: 'off',
    },
  };
}

/**
 * End-to-end tests drive the built app (`npm test` builds first) as a person would. The test files
 * are shared out between the workers; the tests of one file run one after another on its worker's
 * server, so a test that switches that site off and on again is the only one using it meanwhile.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  // The console's report, and each test's duration kept for reading later (git-ignored).
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/e2e',
  // No trace by default: recording one cost a quarter of the suite's CPU. A failure still leaves its page snapshot
  // (error-context.md) and a screenshot; `--trace retain-on-failure` records traces when chasing one (README.md#test-it).
  use: {
    baseURL: originOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0)),
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: workers }, (_, worker) => server(worker)),
});
