import type { APIRequestContext, Page } from '@playwright/test';
import type { Discussion, ForumCategory } from '../../../contracts/forums';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson } from '../support/content';
import { expect, test } from '../support/fixtures';
import { main, signInWithForm } from '../support/journey';
import { offlineBanner, storedPaths, waitForServiceWorker, goOffline, goOnline } from '../support/offline';
import { ACCOUNTS } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Point 5: the offline rough edges, each on a phone (412 px, touch), where the journeys
 * happen. Screenshots of the new states are taken at 360 px too (test-results/screenshots/).
 */
const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const unique = () => Math.random().toString(36).slice(2, 8);
async function shot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `test-results/screenshots/offline-${name}-360.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}
const syncStatus = (page: Page) => page.getByRole('group', { name: 'Sync status' });

async function adminApi(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } })).status()).toBe(200);
  return api;
}

async function newArticle(api: APIRequestContext, title: string): Promise<string> {
  const [category] = await getJson<Array<{ id: string }>>(api, '/api/news-categories?activeOnly=true');
  const res = await api.post('/api/news', { data: { title, content: `Body of ${title}`, categoryIds: [category.id] } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test("a list never loaded on this device says You're offline, as detail pages do, with a link to Saved", async ({ page, context }) => {
  await page.goto('/saved');
  await waitForServiceWorker(page);
  expect((await storedPaths(page)).filter((path) => path.startsWith('/api/news?'))).toEqual([]);
  await goOffline(context);
  await page.goto('/news');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
  const notice = main(page).getByRole('region', { name: "You're offline" });
  await expect(notice.getByRole('heading', { level: 2 })).toHaveText("You're offline");
  await expect(notice).toContainText('This list has not been saved on this device.');
  await expect(notice.getByRole('link', { name: 'Go to Saved' })).toHaveAttribute('href', '/saved');
  await expect(main(page)).not.toContainText('could not be loaded');
  await shot(page, 'list-notice');
  await expectNoSeriousA11yViolations(page);
});

test('the saved-content banner goes as soon as fresh answers arrive, even when the browser never said it was offline', async ({ page }) => {
  await page.goto('/');
  const firstCard = main(page).locator('.card__link').first();
  await expect(firstCard).not.toBeEmpty();
  await waitForServiceWorker(page);
  await expect.poll(async () => (await storedPaths(page)).filter((path) => path.startsWith('/api/news?') || path === '/api/site')).toHaveLength(2);

  // The network fails for the API only (a captive portal, a tunnel): the browser still says online.
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await expect(offlineBanner(page)).toBeVisible();
  await page.unroute('**/api/**');

  // The next screen's answers come from the network: everything still shown from the store is
  // fetched again (the header's site name and menu too), and the banner goes.
  const title = (await firstCard.textContent())!;
  await firstCard.click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(offlineBanner(page)).toHaveCount(0);
});

test("a comment refused on sync is shown where it was written, with its text and Retry / Copy / Discard", async ({ page, context, playwright, baseURL }) => {
  test.slow(); // two axe runs and a screenshot on a busy machine
  const admin = await adminApi(playwright, baseURL!);
  const title = `Deleted while you were away ${unique()}`;
  const articleId = await newArticle(admin, title);
  const text = `Comment from the tunnel ${unique()}`;

  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await page.goto(`/news/${articleId}`);
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await goOffline(context);
  await main(page).getByLabel('Add a comment').fill(text);
  await main(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(main(page).getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` })).toContainText('Pending sync');

  expect((await admin.delete(`/api/news/${articleId}`)).status()).toBe(200);
  await goOnline(context);

  // In place: under the article (now gone), not only behind the header's Details.
  const here = main(page).getByRole('region', { name: 'Not sent' });
  await expect(main(page).getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
  await expect(here).toContainText(text);
  await expect(here).toContainText('Article not found: it may have been deleted.');
  for (const action of ['Retry', 'Copy', 'Discard']) await expect(here.getByRole('button', { name: action })).toBeVisible();
  await expect(syncStatus(page).getByRole('status')).toHaveText('0 pending, 1 not sent');
  await shot(page, 'not-sent-comment');
  await expectNoSeriousA11yViolations(page);

  // Retry sends it again and it is refused again: wait for that answer before discarding, so the
  // discard does not race the retry's own send (the region's heading says 'Not sent' all along).
  const retried = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/news/${articleId}/comments`));
  await here.getByRole('button', { name: 'Retry' }).click({ timeout: 10_000 });
  expect((await retried).status()).toBe(404);
  await expect(syncStatus(page).getByRole('status')).toHaveText('0 pending, 1 not sent');
  await expect(here).toContainText(text);
  await here.getByRole('button', { name: 'Discard' }).click();
  await expect(here).toHaveCount(0);
  await expect(syncStatus(page)).toBeHidden();
  await admin.dispose();
});

test('a reply refused on sync is shown in its discussion with its text and Retry / Copy / Discard', async ({ page, context, playwright, baseURL }) => {
  const admin = await adminApi(playwright, baseURL!);
  const [category] = await getJson<ForumCategory[]>(admin, '/api/forum/categories');
  const created = await admin.post('/api/forum/discussions', { data: { title: `Closing soon ${unique()}`, content: 'Reply here', categoryId: category.id } });
  const discussion = (await created.json()) as Discussion;
  const text = `Reply from the tunnel ${unique()}`;

  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await page.goto(`/forums/${discussion.id}`);
  await expect(main(page).getByRole('heading', { level: 1, name: discussion.title })).toBeVisible();
  await goOffline(context);
  await main(page).getByLabel('Your reply').fill(text);
  await main(page).getByRole('button', { name: 'Post Reply' }).click();
  await expect(main(page)).toContainText('Pending sync');

  expect((await admin.delete(`/api/forum/discussions/${discussion.id}`)).status()).toBe(200);
  await goOnline(context);

  const here = main(page).getByRole('region', { name: 'Not sent' });
  await expect(main(page).getByRole('heading', { level: 1, name: 'Discussion Not Found' })).toBeVisible();
  await expect(here).toContainText(text);
  for (const action of ['Retry', 'Copy', 'Discard']) await expect(here.getByRole('button', { name: action })).toBeVisible();
  await shot(page, 'not-sent-reply');
  await expectNoSeriousA11yViolations(page);
  await admin.dispose();
});

test("a comment waiting to be sent counts the same in the article's stat and the Comments heading", async ({ page, context, playwright, baseURL }) => {
  const admin = await adminApi(playwright, baseURL!);
  const title = `Counted once ${unique()}`;
  const articleId = await newArticle(admin, title);
  await admin.dispose();

  await page.goto('/');
  await signInWithForm(page, ACCOUNTS.member);
  await page.goto(`/news/${articleId}`);
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  const stat = main(page).locator('.article__actions .card__stat');
  await expect(stat).toHaveText('0 comments');
  await goOffline(context);
  await main(page).getByLabel('Add a comment').fill('Counted while waiting');
  await main(page).getByRole('button', { name: 'Post Comment' }).click();
  await expect(main(page).getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` })).toContainText('Pending sync');
  await expect(main(page).getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(stat).toHaveText('1 comment');
  await shot(page, 'pending-comment-count');

  // Sent: still one, from the server now.
  await goOnline(context);
  await expect(main(page).getByRole('article', { name: `Comment by ${ACCOUNTS.member.name}` })).not.toContainText('Pending sync');
  await expect(main(page).getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
  await expect(stat).toHaveText('1 comment');
});

