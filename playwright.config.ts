import { defineConfig } from '@playwright/test';

export const e2ePorts = { web: 3210, api: 3211, payments: 3212 } as const;
const baseURL = `http://localhost:${e2ePorts.web}`;

/** Debian's Chromium (Playwright cannot download browsers here) with the flags this machine needs. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/**
 * End-to-end tests drive the built app (`npm test` builds first) as a person would, one test at a
 * time, because some of them switch the whole site off and on again.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: { baseURL, browserName: 'chromium', launchOptions: chromiumLaunch, trace: 'retain-on-failure' },
  webServer: {
    command: 'rm -rf test-results/e2e-data && node dist/server/main.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(e2ePorts.web),
      API_PORT: String(e2ePorts.api),
      // The sandbox card provider's own origin (docs/funding.md#providers).
      PAYMENTS_SANDBOX_PORT: String(e2ePorts.payments),
      DATA_DIR: 'test-results/e2e-data',
      SETTINGS_CACHE_MS: '0',
      LOGIN_RATE_LIMIT: '1000',
      // Staff specs sign in with a password alone; the two-factor spec enrols its own user.
      STAFF_TWO_FACTOR: 'off',
      LOG_LEVEL: 'warn',
      // Quarter-second bars (one simulator step each): expert advisors and AutoTrader decide within seconds, not minutes.
      EA_BAR_MS: '250',
    },
  },
});
