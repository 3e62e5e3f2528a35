import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initialChunks } from '../../../scripts/check-bundle';
import { expect, test } from '../support/fixtures';
import { ASSET_CACHE } from '../../sw/cacheNames';
import { signInWithForm } from '../support/journey';
import { cachedUrls, goOffline, goOnline, storedPaths, waitForServiceWorker } from '../support/offline';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { ACCOUNTS } from '../support/session';

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

/** What the service worker precached: its script, the files (hashed chunks and all) and their bytes. */
const precached = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const name = (await caches.keys()).find((key) => key.includes('precache'));
    const cache = name ? await caches.open(name) : null;
    const requests = cache ? await cache.keys() : [];
    let bytes = 0;
    for (const request of requests) bytes += (await (await cache!.match(request))!.arrayBuffer()).byteLength;
    const url = new URL(registration.active!.scriptURL);
    return {
      script: url.pathname + url.search,
      files: requests.map((request) => new URL(request.url).pathname),
      chunks: requests.filter((request) => new URL(request.url).pathname.startsWith('/assets/')).length,
      bytes,
    };
  });

/** The built files of modules under these source folders (Vite's build manifest), and of nothing else. */
function builtFilesOf(folders: RegExp): string[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isDynamicEntry?: boolean }>;
  return Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && folders.test(key))
    .map(([, chunk]) => `/${chunk.file}`);
}

test('where data is dear (Save-Data) the worker precaches nothing, and a visited page still opens offline', async ({ page, browser, baseURL }) => {
  test.slow(); // two fresh profiles, each installing a worker, and three loads offline and on
  // The request header as the browser sends it, and the page's view of the setting (Chromium's own
  // Save-Data switch is a user setting the emulation cannot reach).
  const lite = await browser.newContext({ baseURL, serviceWorkers: 'allow', extraHTTPHeaders: { 'Save-Data': 'on' } });
  await lite.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
  const litePage = await lite.newPage();
  // A kept chunk the worker fails to answer with breaks the page's own dynamic imports (the device store).
  const failedImports: string[] = [];
  litePage.on('console', (message) => {
    if (message.text().includes('Failed to fetch dynamically imported module')) failedImports.push(message.text());
  });
  await litePage.goto('/news');
  await expect(litePage.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
  await expect.poll(() => precached(litePage).then((p) => p.script), { timeout: 15_000 }).toBe('/sw.js?lite=1');
  await waitForServiceWorker(litePage);
  const shell = await precached(litePage);
  expect(shell.files).toEqual([]);
  expect(shell.bytes).toBe(0);
  // What the member runs is kept as it passes: the next load of the page works offline.
  await litePage.reload();
  await expect(litePage.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
  await expect.poll(() => storedPaths(litePage), { timeout: 30_000 }).toContainEqual(expect.stringMatching(/^\/api\/news\?/));
  await goOffline(lite);
  await litePage.reload();
  await expect(litePage.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
  // The kept page, its chunks from the worker's runtime cache, running: its cards are links.
  await expect(litePage.getByRole('link', { name: /Read More/ }).first()).toBeVisible();
  await litePage.screenshot({ path: test.info().outputPath('lite-offline.png') });
  expect(await precached(litePage).then((p) => p.files)).toEqual([]);
  expect(failedImports).toEqual([]);
  await lite.close();

  await page.goto('/');
  await expect.poll(() => precached(page).then((p) => p.script), { timeout: 15_000 }).toBe('/sw.js');
  const full = await precached(page);
  expect(full.chunks).toBeGreaterThan(50);
});

test("the precache holds the public screens' code, not the signed-in screens'; those are kept once opened, and one never opened says so offline", async ({ page, context }) => {
  test.slow(); // a sign-in through the form, three screens offline and on
  const signedIn = builtFilesOf(/^features\/(admin|editor|profile|notifications|ledger)\/.*Screens?\.tsx$/);
  // The signed-in header's bell is the shell's: offline, a member's every page shows it.
  const bell = builtFilesOf(/^features\/notifications\/NotificationBell\.tsx$/);
  const publicScreens = builtFilesOf(/^features\/(home|news|podcasts|forums|auth)\/\w+Screen\.tsx$/);
  const adminPanel = builtFilesOf(/^features\/admin\/AdminPanelScreen\.tsx$/);
  expect(signedIn.length).toBeGreaterThan(10);
  expect(publicScreens.length).toBeGreaterThan(8);

  await page.goto('/');
  await waitForServiceWorker(page);
  const full = await precached(page);
  expect(full.script).toBe('/sw.js');
  expect(full.files.filter((file) => signedIn.includes(file))).toEqual([]);
  expect(publicScreens.filter((file) => !full.files.includes(file))).toEqual([]);
  expect(bell).toHaveLength(1);
  expect(full.files).toContain(bell[0]);

  // An editor opens the control panel once: its chunk is kept, and opens again offline.
  await signInWithForm(page, ACCOUNTS.admin);
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();
  await expect.poll(() => cachedUrls(page, ASSET_CACHE)).toContainEqual(expect.stringContaining(adminPanel[0]!));
  await goOffline(context);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Content Control Panel' })).toBeVisible();

  // A screen never opened on this device: said inside the layout (header and all), no reload, no crash;
  // back online, it opens by itself.
  await page.getByRole('main').getByRole('link', { name: 'Audit log', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(page.getByText('This page has not been opened on this device yet.', { exact: false })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('screen-not-on-device.png') });
  await goOnline(context);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
});
