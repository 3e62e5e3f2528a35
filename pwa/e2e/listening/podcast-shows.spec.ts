import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, useTheme, type ListedPodcast, type ListedShow } from '../support/content';
import { expect, test } from '../support/fixtures';
import { expectSavedContentBanner, offlineBanner, storedPaths, waitForServiceWorker, goOffline } from '../support/offline';
import { expectImageLoaded } from '../support/images';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Shows on the hub: /podcasts lists the podcast's shows with their own artwork (the
 * sample shows have no upload, so each is its generated /covers/show/ picture); pressing one lists
 * only its episodes (the server's ?show= filter, kept in the address), which survives a reload, and
 * 'All shows' lists every show's episodes again.
 */

/** The sample shows (server/db/seed/data.ts); other specs in this worker may have added more. */
const SAMPLE_SHOWS = ['Ledger Commons Podcast', 'Audit Tech Talk', 'The Tax Brief'];
const LOADED = { timeout: 20_000 };

const showList = (page: Page) => page.getByRole('region', { name: 'Our Shows' });
const tile = (page: Page, name: string) => showList(page).getByRole('button', { name, exact: true });
const episodes = (page: Page) => page.getByRole('list', { name: 'Episodes' }).getByRole('article');
const featured = (page: Page) => page.getByRole('region', { name: 'Featured Episode' });

async function openHub(page: Page, path = '/podcasts') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Ledger Commons Podcast Hub' })).toBeVisible();
  await expect(showList(page).getByRole('heading', { level: 2, name: 'Our Shows' })).toBeVisible();
}

/** The tile's artwork once it has loaded (drawn on first request: a busy machine takes a moment). */
async function loadedArtwork(show: Locator): Promise<string> {
  const image = show.locator('img');
  await image.scrollIntoViewIfNeeded();
  await expectImageLoaded(image, LOADED);
  await expect(image).toHaveAttribute('alt', '');
  return image.evaluate((img: HTMLImageElement) => img.currentSrc);
}

/** The titles of the cards listed, in order, once the first page is there. */
async function listedTitles(page: Page, count: number): Promise<string[]> {
  await expect(episodes(page)).toHaveCount(count);
  return episodes(page).getByRole('heading', { level: 3 }).allInnerTexts();
}

