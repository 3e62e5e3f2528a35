import { test as base, expect } from '@playwright/test';
import { STARTUP_TIMEOUT_MS, startServer, type Seed, type TestServer } from './server';

export type { Seed, TestServer };

interface WorkerFixtures {
  /** Which data the worker's database starts with; choose with `test.use({ seed: 'none' })` in a spec file. */
  seed: Seed;
  server: TestServer;
}

export const test = base.extend<object, WorkerFixtures>({
  seed: ['sample', { scope: 'worker', option: true }],

  server: [
    async ({ seed }, use) => {
      const server = await startServer(seed);
      try {
        await use({ url: server.url, dataDir: server.dataDir });
      } finally {
        await server.close();
      }
    },
    { scope: 'worker', timeout: STARTUP_TIMEOUT_MS + 30_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };
