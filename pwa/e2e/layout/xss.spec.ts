import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ACCOUNTS, signIn } from '../support/session';

/*
 * Script injection: hostile text stored through the API renders as text, and the
 * Content-Security-Policy the server sends would stop injected markup from running anyway,
 * while the app itself runs under that policy without a single violation.
 */

declare global {
  interface Window {
    __xss?: number;
    __cspViolations?: string[];
  }
}

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '"><svg onload="window.__xss=3">',
];

/** Records CSP violations (events and console errors) from the first script on. */
async function watchCsp(page: Page): Promise<{ consoleErrors: string[] }> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  return { consoleErrors };
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

test('pages carry the CSP and run under it without a single violation', async ({ page }) => {
  const { consoleErrors } = await watchCsp(page);
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();

  // Pressing a react-aria button injects its <style> element; open a few screens on the way.
  await page.getByRole('banner').getByRole('link', { name: 'News' }).first().click();
  await expect(page).toHaveURL('/news');
  await page.getByRole('banner').getByRole('link', { name: 'Forums' }).first().click();
  await expect(page).toHaveURL('/forums');
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

  expect(await violations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a hostile comment is stored and shown as text, and nothing in it runs', async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a script opened a dialog: ${dialog.message()}`);
  });
  await watchCsp(page);
  await signIn(page, ACCOUNTS.member);
  const articles = (await (await page.request.get('/api/news?limit=50')).json()) as Array<{ id: string; title: string }>;
  const article = articles[0];
  await page.goto(`/news/${article.id}`);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Add a comment' });
  for (const payload of PAYLOADS) {
    await box.fill(payload);
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect(box).toHaveValue('');
  }
  // Seen fresh from the server, as every later visitor will see them.
  await page.reload();
  const list = page.getByRole('list', { name: 'Comments' });
  for (const payload of PAYLOADS) {
    await expect(list.getByText(payload, { exact: true })).toBeVisible();
  }
  // The only inline <script> allowed is the server's JSON-LD data block, never executed. It is
  // absent when the service worker, installed by the first visit, answers the reload with the app shell.
  await expect(page.locator('img[src="x"], svg[onload], script:not([src]):not([type="application/ld+json"])')).toHaveCount(0);
  expect(await page.locator('script[type="application/ld+json"]').count()).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await violations(page)).toEqual([]);
});

test('a mention whose name is hostile is drawn as a link with that text, and nothing in it runs', async ({ page }) => {
  await watchCsp(page);
  // A member whose own name is markup (names are free text): the server stores mentions under it.
  const name = '<img src=x onerror="window.__xss=6">';
  const email = `hostile-${Date.now()}@example.com`;
  const registered = await page.request.post('/api/auth/register', { data: { email, password: 'Velvet-quarry-otter-73', firstName: name, lastName: 'Hx' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } };
  await signIn(page, ACCOUNTS.member);
  const article = ((await (await page.request.get('/api/news?limit=1')).json()) as Array<{ id: string; title: string }>)[0];
  const posted = await page.request.post(`/api/news/${article.id}/comments`, { data: { content: `Hi @[Someone](${user.id}) [x](javascript:window.__xss=7)` } });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.goto(`/news/${article.id}`);
  const comment = page.getByRole('list', { name: 'Comments' }).getByRole('article').filter({ hasText: 'javascript:' });
  await expect(comment.getByRole('link', { name: `@${name} Hx` })).toHaveAttribute('href', `/members/${user.id}`);
  // Only the mention is a link: the rest of the text is not Markdown.
  await expect(comment.locator('.comment__content a')).toHaveCount(1);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await violations(page)).toEqual([]);
});

test('markup injected past React is still stopped by the CSP', async ({ page }) => {
  await watchCsp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Ledger Commons' })).toBeVisible();

  // As if some code path put HTML into the page: an inline script and an inline event handler.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__xss = 4';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<img src="/no-such-image.png" onerror="window.__xss = 5">';
    document.body.append(holder);
  });
  await expect.poll(() => violations(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-elem inline/), expect.stringMatching(/^script-src-attr inline/)]));
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
});
