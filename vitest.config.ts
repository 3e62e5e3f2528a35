import { defineConfig } from 'vitest/config';

/**
 * Test files that need a module registry and globals of their own: the client's units replace globals
 * (fetch, indexedDB, the audio element) and a few suites replace a module (vi.mock). They run isolated,
 * each file in a fresh process. scripts/conventions.test.ts fails on a test file outside this list that does either.
 */
export const OWN_MODULES = ['pwa/**/*.test.ts', 'server/api/admin/rebuild-atomic.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fork per core but one (2 here): most suites wait on PostgreSQL, HTTP and child
    // processes, not the CPU, so three forks finish sooner.
    maxWorkers: 3,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      { extends: true, test: { name: 'own modules', include: OWN_MODULES } },
      {
        // The server's suites keep their state in what each test makes (a database, an app, a clock), so a fork
        // runs file after file in one module registry: the server's modules are loaded once per fork instead
        // of once per file (measured in docs/performance.md).
        extends: true,
        test: {
          name: 'shared modules',
          include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: OWN_MODULES,
          isolate: false,
        },
      },
    ],
  },
});