test('the sample shows are listed with their own artwork; a show lists only its episodes, kept on reload, until cleared', async ({ page }) => {
  test.slow(); // three covers drawn on first request, a reload
  const shows = await getJson<ListedShow[]>(page.request, '/api/podcast-shows');
  const audit = shows.find((show) => show.name === 'Audit Tech Talk')!;
  const auditEpisodes = await getJson<ListedPodcast[]>(page.request, `/api/podcasts?show=${audit.slug}&limit=12`);
  expect(auditEpisodes.length).toBeGreaterThan(0);

  await openHub(page);
  const sources: string[] = [];
  for (const name of SAMPLE_SHOWS) {
    const show = shows.find((s) => s.name === name)!;
    await expect(tile(page, name)).toHaveAttribute('aria-pressed', 'false');
    await expect(tile(page, name)).toContainText(/Hosted by \S+/);
    const source = await loadedArtwork(tile(page, name));
    expect(source).toContain(`/covers/show/${show.id}/`);
    sources.push(source);
  }
  expect(new Set(sources).size).toBe(SAMPLE_SHOWS.length);
  await expect(featured(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Episodes' })).toBeVisible();
  await expect(showList(page).getByRole('button', { name: 'All shows' })).toHaveCount(0);

  // Pressing a show: the address says so without a new history entry, and only its episodes are listed.
  const historyLength = await page.evaluate(() => history.length);
  await tile(page, 'Audit Tech Talk').click();
  await expect(page).toHaveURL(/[?&]show=audit-tech-talk(&|$)/);
  await expect(tile(page, 'Audit Tech Talk')).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(page, 'The Tax Brief')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes of Audit Tech Talk' })).toBeVisible();
  // The featured card steps aside, as with a category filter: the list is the show's whole first page.
  await expect(featured(page)).toHaveCount(0);
  expect(await listedTitles(page, auditEpisodes.length)).toEqual(auditEpisodes.map((p) => p.title));
  for (const card of await episodes(page).all()) await expect(card).toContainText('Audit Tech Talk');
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // Read on load.
  await page.reload();
  await expect(tile(page, 'Audit Tech Talk')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes of Audit Tech Talk' })).toBeVisible();
  expect(await listedTitles(page, auditEpisodes.length)).toEqual(auditEpisodes.map((p) => p.title));

  // Another show replaces it.
  const tax = shows.find((show) => show.name === 'The Tax Brief')!;
  const taxEpisodes = await getJson<ListedPodcast[]>(page.request, `/api/podcasts?show=${tax.slug}&limit=12`);
  await tile(page, 'The Tax Brief').click();
  await expect(page).toHaveURL(/[?&]show=the-tax-brief(&|$)/);
  await expect(tile(page, 'Audit Tech Talk')).toHaveAttribute('aria-pressed', 'false');
  expect(await listedTitles(page, taxEpisodes.length)).toEqual(taxEpisodes.map((p) => p.title));

  // 'All shows' clears it: every show's episodes and the featured card again.
  await showList(page).getByRole('button', { name: 'All shows' }).click();
  await expect(page).not.toHaveURL(/[?&]show=/);
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Episodes' })).toBeVisible();
  await expect(featured(page)).toBeVisible();
  await expect(tile(page, 'The Tax Brief')).toHaveAttribute('aria-pressed', 'false');
  await expect(showList(page).getByRole('button', { name: 'All shows' })).toHaveCount(0);

  // Pressing the selected show again (from the keyboard) clears it too.
  await tile(page, 'Ledger Commons Podcast').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]show=ledger-commons-podcast(&|$)/);
  await page.keyboard.press('Space');
  await expect(page).not.toHaveURL(/[?&]show=/);
});

test('a malformed show in the address is ignored; an unknown one lists no episodes and can be cleared', async ({ page }) => {
  await openHub(page, '/podcasts?show=Not%20A%20Slug!');
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Episodes' })).toBeVisible();
  await expect(featured(page)).toBeVisible();
  await expect(showList(page).getByRole('button', { name: 'All shows' })).toHaveCount(0);

  await openHub(page, '/podcasts?show=no-such-show');
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes of this show' })).toBeVisible();
  await expect(page.getByText('No episodes found matching your search.')).toBeVisible();
  await showList(page).getByRole('button', { name: 'All shows' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Recent Episodes' })).toBeVisible();
});

test('at 360 px the tiles are rows with a thumbnail, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openHub(page, '/podcasts?show=the-tax-brief');
  const first = tile(page, 'Ledger Commons Podcast');
  await loadedArtwork(first);
  const art = await first.locator('img').boundingBox();
  const name = await first.getByText('Ledger Commons Podcast', { exact: true }).boundingBox();
  // The thumbnail beside the name, not above it.
  expect(name!.x).toBeGreaterThan(art!.x + art!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes of The Tax Brief' })).toBeVisible();
});

test('offline, a show seen online opens from what the device stored', async ({ page, context }) => {
  test.slow(); // online, then again offline from the precached shell
  const taxEpisodes = await getJson<ListedPodcast[]>(page.request, '/api/podcasts?show=the-tax-brief&limit=12');
  await page.goto('/');
  await waitForServiceWorker(page);
  await openHub(page, '/podcasts?show=the-tax-brief');
  expect(await listedTitles(page, taxEpisodes.length)).toEqual(taxEpisodes.map((p) => p.title));
  await expect(offlineBanner(page)).toHaveCount(0);
  // The shows and the show's page are on the device.
  await expect
    .poll(async () => {
      const stored = await storedPaths(page);
      return ['/api/podcast-shows', 'show=the-tax-brief'].filter((part) => !stored.some((path) => path.includes(part)));
    })
    .toEqual([]);

  await goOffline(context);
  await openHub(page, '/podcasts?show=the-tax-brief');
  await expectSavedContentBanner(page);
  await expect(tile(page, 'The Tax Brief')).toHaveAttribute('aria-pressed', 'true');
  for (const name of SAMPLE_SHOWS) await expect(tile(page, name)).toBeVisible();
  expect(await listedTitles(page, taxEpisodes.length)).toEqual(taxEpisodes.map((p) => p.title));
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`the shows and a selected show pass axe (${theme})`, async ({ page }) => {
  test.slow(); // the artwork loaded, then axe over the whole hub (a busy 2-core machine takes its time)
  await useTheme(page, theme);
  await openHub(page, '/podcasts?show=audit-tech-talk');
  await expect(tile(page, 'Audit Tech Talk')).toHaveAttribute('aria-pressed', 'true');
  await expect(episodes(page).first()).toBeVisible();
  for (const name of SAMPLE_SHOWS) await loadedArtwork(tile(page, name));
  await expectNoSeriousA11yViolations(page);
});
