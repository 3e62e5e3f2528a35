import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { getJson, useTheme, type ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { expectSavedContentBanner, offlineBanner, storedPaths, waitForServiceWorker, goOffline, goOnline } from '../support/offline';
import { ACCOUNTS, signIn } from '../support/session';

// Works offline, or with what the service worker caches (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

interface ListedDiscussion {
  id: string;
  title: string;
}

interface Visit {
  url: string;
  /** Texts that only the loaded data can put on the page; read online, expected again offline. */
  markers: (page: Page) => Locator[];
}

const main = (page: Page) => page.getByRole('main');
const showcaseTitle = (page: Page, name: 'news' | 'podcasts') => main(page).locator(`section[aria-labelledby="home-${name}-title"] .card__title`).first();
const offlineIndicator = (page: Page) => page.getByRole('banner').getByRole('status').filter({ hasText: 'Offline' });

test('every page seen online opens offline from the local store, with the saved-content banner', async ({ page, context }) => {
  test.slow(); // six pages online, then each again offline (and the unseen ones)
  await signIn(page, ACCOUNTS.member);
  const [seen, unseen] = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
  const [discussion, unseenDiscussion] = await getJson<ListedDiscussion[]>(page.request, '/api/forum/discussions?limit=50');
  const visits: Visit[] = [
    // The showcases' own cards: the forum highlights are fixed text, shown before any data arrives.
    { url: '/', markers: (p) => [showcaseTitle(p, 'news'), showcaseTitle(p, 'podcasts')] },
    { url: '/news', markers: (p) => [main(p).locator('.card__title').first(), main(p).locator('.card__title').last()] },
    { url: `/news/${seen.id}`, markers: (p) => [main(p).locator('h1'), main(p).locator('.article__content'), main(p).getByRole('heading', { name: /^Comments/ })] },
    { url: '/podcasts', markers: (p) => [main(p).locator('.card__title').first(), main(p).locator('.card__title').last()] },
    { url: '/forums', markers: (p) => [main(p).locator('.card__title').first(), main(p).locator('.card__title').last()] },
    { url: `/forums/${discussion.id}`, markers: (p) => [main(p).locator('h1'), main(p).getByRole('heading', { name: /^Replies/ })] },
  ];

  // Online: every GET the pages make is answered by the server and written to the store, except who
  // is signed in, which the session module records itself (pwa/session/session.ts).
  const apiReads = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/')) apiReads.add(url.pathname + url.search);
  });
  const seenTexts = new Map<string, string[]>();
  await page.goto('/');
  await waitForServiceWorker(page);
  for (const visit of visits) {
    await page.goto(visit.url);
    const texts: string[] = [];
    for (const marker of visit.markers(page)) {
      await expect(marker).not.toBeEmpty();
      texts.push((await marker.textContent())!);
    }
    seenTexts.set(visit.url, texts);
    await expect(offlineBanner(page)).toHaveCount(0);
    // Each page's answers are written before the next page.goto, a whole new page load, which would
    // cut off writes still under way (a reader stays longer than the moment the text shows; a link
    // inside the app waits for them itself: storeWritesSettled).
    await expect
      .poll(async () => {
        const stored = new Set(await storedPaths(page));
        return [...apiReads].filter((path) => !stored.has(path));
      })
      .toEqual([]);
  }
  expect(apiReads).toContain(`/api/news/${seen.id}`);

  // Offline: each page is reloaded from the precached shell and answered from the store.
  await goOffline(context);
  for (const visit of visits) {
    await page.goto(visit.url);
    const texts = seenTexts.get(visit.url)!;
    const markers = visit.markers(page);
    for (const [i, marker] of markers.entries()) await expect(marker).toHaveText(texts[i]);
    await expectSavedContentBanner(page);
    await expect(offlineIndicator(page)).toBeVisible();
  }
  // The signed-in user was saved too, so the header still shows them.
  await expect(page.getByRole('banner').getByText(ACCOUNTS.member.name)).toBeVisible();

  // An article never opened on this device: a clear message, not a crash or an empty page.
  await page.goto(`/news/${unseen.id}`);
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(main(page)).toContainText('This article has not been saved on this device.');
  await expect(main(page).getByRole('link', { name: 'Go to Saved' })).toHaveAttribute('href', '/saved');
  await page.goto(`/forums/${unseenDiscussion.id}`);
  await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
  await expect(main(page)).toContainText('This discussion has not been saved on this device.');

  // Back online: what came from the store is fetched again, and the banner and indicator go.
  await goOnline(context);
  await page.goto(`/news/${seen.id}`);
  await expect(main(page).locator('h1')).toHaveText(seen.title);
  await expect(offlineBanner(page)).toHaveCount(0);
  await expect(offlineIndicator(page)).toHaveCount(0);
});

test('the offline indicator follows the connection and is announced', async ({ page, context }) => {
  await page.goto('/news');
  await expect(main(page).locator('.card__title').first()).not.toBeEmpty();
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toHaveText('');
  await goOffline(context);
  await expect(status).toHaveText('Offline');
  await goOnline(context);
  // Only screen readers hear that it is back; nothing stays on screen.
  await expect(status).toHaveText('Back online');
  await expect(status.getByText('Back online')).toHaveClass('visually-hidden');
});

// One run, in the light theme: each axe check also reads the dark theme's colours (axe.ts).
const theme = 'light';
test(`the saved-content banner, offline notice and indicator pass axe (${theme})`, async ({ page, context }) => {
  await useTheme(page, theme);
  const [article, unseen] = await getJson<ListedArticle[]>(page.request, '/api/news?limit=50');
  await page.goto(`/news/${article.id}`);
  await waitForServiceWorker(page);
  await expect(main(page).locator('h1')).toHaveText(article.title);
  await expect.poll(() => storedPaths(page)).toContain(`/api/news/${article.id}`);
  await goOffline(context);
  await page.reload();
  await expectSavedContentBanner(page);
  await expect(offlineIndicator(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/news/${unseen.id}`);
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
