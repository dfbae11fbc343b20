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
  use: { baseURL: process.env.CLUSTER_URL ?? 'http://127.0.0.1:4000', browserName: 'chromium', launchOptions: chromiumLaunch, trace: 'retain-on-failure' },
});
