import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, setTheme } from '../support/axe';
import type { ListedArticle } from '../support/content';
import { expect, test } from '../support/fixtures';
import { expectSignedIn, main, SCREENS, signInWithForm } from '../support/journey';
import { FULL_CHROMIUM, cachedUrls, editorWithUploadedImage, expectUploadShown, launchProfile, uploadedSizes, waitForServiceWorker, firstPage, goOffline, goOnline, readOutbox } from '../support/offline';
import { startServer, type RunningServer } from '../support/server';
import { ACCOUNTS, emptyReadingList } from '../support/session';

test.use({ serviceWorkers: 'allow' });

/*
 * A reading list that follows the member. Two browser profiles of one member (a desktop A
 * and a phone B, each a kept profile): A saves two articles; B, online, downloads them; B goes
 * offline, restarts and reads the first with its picture, reads half of it and removes the second;
 * back online, A no longer lists the second and shows how far B read the first.
 */

let server: RunningServer;
/** The first has an uploaded image and a long text (to scroll through); the second is plain. */
let articles: ListedArticle[];
/** Saved only by the background sync's test, with the same uploaded image: never read by the others. */
let backgroundArticle: ListedArticle & { imageUrl: string };

test.beforeAll(async () => {
  server = await startServer('sample');
  const {
    api,
    published: [first, second, third],
    objectPath,
  } = await editorWithUploadedImage(server.url);
  const content = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}: reconciling the ledger line by line, as the close requires.`).join('\n\n');
  expect((await api.patch(`/api/news/${first.id}`, { data: { imageUrl: objectPath, content } })).status()).toBe(200);
  expect((await api.patch(`/api/news/${third.id}`, { data: { imageUrl: objectPath } })).status()).toBe(200);
  articles = [{ ...first, imageUrl: objectPath }, second];
  backgroundArticle = { ...third, imageUrl: objectPath };
  await api.dispose();
});

test.afterAll(async () => {
  await server?.close();
});

const SAVED_IMAGES = 'ledger-saved-images-v1';
const [desktop, phone] = [SCREENS[2].use, SCREENS[0].use];
const savedList = (page: Page) => main(page).getByRole('list', { name: 'Saved articles' });
const entry = (page: Page, title: string) => savedList(page).getByRole('article', { name: title });

/**
 * What the member's outbox still holds on this device (nothing once everything was sent): each write's
 * kind, article and, for a position, the place. The minutes read wait beside them as CPD time
 * (docs/cpd.md), not this journey's subject.
 */
const queued = async (page: Page) =>
  (await readOutbox(page))
    .filter((item) => item.kind !== 'cpdTime')
    .map((item) => ({ kind: item.kind, targetId: item.targetId, position: (item.body as { position?: number } | undefined)?.position }));

const queuedWrites = async (page: Page) => (await queued(page)).length;

/**
 * The changes waiting in the outbox, each once ("listRemove <id>"). A reader's position may be sent
 * more than once on the way (the place the article opened at, then the place read to), so the
 * journeys wait for what is queued rather than for how many writes.
 */
const queuedChanges = async (page: Page) => [...new Set((await queued(page)).map((item) => `${item.kind} ${item.targetId}`))].sort();

/** The furthest position of `articleId` waiting in the outbox (0: none). */
const queuedPosition = async (page: Page, articleId: string) =>
  Math.max(0, ...(await queued(page)).filter((item) => item.kind === 'listProgress' && item.targetId === articleId).map((item) => item.position ?? 0));

/**
 * Scrolls the open article until the viewport's bottom edge is `fraction` of the way through it, once
 * the page knows the article is saved here (its Remove button), records positions (its
 * `data-reading-progress`: a scroll before that is not heard), and its text is formatted (the plain text shown until then is taller: a place in it is not the
 * same place a moment later).
 */
const readTo = async (page: Page, fraction: number) => {
  await expect(main(page).getByRole('button', { name: 'Remove from saved' })).toBeVisible();
  await expect(main(page).locator('.markdown--plain')).toHaveCount(0);
  await expect(main(page).locator('article.article[data-reading-progress="recorded"]')).toHaveCount(1);
  await page.evaluate((f) => {
    const article = document.querySelector('article.article')!.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + article.top + article.height * f - window.innerHeight);
  }, fraction);
};

/** The percentage Saved shows as read for an entry. */
async function percentRead(page: Page, title: string): Promise<number> {
  const text = entry(page, title).getByText(/^\d+% read$/);
  await expect(text).toBeVisible();
  return Number((await text.textContent())!.replace('% read', ''));
}

/** How far through the open article the viewport's bottom edge is (as the app measures it), 0–1. */
const progress = (page: Page) =>
  page.evaluate(() => {
    const { top, height } = document.querySelector('article.article')!.getBoundingClientRect();
    return (window.innerHeight - top) / height;
  });

const continueOffer = (page: Page) => main(page).getByText(/^You read \d+% of this article\.$/);

/**
 * The open article offers to continue at `percent` (as Saved shows it): axe-clean, and pressing
 * Continue reading (`how`: the keyboard, or a tap) brings the viewport's bottom edge to that place,
 * with focus on the text there.
 */
async function continueReadingAt(page: Page, percent: number, how: 'keyboard' | 'tap') {
  await expect(continueOffer(page)).toHaveText(`You read ${percent}% of this article.`);
  await expect(main(page).locator('.markdown--plain')).toHaveCount(0); // the formatted text: its final height
  expect(await progress(page)).toBeLessThan(percent / 100 - 0.1); // opened at the top, as any link
  await expectNoSeriousA11yViolations(page);
  const button = main(page).getByRole('button', { name: 'Continue reading' });
  if (how === 'tap') {
    await button.tap();
  } else {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => progress(page)).toBeGreaterThan(percent / 100 - 0.03);
  expect(await progress(page)).toBeLessThan(percent / 100 + 0.03);
  // Focus moved to the text in view, so the keyboard and a screen reader go on from there.
  const focused = await page.evaluate(() => {
    const element = document.activeElement!;
    const { top, bottom } = element.getBoundingClientRect();
    return { inText: element.closest('.article__content') !== null, inView: bottom > 0 && top < window.innerHeight };
  });
  expect(focused).toEqual({ inText: true, inView: true });
}

/** Two kept profiles (A and B) for one test, closed and removed afterwards. */
async function withProfiles(body: (launch: (which: 'a' | 'b', use: object, offline?: boolean) => Promise<{ context: BrowserContext; page: Page }>) => Promise<void>) {
  await emptyReadingList(server.url, ACCOUNTS.member);
  const dirs = { a: await mkdtemp(path.join(tmpdir(), 'ledger-reading-a-')), b: await mkdtemp(path.join(tmpdir(), 'ledger-reading-b-')) };
  const contexts: BrowserContext[] = [];
  try {
    await body(async (which, use, offline = false) => {
      const context = await launchProfile(dirs[which], { baseURL: server.url, offline, ...use });
      contexts.push(context);
      return { context, page: await firstPage(context) };
    });
  } finally {
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
    await Promise.all(Object.values(dirs).map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 10 })));
  }
}

type Launch = Parameters<Parameters<typeof withProfiles>[0]>[0];

/** Opens the app on a profile (its service worker in control) and signs in with the form. */
async function signedInOn(launch: Launch, which: 'a' | 'b', use: object) {
  const device = await launch(which, use);
  await device.page.goto('/');
  await waitForServiceWorker(device.page);
  await signInWithForm(device.page, ACCOUNTS.member);
  return device;
}

/** Opens an article and presses Save for offline. */
async function saveArticleOn(page: Page, article: ListedArticle) {
  await page.goto(`/news/${article.id}`);
  await main(page).getByRole('button', { name: 'Save for offline' }).click();
  await expect(main(page).getByRole('button', { name: 'Remove from saved' })).toBeVisible();
}

/** A signs in and saves both articles; B signs in and has downloaded both. */
async function savedOnAThenOnB(launch: Launch) {
  const a = await signedInOn(launch, 'a', desktop);
  // The first save asks the browser to keep this site's storage (navigator.storage.persist): counted here.
  await a.context.addInitScript(() => {
    const storage = navigator.storage;
    const persist = storage.persist.bind(storage);
    storage.persist = () => {
      sessionStorage.setItem('persist-asked', String(Number(sessionStorage.getItem('persist-asked')) + 1));
      return persist();
    };
  });
  const persistAsked = () => a.page.evaluate(() => Number(sessionStorage.getItem('persist-asked')));
  await saveArticleOn(a.page, articles[0]);
  await expect.poll(persistAsked).toBeGreaterThan(0);
  for (const article of articles.slice(1)) await saveArticleOn(a.page, article);
  const b = await signedInOn(launch, 'b', phone);
  await b.page.goto('/saved');
  for (const article of articles) await expect(entry(b.page, article.title).getByText('On this device')).toBeVisible();
  return { a, b };
}

test('save on one device, read offline on another, removal and reading position follow the member', async () => {
  test.slow(); // three browser launches and two sign-ins through the form
  await withProfiles(async (launch) => {
    // A, the office desktop, saves both articles; B, the phone, online: signing in brings the list
    // down, and with it both articles and the picture.
    const first = await savedOnAThenOnB(launch);
    const a = first.a;
    let b = first.b;
    await expect(main(b.page).getByText('2 articles on this device')).toBeVisible();
    await expect(main(b.page).getByText(/^Using \d+(\.\d MB| KB) of \d+ MB on this device$/)).toBeVisible();
    await expect.poll(() => cachedUrls(b.page, SAVED_IMAGES)).toEqual(expect.arrayContaining(uploadedSizes(articles[0].imageUrl!)));

    // The train: offline, no HTTP cache, no runtime image cache, the browser closed and opened again.
    await goOffline(b.context);
    await (await b.context.newCDPSession(b.page)).send('Network.clearBrowserCache');
    await b.page.evaluate(() => caches.delete('ledger-images-v1'));
    await b.context.close();
    b = await launch('b', phone, true);
    await b.page.goto('/saved');
    await expectSignedIn(b.page, ACCOUNTS.member.name);
    await expect(main(b.page).getByRole('checkbox', { name: 'Read offline' })).toBeVisible();
    await b.page.screenshot({ path: 'test-results/screenshots/journey-reading-list-saved-412.png', fullPage: true });
    await entry(b.page, articles[0].title).getByRole('link', { name: articles[0].title }).click();
    await expect(main(b.page).getByRole('heading', { level: 1, name: articles[0].title })).toBeVisible();
    await expectUploadShown(main(b.page).locator('img.article__image'), articles[0].imageUrl!);

    // Reads about half of it, then removes the second article, still offline: both wait in the outbox.
    await readTo(b.page, 0.5);
    await expect.poll(() => queuedPosition(b.page, articles[0].id), { timeout: 15_000 }).toBeGreaterThanOrEqual(0.45);
    await b.page.goBack();
    await entry(b.page, articles[1].title).getByRole('button', { name: `Remove "${articles[1].title}" from saved` }).click();
    await expect(entry(b.page, articles[1].title)).toHaveCount(0);
    await expect.poll(() => queuedChanges(b.page)).toEqual([`listProgress ${articles[0].id}`, `listRemove ${articles[1].id}`].sort());

    // Out of the tunnel: the outbox sends both; A, opened again, shows the list as B left it.
    await goOnline(b.context);
    await expect.poll(() => queuedWrites(b.page), { timeout: 30_000 }).toBe(0);
    await a.page.goto('/saved');
    await expect(entry(a.page, articles[0].title)).toBeVisible();
    // A still holds a copy of the second: the sync of this visit drops it, and the list with it.
    await expect(entry(a.page, articles[1].title)).toHaveCount(0);
    const percent = await percentRead(a.page, articles[0].title);
    expect(percent).toBeGreaterThanOrEqual(35);
    expect(percent).toBeLessThanOrEqual(65);

    // A opens it: it opens at the top, offering to continue where B stopped, and goes there.
    await entry(a.page, articles[0].title).getByRole('link', { name: articles[0].title }).click();
    await expect(main(a.page).getByRole('heading', { level: 1, name: articles[0].title })).toBeVisible();
    await continueReadingAt(a.page, percent, 'keyboard');
  });
});

test('both devices offline: the furthest position wins, and a removal beats an older change, on both', async () => {
  test.slow(); // two browser launches, two sign-ins through the form
  await withProfiles(async (launch) => {
    const { a, b } = await savedOnAThenOnB(launch);
    await goOffline(a.context);
    await goOffline(b.context);

    // B removes the second article, then A (later) marks it finished: finishing does not bring it back.
    await entry(b.page, articles[1].title).getByRole('button', { name: `Remove "${articles[1].title}" from saved` }).click();
    await expect(entry(b.page, articles[1].title)).toHaveCount(0);
    await a.page.goto('/saved');
    await entry(a.page, articles[1].title).getByRole('button', { name: `Mark "${articles[1].title}" as finished` }).click();
    await expect(entry(a.page, articles[1].title).getByText('Finished')).toBeVisible();

    // Both read the first: A to about 85 %, B (later) to about 60 %. (The previous test left it at
    // about 50 %: a revived entry keeps its furthest position, so both go past that.)
    for (const [device, fraction, name, other] of [[a, 0.85, 'A', 'listProgress'], [b, 0.6, 'B', 'listRemove']] as const) {
      await entry(device.page, articles[0].title).getByRole('link', { name: articles[0].title }).click();
      await expect(main(device.page).getByRole('heading', { level: 1, name: articles[0].title })).toBeVisible();
      await readTo(device.page, fraction);
      await expect.poll(() => queuedPosition(device.page, articles[0].id), { message: `${name}: the position is queued`, timeout: 15_000 }).toBeGreaterThanOrEqual(fraction - 0.05);
      const changes = [`listProgress ${articles[0].id}`, `${other} ${articles[1].id}`].sort();
      expect(await queuedChanges(device.page), `${name}: the removal or finish, and the position, are queued`).toEqual(changes);
      await device.page.goBack();
    }

    // Back online, both queues sent: both devices show one list, as the server merged it.
    for (const device of [a, b]) await goOnline(device.context);
    for (const device of [a, b]) await expect.poll(() => queuedWrites(device.page), { timeout: 30_000 }).toBe(0);
    for (const device of [a, b]) {
      await device.page.goto('/saved');
      await expect(entry(device.page, articles[1].title)).toHaveCount(0);
      const percent = await percentRead(device.page, articles[0].title);
      expect(percent).toBeGreaterThanOrEqual(75);
      expect(percent).toBeLessThanOrEqual(95);
    }

    // The phone opens it: the offer fits a 412 px and a 360 px screen, and a tap goes to A's place.
    const percent = await percentRead(b.page, articles[0].title);
    await entry(b.page, articles[0].title).getByRole('link', { name: articles[0].title }).click();
    await expect(continueOffer(b.page)).toBeVisible();
    for (const width of [412, 360]) {
      await b.page.setViewportSize({ width, height: width === 412 ? 915 : 740 });
      await expect(main(b.page).getByRole('button', { name: 'Continue reading' })).toBeInViewport({ ratio: 1 });
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await b.page.screenshot({ path: `test-results/screenshots/journey-reading-list-continue-${width}.png` });
    }
    // The same offer in the dark theme, to look at (continueReadingAt's axe check reads both themes).
    await setTheme(b.page, 'dark');
    await b.page.screenshot({ path: 'test-results/screenshots/journey-reading-list-continue-360-dark.png' });
    await setTheme(b.page, 'light');
    await continueReadingAt(b.page, percent, 'tap');
  });
});

/**
 * Periodic Background Sync (Chromium, for an installed app): the browser fires the worker's event now
 * and then, app open or not. Chromium grants its permission only to an installed app, so the test
 * grants it through the DevTools protocol, and fires the event through it (as DevTools'
 * Application panel does) instead of waiting half a day.
 */
async function grantPeriodicSync(device: { context: BrowserContext; page: Page }) {
  const cdp = await device.context.newCDPSession(device.page);
  await cdp.send('Browser.grantPermissions', { origin: server.url, permissions: ['periodicBackgroundSync'] });
}

/** The tags the profile's service worker has registered for Periodic Background Sync. */
const periodicSyncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { periodicSync?: { getTags(): Promise<string[]> } };
    return registration.periodicSync ? registration.periodicSync.getTags() : ['(no periodicSync)'];
  });

/** Fires the periodic sync `tag` in the profile's service worker, as the browser would. */
async function firePeriodicSync(device: { context: BrowserContext; page: Page }, tag: string) {
  const cdp = await device.context.newCDPSession(device.page);
  const scope = `${server.url}/`;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: server.url, registrationId: await registrationId, tag });
}

test('in the background: Periodic Background Sync downloads what another device saved, read offline with its picture', async () => {
  test.slow(); // two browser launches, two sign-ins through the form
  await withProfiles(async (launch) => {
    const article = backgroundArticle;
    // B, the phone, with the app installed (the permission granted) and signed in: the sync is registered.
    // The full browser: the headless shell has no Periodic Background Sync.
    const b = await launch('b', { ...phone, executablePath: FULL_CHROMIUM });
    await b.page.goto('/');
    await waitForServiceWorker(b.page);
    await grantPeriodicSync(b);
    await signInWithForm(b.page, ACCOUNTS.member);
    await expect.poll(() => periodicSyncTags(b.page)).toEqual(['reading-list']);
    await b.page.goto('/saved');
    await expect(main(b.page).getByText('No saved articles yet.')).toBeVisible();

    // A, the desktop, saves an article; B's app stays as it is, on Saved.
    const a = await signedInOn(launch, 'a', desktop);
    await saveArticleOn(a.page, article);

    // The browser fires B's periodic sync: its service worker downloads the article, its comments and
    // its picture (every request for them is the worker's), and the open Saved shows it at once.
    const requests: Array<{ path: string; fromWorker: boolean }> = [];
    b.context.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith(`/api/news/${article.id}`) || pathname === article.imageUrl) requests.push({ path: pathname + search, fromWorker: request.serviceWorker() !== null });
    });
    await firePeriodicSync(b, 'reading-list');
    await expect(entry(b.page, article.title).getByText('On this device')).toBeVisible();
    await expect.poll(() => cachedUrls(b.page, SAVED_IMAGES)).toEqual(expect.arrayContaining(uploadedSizes(article.imageUrl)));
    expect(requests.map((r) => r.path)).toEqual(expect.arrayContaining([`/api/news/${article.id}`, `/api/news/${article.id}/comments`, ...uploadedSizes(article.imageUrl)]));
    expect(requests.filter((r) => !r.fromWorker)).toEqual([]);

    // The train: offline, no HTTP cache and no runtime image cache. Saved and the article open from
    // what the background sync downloaded.
    await goOffline(b.context);
    await (await b.context.newCDPSession(b.page)).send('Network.clearBrowserCache');
    await b.page.evaluate(() => caches.delete('ledger-images-v1'));
    await b.page.goto('/saved');
    await expect(entry(b.page, article.title).getByText('Not started')).toBeVisible();
    await entry(b.page, article.title).getByRole('link', { name: article.title }).click();
    await expect(main(b.page).getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expectUploadShown(main(b.page).locator('img.article__image'), article.imageUrl);
    // Not started anywhere: nothing to continue.
    await expect(continueOffer(b.page)).toHaveCount(0);
  });
});
