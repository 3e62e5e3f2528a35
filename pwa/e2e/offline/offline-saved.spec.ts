import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expectMarkdownBody, type ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';
import { cachedUrls, editorWithUploadedImage, expectUploadShown, launchProfile, storedPaths, uploadedSizes, waitForServiceWorker, firstPage } from '../support/offline';
import { ACCOUNTS, emptyReadingList, signIn } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Its own server: one article gets an uploaded image, which other specs sharing a worker's server must not see.
let server: RunningServer;
let article: ListedArticle & { imageUrl: string };
let other: ListedArticle;

test.beforeAll(async () => {
  server = await startServer('sample');
  const {
    api,
    published: [first, second],
    objectPath,
  } = await editorWithUploadedImage(server.url);
  const patched = await api.patch(`/api/news/${first.id}`, { data: { imageUrl: objectPath } });
  expect(patched.status(), await patched.text()).toBe(200);
  article = { ...first, imageUrl: objectPath };
  other = second;
  await api.dispose();
});

test.afterAll(async () => {
  await server?.close();
});

// Each test starts with nothing saved: the member's Saved is their account's.
test.beforeEach(async () => {
  await emptyReadingList(server.url, ACCOUNTS.member);
});

const SAVED_IMAGES = 'ledger-saved-images-v1';
const main = (page: Page) => page.getByRole('main');
const toast = (page: Page) => page.getByRole('region', { name: /notification/ }).getByRole('alertdialog');
const savedList = (page: Page) => main(page).getByRole('list', { name: 'Saved articles' });

async function openArticle(page: Page, item: { id: string; title: string }) {
  await page.goto(`/news/${item.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: item.title })).toBeVisible();
}

async function newPage(browser: Browser, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
  return page;
}

test('a saved article opens offline after a browser restart, with its text and image', async () => {
  test.slow(); // two browser launches on one profile, the second offline
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-profile-'));
  const launch = (offline: boolean): Promise<BrowserContext> => launchProfile(userDataDir, { baseURL: server.url, offline });
  try {
    let context = await launch(false);
    let page = await firstPage(context);
    await signIn(page, ACCOUNTS.member);
    await openArticle(page, article);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Save for offline' }).click();
    await expect(toast(page)).toContainText('Saved for offline');
    await expect(page.getByRole('button', { name: 'Remove from saved' })).toBeVisible();
    // Every size the article page's srcset offers: which one the browser picks depends on the screen.
    expect((await cachedUrls(page, SAVED_IMAGES)).sort()).toEqual(uploadedSizes(article.imageUrl).sort());

    // Nothing else may answer for the image: no HTTP cache and no runtime image cache (as if expired).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.evaluate(() => caches.delete('ledger-images-v1'));
    await context.close();

    context = await launch(true);
    page = await firstPage(context);
    await page.goto(`/news/${article.id}`);
    await expect(main(page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expectMarkdownBody(main(page).locator('.article__content'), article.content);
    await expectUploadShown(main(page).locator('img.article__image'), article.imageUrl);
    await expect(page.getByRole('button', { name: 'Remove from saved' })).toBeVisible();

    // The Saved view lists it offline and opens it.
    await page.getByRole('banner').getByRole('link', { name: 'Saved' }).click();
    await expect(page).toHaveURL(/\/saved$/);
    await savedList(page).getByRole('link', { name: article.title }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await context.close();
  } finally {
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
  }
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`the Saved view: empty, then listing a saved article, then empty again after Remove (${theme})`, async ({ browser }) => {
  test.slow(); // two axe runs over the long article page's list, and a save and a removal
  const page = await newPage(browser, theme);
  await signIn(page, ACCOUNTS.member);
  await page.goto('/saved');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  await expect(main(page).getByText('No saved articles yet.')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Browse News' })).toHaveAttribute('href', '/news');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Saved' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);

  await openArticle(page, other);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByRole('button', { name: 'Remove from saved' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Saved' }).click();
  const item = savedList(page).getByRole('article', { name: other.title });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: other.title })).toHaveAttribute('href', `/news/${other.id}`);
  await expect(item).toContainText(`Saved ${new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date())}`);
  await expectNoSeriousA11yViolations(page);

  await item.getByRole('button', { name: `Remove "${other.title}" from saved` }).click();
  await expect(toast(page)).toContainText('Removed from saved');
  await expect(main(page).getByText('No saved articles yet.')).toBeVisible();
  await openArticle(page, other);
  await expect(page.getByRole('button', { name: 'Save for offline' })).toBeVisible();
  await page.context().close();
});

test('while the device storage opens, the Saved view shows skeletons', async ({ browser }) => {
  // No service worker here, so the page itself fetches the store's code (Dexie) and the test can hold it.
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
  const page = await context.newPage();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/db-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/saved');
  await expect(page.getByRole('status', { name: 'Loading saved articles' })).toBeVisible();
  release();
  await expect(main(page).getByText('No saved articles yet.')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading saved articles' })).toHaveCount(0);
  await context.close();
});

test('the Saved view says so when the device storage cannot be read', async ({ browser }) => {
  const page = await newPage(browser);
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
  });
  await page.goto('/saved');
  await expect(main(page).getByText('Saved articles could not be read on this device.')).toBeVisible();
  await page.context().close();
});

test('a visitor who is not signed in can save too, and keeps it; sign-out removes what a user saved', async ({ browser }) => {
  const page = await newPage(browser);
  await openArticle(page, other);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByRole('button', { name: 'Remove from saved' })).toBeVisible();

  await signIn(page, ACCOUNTS.member);
  await openArticle(page, article);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByRole('button', { name: 'Remove from saved' })).toBeVisible();
  await page.goto('/saved');
  await expect(savedList(page).getByRole('article')).toHaveCount(2);
  await expect.poll(() => storedPaths(page)).toContain(`/api/news/${article.id}`);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The member's profile and saved article are gone from the device; the anonymous save stays.
  await expect.poll(() => storedPaths(page)).not.toContain(`/api/news/${article.id}`);
  await page.goto('/saved');
  await expect(savedList(page).getByRole('article')).toHaveCount(1);
  await expect(savedList(page).getByRole('article', { name: other.title })).toBeVisible();
  // Only the anonymous save's pictures stay (its generated cover): the member's upload is gone.
  const kept = await cachedUrls(page, SAVED_IMAGES);
  expect(kept.length).toBeGreaterThan(0);
  for (const url of kept) expect(url).toContain(`/covers/article/${other.id}/`);
  await page.context().close();
});
