import { defineConfig } from 'vitest/config';

/**
 * The fault tests (`npm run test:faults`): real processes (and, where Podman runs, the container cluster)
 * killed, cut off and restarted under load. One file at a time: they own ports and services while they run.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/faults/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    reporters: ['verbose', 'json'],
    outputFile: { json: 'test-results/vitest-faults.json' },
  },
});
