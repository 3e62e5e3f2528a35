import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'contracts/**/*.test.ts', 'scripts/**/*.test.ts', 'pwa/offline/**/*.test.ts', 'pwa/session/**/*.test.ts', 'pwa/outbox/**/*.test.ts', 'pwa/features/profile/**/*.test.ts', 'pwa/features/home/**/*.test.ts', 'pwa/features/notifications/**/*.test.ts', 'pwa/lib/**/*.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
