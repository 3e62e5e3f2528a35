import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { launchProfile, waitForServiceWorker, firstPage } from '../support/offline';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Journey (c): a visitor on a phone who would install the app. In a kept browser profile
 * (Chromium offers installation only outside incognito) with phone emulation, the app is installable
 * with no errors, and the visitor finds their way with the menu button: tap, the sheet, a link, the
 * page. The phone projects run it on their phone; the desktop project on a 320px phone, the narrowest.
 */

const NARROWEST_PHONE = { viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 };

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; purpose?: string }[];
}

/** Until React has taken over the server-rendered page, a tap does nothing (as in fixtures.ts). */
async function waitForTheApp(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('.site-menu-button');
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactProps'));
  });
}

async function expectFitsTheScreen(page: Page, width: number) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(innerWidth, 'the layout viewport is the screen (nothing widened it)').toBe(width);
  expect(scrollWidth, 'no sideways scroll').toBeLessThanOrEqual(width);
}

test('a visitor on a phone can install the app without errors and finds their way with the menu button', async ({ server }, testInfo) => {
  test.slow(); // a fresh profile installs the service worker and precaches the app
  const phone = testInfo.project.use.isMobile ? testInfo.project.use : NARROWEST_PHONE;
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = phone;
  const width = viewport!.width;
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-journey-'));
  const context = await launchProfile(userDataDir, { baseURL: server.url, viewport: viewport!, isMobile, hasTouch, deviceScaleFactor } as never);
  const errors: string[] = [];
  try {
    const page = await firstPage(context);
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });

    await page.goto('/');
    await waitForTheApp(page);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsTheScreen(page, width);

    // Installable: a manifest with the install essentials, an active service worker, and Chromium's
    // own verdict (the checks behind its install offer) without a single error.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href!)).json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Ledger Commons', start_url: '/', display: 'standalone' });
    for (const size of ['192x192', '512x512']) expect(manifest.icons.some((icon) => icon.sizes === size), `icon ${size}`).toBe(true);
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // The menu button is on the screen and nothing covers it (the Login link once did at 375px).
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toBeVisible();
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    const box = (await menuButton.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    const hit = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest('.site-menu-button'), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    expect(hit, 'the menu button is what a tap at its centre reaches').toBe(true);

    await menuButton.tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const label of ['News', 'Podcasts', 'Forums', 'Resources', 'Community']) await expect(menu.getByRole('link', { name: label })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Dark theme' })).toBeVisible();
    await expectFitsTheScreen(page, width);

    await menu.getByRole('link', { name: 'Forums' }).tap();
    await expect(page).toHaveURL('/forums');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsTheScreen(page, width);

    // Again from the new page: the menu marks where the visitor is.
    await menuButton.tap();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Forums' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'News' }).tap();
    await expect(page).toHaveURL('/news');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectFitsTheScreen(page, width);

    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
  }
});
