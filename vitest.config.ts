import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts', 'pwa/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork per core but one (2 here): most suites wait on PostgreSQL, HTTP and child
    // processes, not the CPU, so three forks finish sooner.
    maxWorkers: 3,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
