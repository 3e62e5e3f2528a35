import { readFile } from 'node:fs/promises';
import { chromium, expect, request, type APIRequestContext, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import playwrightConfig from '../../../playwright.config';
import { getJson, type ListedArticle } from './content';
import { expectImageLoaded } from './images';
import { signInWithForm } from './journey';
import { Relay } from './relay';
import { ACCOUNTS } from './session';

/** Helpers for the offline specs: the service worker, the 'ledger-cache' IndexedDB store and the banner. */

/** Resolves once the service worker is active (installed, precached) and controls the page. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

/** The API paths the local store holds (its 'responses' table), read with the plain IndexedDB API. */
export function storedPaths(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('ledger-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('responses')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('responses').objectStore('responses').getAllKeys();
          keys.onerror = () => reject(keys.error);
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result as string[]);
          };
        };
      }),
  );
}

/** The URLs held by one Cache Storage cache. */
/** The sizes the article page's srcset offers for an uploaded image: what saving it keeps. */
export const uploadedSizes = (objectPath: string) => [480, 960, 1600].map((w) => `${objectPath}?w=${w}&fmt=webp`);

export function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);
}

export const offlineBanner = (page: Page) => page.getByText(/^Offline — showing saved content from /);

/** Today as the app writes dates ('Nov 22, 2026'), which the banner's time must start with. */
export function today(): string {
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date());
}

/** The banner is shown, with a time of today in the app's date format ('Nov 22, 2026, 6:09 PM'). */
export async function expectSavedContentBanner(page: Page): Promise<void> {
  await expect(offlineBanner(page)).toBeVisible();
  const text = await offlineBanner(page).textContent();
  expect(text).toMatch(new RegExp(`^Offline — showing saved content from ${today()}, \\d{1,2}:\\d{2}\\s[AP]M$`));
}

/** A small PNG (the 192 px app icon) for pages that need a real image. */
export const ICON_PATH = new URL('../../public/icons/icon-192.png', import.meta.url);

/**
 * For a spec with a server of its own: the editor signed in through the API, the published articles
 * (newest first; the editor's list starts with drafts, which a member cannot open) and an uploaded
 * image (the app's icon) ready to be set as an article's `imageUrl`. Dispose of `api` when done.
 */
export async function editorWithUploadedImage(baseURL: string): Promise<{ api: APIRequestContext; published: ListedArticle[]; objectPath: string }> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/auth/login', { data: ACCOUNTS.editor })).status()).toBe(200);
  const published = (await getJson<ListedArticle[]>(api, '/api/news?limit=50')).filter((a) => a.status === 'published');
  const { uploadURL } = await (await api.post('/api/objects/upload', { data: { kind: 'image' } })).json();
  const put = await api.put(uploadURL, { data: await readFile(ICON_PATH), headers: { 'Content-Type': 'image/png' } });
  expect(put.status(), await put.text()).toBe(200);
  const { objectPath } = await (await api.put('/api/articles/images', { data: { imageURL: uploadURL } })).json();
  return { api, published, objectPath };
}

/** The request handler each context is offline with (absent while it is online), for every URL. */
const everyURL = () => true;
const offlineRoutes = new WeakMap<BrowserContext, (route: Route) => Promise<void>>();
/** The relay a kept profile reaches the server through (`launchProfile`). */
const relays = new WeakMap<BrowserContext, Relay>();

