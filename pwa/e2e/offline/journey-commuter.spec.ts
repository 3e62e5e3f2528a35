import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request, type BrowserContext, type Page } from '@playwright/test';
import { getJson, type ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, main, openArticleFromList, saveOpenArticle, SCREENS } from '../support/journey';
import { cachedUrls, expectUploadShown, ICON_PATH, launchProfile, uploadedSizes, startSignedIn, firstPage, goOffline } from '../support/offline';
import { startServer, type RunningServer } from '../support/server';
import { ACCOUNTS, emptyReadingList } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/*
 * Journey (a): a commuter signs in through the form, saves two articles found by in-app
 * links, goes offline, restarts the browser (a kept profile) and reads both, images included. On a
 * phone, a small phone and a desktop.
 */

// Its own server: two articles get uploaded images, which other specs sharing a worker must not see.
let server: RunningServer;
let articles: Array<ListedArticle & { imageUrl: string }>;

test.beforeAll(async () => {
  server = await startServer('sample');
  const api = await request.newContext({ baseURL: server.url });
  expect((await api.post('/api/auth/login', { data: ACCOUNTS.editor })).status()).toBe(200);
  const published = (await getJson<ListedArticle[]>(api, '/api/news?limit=50')).filter((a) => a.status === 'published').slice(0, 2);
  articles = [];
  for (const article of published) {
    const { uploadURL } = await (await api.post('/api/objects/upload', { data: { kind: 'image' } })).json();
    expect((await api.put(uploadURL, { data: await readFile(ICON_PATH), headers: { 'Content-Type': 'image/png' } })).status()).toBe(200);
    const { objectPath } = await (await api.put('/api/articles/images', { data: { imageURL: uploadURL } })).json();
    expect((await api.patch(`/api/news/${article.id}`, { data: { imageUrl: objectPath } })).status()).toBe(200);
    articles.push({ ...article, imageUrl: objectPath });
  }
  await api.dispose();
});

test.afterAll(async () => {
  await server?.close();
});

const SAVED_IMAGES = 'ledger-saved-images-v1';

async function expectArticleWithImage(page: Page, article: ListedArticle & { imageUrl: string }) {
  await expect(main(page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expectUploadShown(main(page).locator('img.article__image'), article.imageUrl);
}

for (const screen of SCREENS) {
  test(`a commuter signed in through the form reads two saved articles offline after a browser restart (${screen.name})`, async () => {
    test.slow(); // two browser launches and a sign-in through the form
    // Each screen's commuter starts with nothing saved: the member's Saved is their account's.
    await emptyReadingList(server.url, ACCOUNTS.member);
    const userDataDir = await mkdtemp(path.join(tmpdir(), 'ledger-commuter-'));
    const launch = (offline: boolean): Promise<BrowserContext> => launchProfile(userDataDir, { baseURL: server.url, offline, ...screen.use });
    try {
      let context = await launch(false);
      let page = await startSignedIn(context, ACCOUNTS.member);

      // From the home page's link to the news, to each article and back, by the app's own links.
      await main(page).getByRole('link', { name: 'Load More Articles' }).click();
      for (const article of articles) {
        await openArticleFromList(page, article.title);
        await saveOpenArticle(page);
        await main(page).getByRole('link', { name: 'Back to News' }).click();
      }
      await expect.poll(async () => (await cachedUrls(page, SAVED_IMAGES)).sort()).toEqual(articles.flatMap((a) => uploadedSizes(a.imageUrl)).sort());

      // The train enters the tunnel; later the browser is closed and opened again, still offline.
      await goOffline(context);
      // Nothing but the saved images may answer for them: no HTTP cache, no runtime image cache.
      await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
      await page.evaluate(() => caches.delete('ledger-images-v1'));
      await context.close();

      context = await launch(true);
      page = await firstPage(context);
      await page.goto('/saved');
      await expectSignedIn(page, ACCOUNTS.member.name);
      const saved = main(page).getByRole('list', { name: 'Saved articles' });
      for (const article of articles) {
        await saved.getByRole('link', { name: article.title, exact: true }).first().click();
        await expectArticleWithImage(page, article);
        await page.goBack();
        await expect(saved).toBeVisible();
      }
      await page.screenshot({ path: `test-results/screenshots/journey-commuter-saved-${screen.use.viewport.width}.png`, fullPage: true });
      await context.close();
    } finally {
      // The browser may still be writing its cache as it closes: removal retries on ENOTEMPTY.
      await rm(userDataDir, { recursive: true, force: true, maxRetries: 10 });
    }
  });
}
