import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { getJson, type ListedArticle } from '../support/content';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { header, main, signInWithForm } from '../support/journey';
import { newMember, type TestMember } from '../support/mail';
import { firstPage, goOffline, launchProfile, startSignedIn, storedPaths } from '../support/offline';
import { ACCOUNTS } from '../support/session';

/*
 * The member's home (docs/home.md), signed in through the form on a phone and a desktop: every item
 * in progress in Continue, a followed topic's new article under "New since your last visit" with its
 * reason (a muted one's nowhere), a watched discussion's unread replies cleared by opening it, and
 * the home opening offline after a browser restart from what the device holds.
 */

const shots = 'test-results/screenshots';

interface Listed {
  id: string;
  title: string;
}

/** An API context signed in as `account`, with the Origin the server's write check wants. */
async function signedInApi(playwright: { request: { newContext(options: object): Promise<APIRequestContext> } }, baseURL: string, account: { email: string; password: string }) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await api.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** The member, on another device, listened part of two episodes and read part of an article: the product's own writes. */
async function inProgressElsewhere(api: APIRequestContext): Promise<{ episodes: Listed[]; article: Listed }> {
  const episodes = (await getJson<Listed[]>(api, '/api/podcasts?limit=2')).slice(0, 2);
  expect(episodes).toHaveLength(2);
  for (const [i, episode] of episodes.entries()) {
    const put = await api.put(`/api/podcasts/${episode.id}/listening`, { data: { positionSeconds: 9 + i * 56, durationSeconds: 600, deviceTime: new Date().toISOString() } });
    expect(put.status(), await put.text()).toBe(200);
  }
  const [article] = (await getJson<ListedArticle[]>(api, '/api/news?limit=5')).filter((a) => a.status === 'published');
  const patch = await api.patch(`/api/reading-list/${article.id}`, { data: { changedAt: new Date().toISOString(), position: 0.4 } });
  expect(patch.status(), await patch.text()).toBe(200);
  return { episodes, article };
}

const continueShelf = (page: Page) => main(page).getByRole('region', { name: 'Continue' });
const section = (page: Page, name: string) => main(page).getByRole('region', { name });

test('two episodes and an article in progress: all three in Continue, each saying why', async ({ page, playwright, baseURL }, testInfo) => {
  const member = await newMember(playwright, baseURL!, 'Priya');
  const api = await signedInApi(playwright, baseURL!, member);
  const { episodes, article } = await inProgressElsewhere(api);
  await api.dispose();

  await page.goto('/');
  await signInWithForm(page, member);
  const shelf = continueShelf(page);
  for (const item of [...episodes, article]) await expect(shelf.getByRole('link', { name: item.title, exact: true })).toBeVisible();
  await expect(shelf.getByText('Resume at 0:09 of 10:00')).toBeVisible();
  await expect(shelf.getByText('40% read')).toBeVisible();
  await expect(shelf.getByText('Continue listening')).toHaveCount(2);
  await expect(shelf.getByText('Continue reading')).toHaveCount(1);
  // A new member is not welcomed back.
  await expect(main(page).getByText(/welcome back/i)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${shots}/home-continue-${testInfo.project.name}.png`, fullPage: true });
});

test("a watched discussion's new replies show on home and clear once it is opened", async ({ page, playwright, baseURL }, testInfo) => {
  const member = await newMember(playwright, baseURL!, 'Wendy');
  const admin = await signedInApi(playwright, baseURL!, ACCOUNTS.admin);
  const [category] = await getJson<Listed[]>(admin, '/api/forum/categories');
  const title = `Lease modifications ${Date.now()}`;
  const created = await admin.post('/api/forum/discussions', { data: { title, content: 'How do you treat a lease modification?', categoryId: category.id } });
  expect(created.status(), await created.text()).toBe(201);
  const discussion = (await created.json()) as Listed;
  const memberApi = await signedInApi(playwright, baseURL!, member);
  expect((await memberApi.put(`/api/forum/discussions/${discussion.id}/watch`, { data: { level: 'watching' } })).status()).toBe(200);
  await memberApi.dispose();
  for (const content of ['Remeasure the liability.', 'And adjust the right-of-use asset.']) {
    const reply = await admin.post('/api/forum/replies', { data: { discussionId: discussion.id, content } });
    expect(reply.status(), await reply.text()).toBe(201);
  }
  await admin.dispose();

  await page.goto('/');
  await signInWithForm(page, member);
  const discussions = section(page, 'Your discussions');
  const row = discussions.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('2 new replies')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${shots}/home-discussions-${testInfo.project.name}.png`, fullPage: true });

  await row.getByRole('link', { name: title }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await header(page).locator('a.site-logo').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(row.getByText('You watch this')).toBeVisible();
  await expect(row.getByText(/new repl/)).toHaveCount(0);
});