/**
 * Takes the browser off the network, its service worker included: the only way a spec goes offline
 * (scripts/conventions.test.ts checks that none calls `setOffline` itself). Chromium's offline
 * emulation does not always reach a worker's own fetches (a kept profile's worker went on fetching
 * from the server while the pages were "offline": microsoft/playwright#2311), so while offline every
 * request the context's route sees fails as a dropped connection does. Playwright's route reaches a
 * worker only once it has attached to it, which an installed worker can start fetching before; a
 * kept profile therefore reaches the server through a relay (`launchProfile`), which goes down
 * first, below everything the browser runs. The route goes with `goOnline`: while any route is set
 * Playwright turns the HTTP cache off, which offline costs nothing but online would make every page
 * load slower and unlike a phone's.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  relays.get(context)?.takeDown();
  if (offlineRoutes.has(context)) return;
  const handler = (route: Route) => route.abort('internetdisconnected');
  offlineRoutes.set(context, handler);
  // The prototype's route, not the one the fixtures wrap (pwa/e2e/support/fixtures.ts): that one makes the
  // server render nothing for the rest of the test, which a dropped connection has no business doing.
  await (Object.getPrototypeOf(context) as BrowserContext).route.call(context, everyURL, handler);
  await context.setOffline(true);
}

/** The network back, for the pages and the service worker alike. */
export async function goOnline(context: BrowserContext): Promise<void> {
  const handler = offlineRoutes.get(context);
  if (!handler) return;
  offlineRoutes.delete(context);
  relays.get(context)?.bringUp();
  await context.unroute(everyURL, handler);
  await context.setOffline(false);
}

/**
 * A browser with a kept profile (user data dir), launched with the same options as every other spec
 * (playwright.config.ts). Unlike `browser.newContext()` it is not incognito: Chromium only offers
 * installation there, and its storage survives a restart. It reaches the server only through a
 * relay of its own, which `goOffline` takes down: its installed worker starts with the first page,
 * before Playwright can intercept what the worker fetches. `offline` starts it with no network
 * (`goOffline`), the relay down before the browser starts.
 */
/** The full browser, beside the headless shell the suite drives (playwright.config.ts). */
export const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';

export async function launchProfile(
  userDataDir: string,
  { offline = false, ...options }: {
    baseURL: string;
    offline?: boolean;
    viewport?: { width: number; height: number };
    isMobile?: boolean;
    hasTouch?: boolean;
    deviceScaleFactor?: number;
    /** FULL_CHROMIUM for what the headless shell lacks (Periodic Background Sync). */
    executablePath?: string;
  },
): Promise<BrowserContext> {
  const relay = await Relay.start(new URL(options.baseURL).origin);
  if (offline) relay.takeDown();
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, { ...playwrightConfig.use?.launchOptions, ...options, offline, proxy: { server: relay.url } });
  } catch (error) {
    await relay.close();
    throw error;
  }
  relays.set(context, relay);
  context.on('close', () => void relay.close());
  if (offline) await goOffline(context);
  return context;
}

/** The window a persistent profile opens with (a new one if it opened none). */
export async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

/** A profile's first start: the home page, its service worker in charge, then the member signs in through the form. */
export async function startSignedIn(context: BrowserContext, account: { email: string; password: string; name: string }): Promise<Page> {
  const page = await firstPage(context);
  await page.goto('/');
  await waitForServiceWorker(page);
  await signInWithForm(page, account);
  return page;
}

/**
 * The picture shows one of the upload's sizes at `objectPath` (`/objects/<id>`), loaded: not the
 * generated cover or the placeholder.
 */
export async function expectUploadShown(image: Locator, objectPath: string): Promise<void> {
  await expect(image).toHaveAttribute('src', `${objectPath}?w=960&fmt=webp`);
  await expectImageLoaded(image);
  expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(objectPath);
}

/** An outbox row as the device's IndexedDB holds it (pwa/outbox/db.ts, OutboxItem). */
export interface OutboxRow {
  id: string;
  kind: string;
  method: string;
  path: string;
  targetId: string;
  body?: Record<string, unknown>;
}

/**
 * What the device's outbox holds, read straight from IndexedDB. It never creates the database, and
 * closes its connection at once: an open connection at another version would block the app's own
 * opening of it.
 */
export function readOutbox(page: Page): Promise<OutboxRow[]> {
  return page.evaluate(
    () =>
      new Promise<OutboxRow[]>((resolve, reject) => {
        const open = indexedDB.open('ledger-outbox');
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => resolve([]); // aborted above: there is no outbox yet
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('items')) {
            db.close();
            return resolve([]);
          }
          const all = db.transaction('items').objectStore('items').getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(all.result as OutboxRow[]);
          };
        };
      }),
  );
}