test('an article left at once after it opened is already kept on the device when the next page shows', async ({ page }) => {
  await page.goto('/');
  const card = main(page).locator('.card__link').first();
  const title = (await card.textContent())!;
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Straight back, without waiting for anything: the navigation waits for the article to be kept.
  await main(page).getByRole('link', { name: 'Back to News' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible();
  expect(await storedPaths(page)).toContain(`/api${href}`);
});

test('an anonymous like works offline: it is counted in this browser, with no error', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  const card = main(page).locator('.card__link').first();
  const title = (await card.textContent())!;
  const id = (await card.getAttribute('href'))!.split('/').pop()!;
  await card.click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  const like = main(page).locator('.article__actions').getByRole('button', { name: /^Like "/ });
  const likes = Number(/\((\d+) likes?\)$/.exec((await like.getAttribute('aria-label'))!)![1]);
  await goOffline(context);
  await like.click();
  await expect(like).toHaveAccessibleName(`Like "${title}" (${likes + 1} ${likes + 1 === 1 ? 'like' : 'likes'})`);
  await expect(page.getByRole('alertdialog').filter({ hasText: 'Failed to update like.' })).toHaveCount(0);
  expect(await page.evaluate((articleId) => JSON.parse(localStorage.getItem('articleLikeCounts') ?? '{}')[articleId], id)).toBe(1);
});
