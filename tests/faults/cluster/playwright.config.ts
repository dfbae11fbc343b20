import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../../../playwright.config';

/** A person's visit to the container cluster through HAProxy (scripts/test-faults.ts brings it up and sets CLUSTER_URL). */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: '../../../test-results/cluster',
  // The cluster's certificate is made for this machine, not signed by an authority the browser knows.
  use: { baseURL: process.env.CLUSTER_URL ?? 'https://127.0.0.1:4000', ignoreHTTPSErrors: true, browserName: 'chromium', launchOptions: chromiumLaunch, trace: 'retain-on-failure' },
});