test('a member follows Audit and mutes Regulatory: the new Audit article is on their home with its reason, the Regulatory one is not', async ({ page, playwright, baseURL }, testInfo) => {
  const member = await newMember(playwright, baseURL!, 'Fola');
  const editor = await signedInApi(playwright, baseURL!, ACCOUNTS.editor);
  const categories = await getJson<Array<{ id: string; name: string }>>(editor, '/api/news-categories?activeOnly=true');
  const audit = categories.find((c) => c.name === 'Audit')!;
  const regulatory = categories.find((c) => c.name === 'Regulatory')!;
  const memberApi = await signedInApi(playwright, baseURL!, member);
  expect((await memberApi.put(`/api/topics/news_category/${audit.id}`, { data: { level: 'following' } })).status()).toBe(200);
  expect((await memberApi.put(`/api/topics/news_category/${regulatory.id}`, { data: { level: 'muted' } })).status()).toBe(200);
  await memberApi.dispose();
  const stamp = Date.now();
  const published: Record<string, Listed> = {};
  for (const [name, category] of [['Audit', audit], ['Regulatory', regulatory]] as const) {
    const res = await editor.post('/api/news', { data: { title: `${name} update ${stamp}`, content: `What changed in ${name}.`, categoryIds: [category.id] } });
    expect(res.status(), await res.text()).toBe(201);
    published[name] = (await res.json()) as Listed;
  }
  // Featured, the Regulatory article heads the news showcase for everyone but a member who muted it.
  const feature = (isFeatured: boolean) => editor.patch(`/api/news/${published.Regulatory!.id}/featured`, { data: { isFeatured } });
  expect((await feature(true)).status()).toBe(200);
  try {
    await page.goto('/');
    await signInWithForm(page, member);
    const fresh = section(page, 'New since your last visit');
    const card = fresh.getByRole('article').filter({ hasText: published.Audit!.title });
    await expect(card.getByRole('link', { name: published.Audit!.title })).toBeVisible();
    await expect(card.getByText('New in Audit')).toBeVisible();
    // Then the latest from everything else, under the line.
    await expect(fresh.getByText('since your last visit', { exact: true })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Latest Corporate Finance and Accounting News' })).toBeVisible();
    await expect(main(page).getByLabel('Latest news', { exact: true }).getByRole('article').first()).toBeVisible();
    await expect(main(page).getByRole('link', { name: published.Regulatory!.title })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${shots}/home-new-${testInfo.project.name}.png`, fullPage: true });
  } finally {
    expect((await feature(false)).status()).toBe(200);
    await editor.dispose();
  }
});

test.describe('offline', () => {
  // Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
  test.use({ serviceWorkers: 'allow' });

  test("the home opens offline after a browser restart with the member's sections, saying it is the device's copy", async ({ playwright, baseURL }, testInfo) => {
    test.slow(); // two browser launches and a sign-in through the form
    const member: TestMember = await newMember(playwright, baseURL!, 'Omar');
    const api = await signedInApi(playwright, baseURL!, member);
    const { episodes, article } = await inProgressElsewhere(api);
    await api.dispose();
    const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-home-'));
    const { viewport, isMobile, hasTouch, deviceScaleFactor } = testInfo.project.use;
    const launch = (offline: boolean) => launchProfile(userDataDir, { baseURL: baseURL!, offline, viewport: viewport ?? undefined, isMobile, hasTouch, deviceScaleFactor });
    try {
      let context = await launch(false);
      let page = await startSignedIn(context, member);
      await expect(continueShelf(page).getByRole('link', { name: article.title, exact: true })).toBeVisible();
      await expect.poll(async () => (await storedPaths(page)).includes('/api/home')).toBe(true);
      await goOffline(context);
      await context.close();

      context = await launch(true);
      page = await firstPage(context);
      await page.goto('/');
      const shelf = continueShelf(page);
      for (const item of [...episodes, article]) await expect(shelf.getByRole('link', { name: item.title, exact: true })).toBeVisible();
      await expect(shelf.getByText(/^Saved on this device · updated /)).toBeVisible();
      await expect(shelf.getByText('Loading your day...')).toHaveCount(0);
      await page.screenshot({ path: `${shots}/home-offline-${testInfo.project.name}.png`, fullPage: true });
      await context.close();
    } finally {
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
    }
  });
});
