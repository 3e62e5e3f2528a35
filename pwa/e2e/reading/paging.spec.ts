import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { getJson, hubEpisodes, type ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { storedPaths, waitForServiceWorker, goOffline, goOnline } from '../support/offline';
import { ACCOUNTS, signIn } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Paging: /news and /podcasts load 12 at a time; 'Load more' appends the next page (as the
 * API pages it: no duplicate, no gap), keeps its place when the reader comes back from an item, starts
 * again when the filter changes, and offline uses the pages kept on the device or says it needs a
 * connection.
 */

const PAGE = 12;

/** Every page of a list as the API serves it to this request context, following X-Next-Cursor. */
async function apiPages(request: APIRequestContext, path: string): Promise<Array<Array<{ id: string; title: string }>>> {
  const pages: Array<Array<{ id: string; title: string }>> = [];
  let cursor: string | null = null;
  do {
    const response: APIResponse = await request.get(`${path}${path.includes('?') ? '&' : '?'}limit=${PAGE}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status()).toBe(200);
    pages.push(await response.json());
    cursor = response.headers()['x-next-cursor'] ?? null;
  } while (cursor && pages.length < 20);
  return pages;
}

/** Makes sure the list has at least `count` published articles (the sample data may hold fewer). */
async function ensureArticles(page: Page, count: number): Promise<void> {
  const have = (await getJson<ListedArticle[]>(page.request, '/api/news?limit=100')).length;
  if (have >= count) return;
  const [category] = await getJson<Array<{ id: string }>>(page.request, '/api/news-categories?activeOnly=true');
  for (let i = have; i < count; i++) {
    const response = await page.request.post('/api/news', {
      data: { title: `Paging filler ${i}`, content: `Filler article ${i} so the list has pages.`, categoryIds: [category.id], status: 'published' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

const articleCards = (page: Page) => page.getByRole('list', { name: 'Articles' }).getByRole('article');
const titlesOf = async (page: Page) => (await articleCards(page).locator('.card__title').allTextContents()).map((t) => t.trim());
const loadMoreArticles = (page: Page) => page.getByRole('button', { name: 'Load More Articles' });

for (const device of ['desktop', 'phone'] as const) {
  test.describe(device, () => {
    // The phone projects run only journeys and the sweep (playwright.config.ts): the phone is emulated here.
    if (device === 'phone') test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });
    test('news: 12 at a time, Load more appends the next page, Back keeps the items and the scroll position, a filter starts again', ({ page }) =>
      newsPaging(page));
  });
}

async function newsPaging(page: Page) {
  test.slow(); // three pages, an article and back
  await signIn(page, ACCOUNTS.editor);
  await ensureArticles(page, 2 * PAGE + 2);
  // What a member sees (the editor also sees drafts): compare with the same viewer's API pages.
  await page.context().clearCookies();
  await signIn(page, ACCOUNTS.member);
  const pages = await apiPages(page.request, '/api/news');
  const all = pages.flat();
  expect(pages.length).toBeGreaterThanOrEqual(3);

  await page.goto('/news');
  await expect(articleCards(page)).toHaveCount(PAGE);
  expect(await titlesOf(page)).toEqual(pages[0].map((a) => a.title));

  await loadMoreArticles(page).click();
  await expect(articleCards(page)).toHaveCount(2 * PAGE);
  await loadMoreArticles(page).click();
  await expect(articleCards(page)).toHaveCount(Math.min(3 * PAGE, all.length));
  const shown = await titlesOf(page);
  expect(shown).toEqual(all.slice(0, shown.length).map((a) => a.title));
  expect(new Set(shown).size).toBe(shown.length);
  if (pages.length === 3) await expect(loadMoreArticles(page)).toHaveCount(0);

  // Open the 25th article (scrolled to it, as a reader would), then come back.
  const target = articleCards(page).nth(24);
  await target.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(1000);
  await target.getByRole('link', { name: all[24].title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: all[24].title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/news$/);
  await expect(articleCards(page)).toHaveCount(shown.length);
  expect(await titlesOf(page)).toEqual(shown);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledTo - 50);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolledTo)).toBeLessThanOrEqual(50);
  await expect(target).toBeInViewport();

  // A filter is another list: paging starts again at its first page.
  const chip = page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { pressed: false }).first();
  const chipName = (await chip.textContent())!.trim();
  const categories = await getJson<Array<{ id: string; name: string }>>(page.request, '/api/news-categories?usedBy=news');
  const category = categories.find((c) => c.name === chipName)!;
  await chip.click();
  await expect(page).toHaveURL(new RegExp(`categories=${category.id}`));
  const filtered = await apiPages(page.request, `/api/news?categories=${category.id}`);
  await expect(articleCards(page)).toHaveCount(filtered[0].length);
  expect(await titlesOf(page)).toEqual(filtered[0].map((a) => a.title));
  await expect(loadMoreArticles(page)).toHaveCount(filtered.length > 1 ? 1 : 0);
}

test('news offline: the pages loaded are kept on the device; Load more of a page never loaded says it needs a connection', async ({ page, context }) => {
  test.slow();
  await signIn(page, ACCOUNTS.editor);
  await ensureArticles(page, 2 * PAGE + 2);
  await page.context().clearCookies();
  const pages = await apiPages(page.request, '/api/news');

  await page.goto('/news');
  await waitForServiceWorker(page);
  await expect(articleCards(page)).toHaveCount(PAGE);
  await loadMoreArticles(page).click();
  await expect(articleCards(page)).toHaveCount(2 * PAGE);
  await expect.poll(async () => (await storedPaths(page)).filter((path) => /^\/api\/news\?limit=12/.test(path)).length).toBe(2);

  await goOffline(context);
  await page.reload();
  await expect(articleCards(page)).toHaveCount(PAGE);
  expect(await titlesOf(page)).toEqual(pages[0].map((a) => a.title));
  // The second page comes from the device.
  await loadMoreArticles(page).click();
  await expect(articleCards(page)).toHaveCount(2 * PAGE);
  expect(await titlesOf(page)).toEqual([...pages[0], ...pages[1]].map((a) => a.title));
  // The third was never loaded here.
  await loadMoreArticles(page).click();
  await expect(page.getByRole('alert').filter({ hasText: "You're offline. Loading more articles needs an internet connection." })).toBeVisible();
  await expect(articleCards(page)).toHaveCount(2 * PAGE);

  // Back online, the same button loads it.
  await goOnline(context);
  await loadMoreArticles(page).click();
  await expect(articleCards(page)).toHaveCount(Math.min(3 * PAGE, pages.flat().length));
  await expect(page.getByText(/Loading more articles needs/)).toHaveCount(0);
});

test('podcasts: Load More Episodes loads the next 12', async ({ page }) => {
  await signIn(page, ACCOUNTS.editor);
  const have = (await getJson<unknown[]>(page.request, '/api/podcasts?limit=100')).length;
  const [category] = await getJson<Array<{ id: string }>>(page.request, '/api/news-categories?activeOnly=true');
  for (let i = have; i < PAGE + 3; i++) {
    const response = await page.request.post('/api/podcasts', {
      data: { title: `Paging episode ${i}`, description: 'Filler episode.', categoryIds: [category.id], status: 'published', episodeNumber: 1000 + i },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.context().clearCookies();
  const pages = await apiPages(page.request, '/api/podcasts');
  // The featured episode tops the hub in its own card and is not repeated in the list.
  const { featured } = await hubEpisodes(page.request);
  const listed = (count: number) => pages.flat().slice(0, count).filter((p) => p.id !== featured.id);

  await page.goto('/podcasts');
  const episodes = page.getByRole('list', { name: 'Episodes' }).getByRole('article');
  await expect(episodes).toHaveCount(listed(PAGE).length);
  await page.getByRole('button', { name: 'Load More Episodes' }).click();
  await expect(episodes).toHaveCount(listed(2 * PAGE).length);
  const titles = (await episodes.locator('.card__title').allTextContents()).map((t) => t.trim());
  expect(titles).toEqual(listed(2 * PAGE).map((p) => p.title));
  if (pages.length === 2) await expect(page.getByRole('button', { name: 'Load More Episodes' })).toHaveCount(0);
});

test('home: Load More Articles is a link to /news, and not under the offline notice', async ({ page, context }) => {
  await page.goto('/news'); // the app's shell is on the device; the home page's lists are not
  await waitForServiceWorker(page);
  await goOffline(context);
  await page.goto('/');
  const news = page.getByRole('region', { name: 'Latest Corporate Finance and Accounting News' });
  await expect(news.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(news.getByRole('link', { name: 'Go to Saved' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Load More Articles' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View All Episodes' })).toHaveCount(0);

  await goOnline(context);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Load More Articles' })).toHaveAttribute('href', '/news');
});
