import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

declare global {
  interface Window {
    __marker?: number;
  }
}

test('home shows the hero and the header', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect(page.getByText('No spam, just powerful insights!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/login');

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Ledger Commons' })).toHaveAttribute('href', '/');
  const nav = header.getByRole('navigation', { name: 'Main' });
  for (const label of ['News', 'Podcasts', 'Forums', 'Resources', 'Community']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
});

test('an unknown path shows the 404 page inside the layout', async ({ page }) => {
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
});

test('GET /api/auth/user answers 401 with a JSON error when signed out', async ({ page }) => {
  await page.goto('/');

  const response = await page.evaluate(async () => {
    const res = await fetch('/api/auth/user', { credentials: 'include' });
    return { status: res.status, contentType: res.headers.get('content-type'), body: (await res.json()) as unknown };
  });

  expect(response.status).toBe(401);
  expect(response.contentType).toContain('application/json');
  expect(response.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
});

test("a visitor's pages log no console error and no failed request, and the site has a favicon", async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  // A picture the browser stops loading because the page moved on (ERR_ABORTED) is not a failure of the site.
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} ${reason}`);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'News' }).click();
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('article').first()).toBeVisible();
  // A visitor's card asks them to sign in; a shared link opens the article directly.
  const [article] = (await (await page.request.get('/api/news?limit=1')).json()) as Array<{ id: string; title: string }>;
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Podcasts' }).click();
  await expect(page.getByRole('list', { name: 'Episodes' }).getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);

  const favicon = await page.request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test('the link home from the 404 page navigates without a page reload', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await page.evaluate(() => {
    window.__marker = 1;
  });

  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => window.__marker)).toBe(1);
});

test('home has no serious accessibility violations in the light theme', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await expectNoSeriousA11yViolations(page);
});

test('home has no serious accessibility violations in the dark theme', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();

  await expectNoSeriousA11yViolations(page);
});

test("the axe check also reads the other theme's colours on the same screen", async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // A heading unreadable in the dark theme only: the light page is fine, the check still fails.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("[data-theme='dark'] h1 { color: #111 !important; background: #000 !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(/\[dark theme\] color-contrast/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
