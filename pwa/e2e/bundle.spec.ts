import path from 'node:path';
import { initialChunks } from '../../scripts/check-bundle';
import { expect, test } from './fixtures';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const distDir = path.resolve(import.meta.dirname, '../../dist/pwa');

// scripts/check-bundle.ts holds `/` to its JS budget by reading the build manifest; this proves the
// chunks it counts are the scripts a first visit to `/` downloads before its first render.
test('the bundle check counts every script a first visit to / loads, except the deferred offline pieces', async ({ page }) => {
  const requested = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) requested.add(pathname.slice(1));
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Read More/ }).first()).toBeVisible();

  const counted = initialChunks(distDir).map((chunk) => chunk.file);
  // Everything counted is what the first render needs; after it, the app loads only the deferred
  // pieces it imports on purpose: Dexie and the local stores (first API answer kept for offline
  // reading) and workbox-window (service worker registration).
  const deferred = /^assets\/(db|import-wrapper|workbox-window[^/]*)-[\w-]+\.js$/;
  expect([...requested].filter((file) => !counted.includes(file) && !deferred.test(file))).toEqual([]);
  expect(counted.filter((file) => !requested.has(file))).toEqual([]);
});
