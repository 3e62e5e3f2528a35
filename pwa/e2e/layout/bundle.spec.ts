import path from 'node:path';
import { initialChunks } from '../../../scripts/check-bundle';
import { expect, test } from '../support/fixtures';
import { goOffline, offlineBanner, storedPaths } from '../support/offline';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const distDir = path.resolve(import.meta.dirname, '../../../dist/pwa');

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
  // reading), the saved copies' reader (which cards are saved: their Save toggles) and workbox-window
  // (service worker registration, once the page is idle).
  const deferred = /^assets\/(db|import-wrapper|savedCopies|workbox-window[^/]*)-[\w-]+\.js$/;
  expect([...requested].filter((file) => !counted.includes(file) && !deferred.test(file))).toEqual([]);
  expect(counted.filter((file) => !requested.has(file))).toEqual([]);
});

// docs/performance.md, "First visit on a phone": on a first visit the device store's code (Dexie) is not
// downloaded by the page; the page waits for the worker, which precaches it, to take it over, and the
// page's answers are then kept (pwa/offline/afterWorker.ts).
test('a first visit keeps its answers for offline with Dexie from the precache, not a second download', async ({ page }) => {
  const dexie: Array<{ fromWorker: boolean }> = [];
  page.on('response', (response) => {
    if (/\/assets\/import-wrapper-[\w-]+\.js$/.test(response.url()) && !response.request().serviceWorker()) dexie.push({ fromWorker: response.fromServiceWorker() });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect.poll(() => storedPaths(page), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/^\/api\/news\/featured\?/));
  expect(dexie).toEqual([{ fromWorker: true }]);
});

/** The bytes of what the service worker precached, and whether any of it is a hashed route chunk. */
const precached = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const name = (await caches.keys()).find((key) => key.includes('precache'));
    const requests = name ? await (await caches.open(name)).keys() : [];
    const cache = name ? await caches.open(name) : null;
    let bytes = 0;
    for (const request of requests) bytes += (await (await cache!.match(request))!.arrayBuffer()).byteLength;
    return {
      script: new URL(registration.active!.scriptURL).pathname + new URL(registration.active!.scriptURL).search,
      chunks: requests.filter((request) => new URL(request.url).pathname.startsWith('/assets/')).length,
      bytes,
    };
  });

test('where data is dear (Save-Data) the worker precaches only the shell; elsewhere the whole app', async ({ page, browser, baseURL }) => {
  // Chromium's own Save-Data switch is a user setting the emulation cannot reach: the page's view of it is set instead.
  const lite = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  await lite.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  const litePage = await lite.newPage();
  // A kept chunk the worker fails to answer with breaks the page's own dynamic imports (the device store).
  const failedImports: string[] = [];
  litePage.on('console', (message) => {
    if (message.text().includes('Failed to fetch dynamically imported module')) failedImports.push(message.text());
  });
  await litePage.goto('/');
  await expect(litePage.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect.poll(() => precached(litePage).then((p) => p.script), { timeout: 15_000 }).toBe('/sw.js?lite=1');
  const shell = await precached(litePage);
  expect(shell.chunks).toBe(0);
  expect(shell.bytes).toBeLessThan(40 * 1024);
  // What the member runs is kept as it passes: the next load of the page works offline.
  await litePage.reload();
  await expect(litePage.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect.poll(() => storedPaths(litePage), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/^\/api\/news\/featured\?/));
  await goOffline(lite);
  await litePage.reload();
  await expect(litePage.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  // The saved answers are read offline: the device store's chunks came from the worker's cache.
  await expect(offlineBanner(litePage)).toBeVisible();
  expect(failedImports).toEqual([]);
  await lite.close();

  await page.goto('/');
  await expect.poll(() => precached(page).then((p) => p.script), { timeout: 15_000 }).toBe('/sw.js');
  const full = await precached(page);
  expect(full.chunks).toBeGreaterThan(50);
  expect(full.bytes).toBeGreaterThan(shell.bytes * 10);
});
