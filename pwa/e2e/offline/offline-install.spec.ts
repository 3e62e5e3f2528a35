import { appendFile, cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { startServer } from '../support/server';
import { publicFiles, type ManifestChunk } from '../../../scripts/precache';
import { launchProfile, waitForServiceWorker, firstPage, goOffline } from '../support/offline';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const distDir = path.resolve(import.meta.dirname, '../../../dist/pwa');

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts: { name: string; url: string }[];
}

test('the app is installable: a complete manifest and no installability errors in Chromium', async ({ server }) => {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-profile-'));
  const context = await launchProfile(userDataDir, { baseURL: server.url });
  try {
    await expectInstallable(await firstPage(context));
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
  }
});

async function expectInstallable(page: Page) {
  await page.goto('/');
  await waitForServiceWorker(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Ledger Commons', short_name: 'Ledger', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
    ['News', '/news'],
    ['Podcasts', '/podcasts'],
    ['Forums', '/forums'],
  ]);
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
      expect(icon, `${purpose} icon ${size}`).toBeDefined();
      const response = await page.request.get(icon!.src);
      expect(response.headers()['content-type']).toBe('image/png');
      // A PNG's IHDR holds its width and height: the file is really that size.
      const png = await response.body();
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(size);
    }
  }
  // Both themes have their browser colour.
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', /^#/);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
}

test("'Install app' appears when the browser offers installation and opens its dialog", async ({ page }) => {
  await page.goto('/news');
  const install = page.getByRole('banner').getByRole('button', { name: 'Install app' });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Saved' })).toBeVisible();
  await expect(install).toHaveCount(0);
  // The browser's offer, as Chromium sends it when its install criteria are met.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { installPrompted: boolean }).installPrompted = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await expect(install).toBeVisible();
  await install.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true);
  await expect(install).toHaveCount(0);
});

test('after one online visit every route opens offline, and the worker caches no API answer', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await expect(page.getByRole('main').locator('.card__title').first()).not.toBeEmpty();

  // Every built file a visitor's screens can need is precached, including each public lazy route's
  // chunk; the signed-in screens' chunks are not (scripts/precache.ts: kept when first used).
  const precached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('ledger-precache'));
    return name ? (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname) : [];
  });
  // The .br files are the same scripts compressed for the server to send (vite.config.ts), not files of their own.
  const assets = (await readdir(path.join(distDir, 'assets'))).filter((file) => !file.endsWith('.br')).map((file) => `/assets/${file}`);
  const { kept } = publicFiles(JSON.parse(await readFile(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>);
  const isPublic = (asset: string) => kept.has(asset.slice(1));
  expect(assets.filter((asset) => isPublic(asset) && !precached.includes(asset))).toEqual([]);
  expect(assets.filter((asset) => !isPublic(asset) && precached.includes(asset))).toEqual([]);
  expect(assets.filter((asset) => !isPublic(asset)).length).toBeGreaterThan(10);

  await goOffline(context);
  // Never opened online: the screen's code comes from the precache; its data was never fetched.
  await page.goto('/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Educational Resources' })).toBeVisible();
  await page.goto('/saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  await page.goto('/community');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

  const cachedApi = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) {
      for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.filter((url) => url.startsWith('/api'));
  });
  expect(cachedApi).toEqual([]);
});

async function promptAppears(page: Page, swFile: string, deploy: number) {
  // A new deploy: the served service worker changes (here by a comment; a real build changes its manifest).
  await appendFile(swFile, `\n// deploy ${deploy}\n`);
  await page.reload();
  // The new worker installs first, precaching the whole build (~130 files): slow on a busy machine.
  await expect(page.getByText('A new version is available')).toBeVisible({ timeout: 30_000 });
}

test('a new deploy shows "A new version is available"; Reload switches to it', async ({ browser }) => {
  test.setTimeout(120_000); // its own server, and a deploy
  // A server of its own, serving a copy of the build (PWA_DIR) that the test can change as a deploy would.
  const buildCopy = await mkdtemp(path.join(tmpdir(), 'ledger-build-'));
  await cp(distDir, buildCopy, { recursive: true });
  const server = await startServer('sample', { PWA_DIR: buildCopy });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByRole('main').locator('.card__title').first()).not.toBeEmpty();
    await expect(page.getByText('A new version is available')).toHaveCount(0);

    await promptAppears(page, path.join(buildCopy, 'sw.js'), 1);
    const prompt = page.getByRole('region', { name: 'Update' });
    await expect(prompt.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const oldWorker = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
    expect(oldWorker).toBe('installed');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByText('A new version is available')).toHaveCount(0);
    // The new version is the one in charge now: nothing is left waiting.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(page.getByRole('main').locator('.card__title').first()).not.toBeEmpty();
    await context.close();
  } finally {
    await server.close();
    await rm(buildCopy, { recursive: true, force: true });
  }
});
