import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { createArticle, getJson, holdRoute, useTheme } from '../support/content';
import { expect, test } from '../support/fixtures';
import { storedPaths, waitForServiceWorker, goOffline, goOnline } from '../support/offline';
import { ACCOUNTS, signIn } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Feeds and content in the browser: feed subscriptions, share-page metadata fetched without JavaScript,
 * Markdown articles with reading time, and 'Search all of Ledger Commons'.
 */

const toast = (page: Page) => page.getByRole('region', { name: /notification/ }).getByRole('alertdialog');
const siteSearch = (page: Page) => page.getByRole('region', { name: 'Search all of Ledger Commons' });

/** An API client signed in as the editor (its own cookies, not the page's). */

const MARKDOWN = [
  '## Key figures',
  '',
  'Revenue rose **12%** and *margins* held. See [the filing](https://example.com/filing).',
  'A second line of the same paragraph.',
  '',
  '| Quarter | Revenue |',
  '| --- | --- |',
  '| Q1 | 100 |',
  '| Q2 | 112 |',
  '',
  '- first point',
  '- second point',
  '',
  '<script>window.__injected = true</script>',
  '',
  'Use `=SUM(A1:A3)` in the sheet.',
].join('\n');

test.describe('podcast subscriptions', () => {
  test('the call to action links to the feed and to podcast apps, and the page head advertises it', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/podcasts');
    const subscribe = page.getByRole('region', { name: 'Never Miss an Episode' });
    const feedUrl = `${baseURL}/podcasts/feed.xml`;
    await expect(subscribe.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/podcasts/feed.xml');
    const host = new URL(feedUrl).host;
    await expect(subscribe.getByRole('link', { name: 'Apple Podcasts' })).toHaveAttribute('href', `podcast://${host}/podcasts/feed.xml`);
    await expect(subscribe.getByRole('link', { name: 'Overcast' })).toHaveAttribute('href', `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}`);
    await expect(subscribe.getByRole('link', { name: 'Pocket Casts' })).toHaveAttribute('href', `pktc://subscribe/${host}/podcasts/feed.xml`);
    await expect(subscribe.getByRole('link', { name: 'AntennaPod' })).toHaveAttribute(
      'href',
      `https://antennapod.org/deeplink/subscribe?url=${encodeURIComponent(feedUrl)}`,
    );
    await expect(page.locator('head link[rel="alternate"][href="/podcasts/feed.xml"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="alternate"][href="/feed.xml"]')).toHaveCount(1);

    await subscribe.getByRole('button', { name: 'Copy feed address' }).click();
    await expect(toast(page)).toContainText('Feed address copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

    // The link the button points at is the podcast feed itself.
    const feed = await page.request.get('/podcasts/feed.xml');
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^application\/rss\+xml/);
    expect(await feed.text()).toContain('<itunes:category text="Business">');
  });

  test('a news page filtered to one category advertises that category feed', async ({ page, request }) => {
    const [article] = await getJson<Array<{ categories: Array<{ id: string; slug: string }> }>>(request, '/api/news?limit=1');
    const category = article.categories[0];
    await page.goto(`/news?categories=${category.id}`);
    const link = page.locator(`head link[rel="alternate"][href="/news/category/${category.slug}/feed.xml"]`);
    await expect(link).toHaveCount(1);
    const feed = await page.request.get(`/news/category/${category.slug}/feed.xml`);
    expect(feed.status()).toBe(200);
    await page.goto('/news');
    await expect(page.locator('head link[rel="alternate"][href^="/news/category/"]')).toHaveCount(0);
  });

  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test(`the subscription section passes axe (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/podcasts');
    await expect(page.getByRole('region', { name: 'Never Miss an Episode' }).getByRole('link', { name: 'RSS feed' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('shareable pages', () => {
  test('/news/{id} fetched without JavaScript carries og:title and NewsArticle JSON-LD', async ({ request, baseURL }) => {
    const article = await createArticle(request, { title: 'Shared <story> & more', content: 'Body of the **shared** story.' });
    const res = await request.get(`/news/${article.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Shared &#60;story&#62; &#38; more" />');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/news/${article.id}" />`);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toMatchObject({ '@type': 'NewsArticle', headline: 'Shared <story> & more' });

    // A link preview is fetched without the editor's cookie: a draft has neither metadata nor content.
    const draft = await createArticle(request, { title: 'Unreleased draft', content: 'Secret', status: 'draft' });
    const plain = await (await fetch(`${baseURL}/news/${draft.id}`)).text();
    expect(plain).not.toContain('og:title');
    expect(plain).not.toContain('Unreleased draft');
  });

  test('the JSON-LD block triggers no CSP report and the app still starts', async ({ page, request }) => {
    const article = await createArticle(request, { title: 'CSP check', content: 'Text' });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`/news/${article.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'CSP check' })).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    expect(violations).toEqual([]);
  });
});

test.describe('reading comfort', () => {
  test('Markdown renders headings, emphasis, links, lists, code and a table; <script> stays text; reading time shows', async ({ page, request }) => {
    const article = await createArticle(request, { title: 'Markdown article', content: MARKDOWN });
    await signIn(page, ACCOUNTS.member);
    await page.goto(`/news/${article.id}`);
    const content = page.locator('.article__content');
    await expect(content.getByRole('heading', { level: 2, name: 'Key figures' })).toBeVisible();
    await expect(content.locator('strong')).toHaveText('12%');
    await expect(content.locator('em')).toHaveText('margins');
    const link = content.getByRole('link', { name: /the filing/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/filing');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('target', '_blank');
    // A single line break stays a line break.
    await expect(content.locator('p').first().locator('br')).toHaveCount(1);

    const table = content.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Quarter', 'Revenue']);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('cell', { name: '112' })).toBeVisible();
    await expect(content.getByRole('listitem')).toHaveText(['first point', 'second point']);
    await expect(content.locator('code')).toHaveText('=SUM(A1:A3)');

    await expect(content.getByText('<script>window.__injected = true</script>')).toBeVisible();
    await expect(content.locator('script')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();

    await expect(page.locator('.article__date')).toContainText('1 min read');
  });

  test('the text shows as plain paragraphs while the Markdown renderer loads, then is formatted in place', async ({ page, request }) => {
    const article = await createArticle(request, { title: 'Slow renderer', content: MARKDOWN });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/Markdown-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/news/${article.id}`);
    const content = page.locator('.article__content');
    await expect(page.getByRole('heading', { level: 1, name: 'Slow renderer' })).toBeVisible();
    await expect(content).toContainText('Key figures');
    await expect(content).toHaveClass(/markdown--plain/);
    await expect(content.getByRole('heading')).toHaveCount(0);

    release();
    await expect(content.getByRole('heading', { level: 2, name: 'Key figures' })).toBeVisible();
    await expect(content).not.toHaveClass(/markdown--plain/);
  });

  test('a long article shows its reading time on the page and on its card', async ({ page, request }) => {
    const words = Array.from({ length: 1100 }, (_, i) => `word${i}`).join(' ');
    const article = await createArticle(request, { title: 'Long read on leases', content: words, excerpt: 'A long one' });
    await signIn(page, ACCOUNTS.member);
    await page.goto(`/news/${article.id}`);
    await expect(page.locator('.article__date')).toContainText('5 min read');
    await page.goto('/news');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Long read on leases' }) });
    await expect(card).toContainText('5 min read');
  });

  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test(`a Markdown article passes axe (${theme})`, async ({ page, request }) => {
    const article = await createArticle(request, { title: `Accessible Markdown ${theme}`, content: MARKDOWN });
    await useTheme(page, theme);
    await signIn(page, ACCOUNTS.member);
    await page.goto(`/news/${article.id}`);
    await expect(page.locator('.article__content').getByRole('table')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Search all of Ledger Commons', () => {
  const WORD = 'quixotically';

  test('finds a body word the in-page filter cannot, with highlighted snippets', async ({ page, request }) => {
    const article = await createArticle(request, { title: 'Close process review', content: `The team acted ${WORD} during the close.`, excerpt: 'Review' });
    await page.goto('/news');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(WORD);
    // The in-page filter matches titles and excerpts only (spec): it finds nothing.
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
    const region = siteSearch(page);
    const result = region.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Close process review' }) });
    await expect(result).toBeVisible();
    await expect(result.locator('mark')).toHaveText(WORD);
    await expect(result.getByText('Article', { exact: true })).toBeVisible();
    await result.getByRole('link', { name: 'Close process review' }).click();
    await expect(page).toHaveURL(new RegExp(`/news/${article.id}$`));
  });

  test('shows the section on Podcasts, Forums and Resources too', async ({ page }) => {
    for (const [path, box] of [
      ['/podcasts', 'Search episodes'],
      ['/forums', 'Search discussions'],
      ['/resources', 'Search resources'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('searchbox', { name: box }).fill('audit');
      await expect(siteSearch(page).getByRole('listitem').first(), path).toBeVisible();
    }
  });

  test('loading, empty, error and offline states', async ({ page, context }) => {
    const { held, release } = holdRoute();
    let fail = false;
    await page.route('**/api/search?*', async (route) => {
      if (fail) return route.fulfill({ status: 500, json: { message: 'boom' } });
      await held;
      await route.continue();
    });
    await page.goto('/resources');
    const box = page.getByRole('searchbox', { name: 'Search resources' });
    await box.fill('zzqxnothingmatches');
    await expect(siteSearch(page).getByRole('status', { name: 'Searching' })).toBeVisible();
    release();
    await expect(siteSearch(page)).toContainText('No results for "zzqxnothingmatches" across Ledger Commons.');

    fail = true;
    await box.fill('zzqxfails');
    await expect(siteSearch(page)).toContainText('Search is unavailable right now.');
    fail = false;
    await siteSearch(page).getByRole('button', { name: 'Try again' }).click();
    await expect(siteSearch(page)).toContainText('No results for "zzqxfails"');

    await goOffline(context);
    await box.fill('audit offline');
    await expect(siteSearch(page)).toContainText('Search all of Ledger Commons is available when you are online.');
    await goOnline(context);
  });

  test('offline, it searches what the device has stored and says so', async ({ page, context, request }) => {
    const word = 'perspicaciously';
    // No excerpt: the card list's summary (its first 150 characters) carries the word (view=card answers have no full text).
    await createArticle(request, { title: 'Stored on the device', content: `Read ${word} on the train.` });
    await page.goto('/news');
    await expect(page.getByRole('list', { name: 'Articles' }).getByRole('heading', { name: 'Stored on the device' })).toBeVisible();
    // The reader on the train has the app from the worker (the site search's code loads on first use,
    // and a first visit keeps its answers once the worker runs the page: docs/offline.md).
    await waitForServiceWorker(page);
    await expect.poll(() => storedPaths(page)).toContain('/api/news?limit=12&view=card');

    await goOffline(context);
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await box.fill(word);
    const region = siteSearch(page);
    await expect(region).toContainText('You are offline: these results are from what this device has stored.');
    const result = region.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Stored on the device' }) });
    await expect(result.locator('mark')).toHaveText(word);

    await box.fill(`${word} zzqxabsent`);
    await expect(region).toContainText(`No results for "${word} zzqxabsent" on this device. Search all of Ledger Commons is available when you are online.`);
    await goOnline(context);
  });

  test('a single character keeps to the in-page filter', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/search?*', (route) => {
      calls++;
      return route.continue();
    });
    await page.goto('/news');
    const box = page.getByRole('searchbox', { name: 'Search articles' });
    await box.fill('a');
    await expect(box).toHaveValue('a');
    await expect(page.getByRole('list', { name: 'Articles' }).or(page.getByText('No articles found matching your criteria.')).first()).toBeVisible();
    await expect(siteSearch(page)).toHaveCount(0);
    expect(calls).toBe(0);
  });

  // One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
  const theme = 'light';
  test(`results pass axe (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/news');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('audit');
    await expect(siteSearch(page).locator('mark').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
