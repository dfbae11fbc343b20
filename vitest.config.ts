import { defineConfig } from 'vitest/config';

const integration = ['tests/integration/**/*.test.ts'];

// In CI a suite that cannot reach its server fails the run rather than being left out (.ci/run checks that both answer).
if (process.env.CI) {
  const missing = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length > 0) throw new Error(`CI is set but ${missing.join(' and ')} is not: the PostgreSQL and Redis suites would be skipped.`);
}

/**
 * The integration and contract suites share each worker's loaded modules between their files (`isolate: false`):
 * loading the server's module graph anew for every file took most of the run (471 of 709 s). Each file still makes
 * its own database, stack and data; unit tests (DOM environments, module mocks) and protocol tests keep a fresh
 * module graph per file.
 */
const stacks = { isolate: false, globalSetup: ['tests/support/global-setup.ts'], env: { TEST_DB_DRIVER: 'pglite' } };

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
      { extends: true, test: { name: 'integration', include: integration, ...stacks } },
      { extends: true, test: { name: 'contract', include: ['tests/contract/**/*.test.ts'], ...stacks } },
      // The real clients read globals as they load (socket.io-client's WebSocket): each file loads them afresh.
      { extends: true, test: { name: 'protocol', include: ['tests/protocol/**/*.test.ts'], ...stacks, isolate: true } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'integration:postgres', include: integration, ...stacks, env: { TEST_DB_DRIVER: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
