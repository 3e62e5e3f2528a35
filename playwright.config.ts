import { defineConfig } from '@playwright/test';

// No webServer: each worker starts its own server on a fresh database (pwa/e2e/fixtures.ts).
// The server serves the built PWA from dist/pwa, so `vite build` must run first (npm test does).
export default defineConfig({
  testDir: 'pwa/e2e',
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
