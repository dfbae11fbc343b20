import { defineConfig } from 'vitest/config';

const integration = ['tests/integration/**/*.test.ts'];

/**
 * Unit tests, the integration suite on in-memory PGlite (and again on PostgreSQL when TEST_DATABASE_URL
 * is set; .ci/run sets it when 127.0.0.1:5432 answers), protocol tests with the real clients, and the
 * contract suite replaying the original client's calls.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // The console's report, and each file's and test's duration kept for reading later (git-ignored).
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'integration', include: integration, globalSetup: ['tests/support/global-setup.ts'], env: { TEST_DB_DRIVER: 'pglite' } },
      },
      {
        extends: true,
        test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'], env: { TEST_DB_DRIVER: 'pglite' } },
      },
      {
        extends: true,
        test: { name: 'protocol', include: ['tests/protocol/**/*.test.ts'], globalSetup: ['tests/support/global-setup.ts'], env: { TEST_DB_DRIVER: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'integration:postgres', include: integration, globalSetup: ['tests/support/postgres-template.ts'], env: { TEST_DB_DRIVER: 'postgres' } } }]
        : []),
    ],
  },
});
