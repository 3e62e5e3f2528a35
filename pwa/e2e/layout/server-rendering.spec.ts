import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createArticle, getJson, holdRoute, useTheme, type ListedArticle, type ListedPodcast } from '../support/content';
import { expect, test } from '../support/fixtures';
import { storedPaths, waitForServiceWorker, goOffline } from '../support/offline';
import { ACCOUNTS, signIn } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

// Server rendering (docs/performance.md, "Server rendering"; on by default): public pages arrive with
// their content, and the browser takes them over without fetching or drawing them again.

const main = (page: Page) => page.getByRole('main');

/** Errors the page reports: a hydration mismatch is one (React reports it as a recoverable error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return errors;
}

/** Whether React has taken the element over (hydration attaches its fiber to the node). */
const isHydrated = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const element = document.querySelector(s);
    return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactFiber')));
  }, selector);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages are readable: their content is in the HTML', async ({ page }) => {
    const [article] = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
    const [podcast] = await getJson<ListedPodcast[]>(page.request, '/api/podcasts?limit=50');
    const [discussion] = await getJson<Array<{ id: string; title: string }>>(page.request, '/api/forum/discussions?limit=50');

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Latest news' }).getByRole('article').first()).toBeVisible();

    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Articles' }).getByRole('heading', { name: article.title })).toBeVisible();

    await page.goto(`/news/${article.id}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(article.title);

    await page.goto('/podcasts');
    await expect(main(page).getByText(podcast.title).first()).toBeVisible();

    await page.goto('/forums');
    await expect(main(page).getByRole('heading', { name: discussion.title })).toBeVisible();
    await page.goto(`/forums/${discussion.id}`);
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(discussion.title);

    for (const path of ['/resources', '/community']) {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

  test("the card pages carry each article's summary, not its full text (docs/performance.md)", async ({ request, playwright, baseURL }) => {
    // An article of its own, long and newest (first on /news; home shows its featured ones first),
    // with an ending no card could show: other specs on this server add short articles of their own.
    const tail = `closing words ${Date.now()} that only the article page holds`;
    const article = await createArticle(request, {
      title: `Long read ${Date.now()}`,
      content: `${'Revenue is recognised when the performance obligation is satisfied. '.repeat(12)}And the ${tail}.`,
    });
    try {
      // The article's own page does carry it (so the checks below can fail).
      expect(await (await request.get(`/news/${article.id}`)).text()).toContain(tail);
      // As a visitor sees them (an editor's /news opens with the drafts other specs add).
      const visitor = await playwright.request.newContext({ baseURL });
      for (const path of ['/', '/news']) {
        const html = await (await visitor.get(path)).text();
        if (path === '/news') expect(html, `${path} lists the article`).toContain(article.title);
        expect(html, `${path} holds the end of an article`).not.toContain(tail);
      }
      await visitor.dispose();
    } finally {
      expect((await request.delete(`/api/news/${article.id}`)).status()).toBe(200);
    }
  });

  test('pages the server does not render stay the plain shell', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('#root')).toBeEmpty();
  });
});

test('the browser takes the page over in place: same nodes, no errors, no refetch, and it works', async ({ page }) => {
  const errors = collectErrors(page);
  const listReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/news') listReads.push(request.url());
  });
  // The app's code is held back, so the server's markup can be marked before React arrives.
  const boot = holdRoute();
  await page.route('**/boot.js', async (route) => {
    await boot.held;
    await route.continue();
  });
  await page.setExtraHTTPHeaders({}); // routing a script is not replacing an API answer: keep the server's render

  await page.goto('/news', { waitUntil: 'commit' });
  const firstTitle = page.getByRole('list', { name: 'Articles' }).getByRole('heading').first();
  await expect(firstTitle).toBeVisible();
  const title = await firstTitle.textContent();
  await page.evaluate(() => {
    (document.querySelector('.card-grid h2') as HTMLElement & { marker?: string }).marker = 'from the server';
  });
  boot.release();

  await expect.poll(() => isHydrated(page, '.card-grid h2')).toBe(true);
  const marker = await page.evaluate(() => (document.querySelector('.card-grid h2') as HTMLElement & { marker?: string }).marker);
  expect(marker).toBe('from the server');
  await expect(firstTitle).toHaveText(title!);
  // The list came with the page: the browser did not ask for it again.
  expect(listReads).toEqual([]);

  // Live: a visitor's like is counted in this browser, and the search narrows the list.
  const like = page.getByRole('list', { name: 'Articles' }).getByRole('button', { name: /^Like "/ }).first();
  const before = Number(/\((\d+) likes?\)/.exec((await like.getAttribute('aria-label'))!)![1]);
  await like.click();
  await expect(like).toHaveAccessibleName(new RegExp(`\\(${before + 1} likes?\\)`));
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(title!);
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('article')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("an article's formatted text is taken over as the server wrote it", async ({ page, playwright, baseURL }) => {
  const editor = await playwright.request.newContext({ baseURL });
  expect((await editor.post('/api/auth/login', { data: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } })).status()).toBe(200);
  const [category] = await getJson<Array<{ id: string }>>(editor, '/api/news-categories');
  const created = await editor.post('/api/news', {
    data: { title: 'Formatted on the server', categoryIds: [category.id], content: '## Key figures\n\nRevenue rose **12%**.\n\n- first point\n- second point' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await editor.dispose();

  const errors = collectErrors(page);
  const boot = holdRoute();
  await page.route('**/boot.js', async (route) => {
    await boot.held;
    await route.continue();
  });
  await page.setExtraHTTPHeaders({});
  await page.goto(`/news/${id}`, { waitUntil: 'commit' });
  const content = page.locator('.article__content');
  await expect(content.getByRole('heading', { level: 2, name: 'Key figures' })).toBeVisible();
  await page.evaluate(() => {
    (document.querySelector('.article__content strong') as HTMLElement & { marker?: string }).marker = 'from the server';
  });
  boot.release();

  await expect.poll(() => isHydrated(page, '.article__content')).toBe(true);
  expect(await page.evaluate(() => (document.querySelector('.article__content strong') as HTMLElement & { marker?: string }).marker)).toBe('from the server');
  await expect(content.getByRole('listitem')).toHaveText(['first point', 'second point']);
  expect(errors).toEqual([]);
});

test("the page's answers are kept on the device, so it opens offline", async ({ page, context }) => {
  const [article] = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
  await page.goto(`/news/${article.id}`);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(article.title);
  await waitForServiceWorker(page);
  await expect.poll(() => storedPaths(page)).toContain(`/api/news/${encodeURIComponent(article.id)}`);

  await goOffline(context);
  await page.reload();
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(article.title);
});

test("a signed-in member's page is rendered with their session", async ({ page }) => {
  await signIn(page, ACCOUNTS.member);
  const html = await (await page.request.get('/news', { headers: { accept: 'text/html' } })).text();
  // Members open articles from the list: the titles are links in the server's markup too.
  expect(html).toMatch(/<a class="card__link" href="\/news\/[^"]+">/);
  const errors = collectErrors(page);
  await page.goto('/news');
  await expect(page.getByRole('banner').getByText(ACCOUNTS.member.name)).toBeVisible();
  await expect.poll(() => isHydrated(page, '.card-grid h2')).toBe(true);
  expect(errors).toEqual([]);
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`a server-rendered page passes axe once taken over (${theme})`, async ({ page }) => {
  await useTheme(page, theme);
  await page.goto('/news');
  await expect.poll(() => isHydrated(page, '.card-grid h2')).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
