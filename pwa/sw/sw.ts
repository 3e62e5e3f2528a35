/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest from this file).
 *
 * - Precaches the app shell and the public screens' chunks, so any public route opens offline after one
 *   visit; the signed-in screens' chunks (admin, editor, account) are kept when first used. In lite mode
 *   (Save-Data, 2G) nothing is precached: pages and chunks are kept as they are used.
 * - Navigations get the precached shell (lite: the network, then the kept page), except /api/, /objects/ and /covers/.
 * - Same-origin images are cached at runtime (30 days, 80 entries); images of saved articles live in
 *   their own cache that only the app empties.
 * - /api is not routed at all: the browser sends those requests straight to the network, so the worker
 *   never answers with stale data (or caches a login, admin or editor response). The app's IndexedDB
 *   store decides what to show offline.
 * - A new version waits until the user accepts the 'A new version is available' prompt.
 * - Downloaded episodes (same-origin /objects/ audio in the episode cache) are answered from that cache,
 *   range requests included (206), so the player seeks offline; any other audio streams from the network.
 * - Periodic Background Sync (where the browser offers it: Chromium, installed app) downloads the
 *   member's reading list with the page's own code.
 */
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { createPartialResponse } from 'workbox-range-requests';
import { downloadInBackground } from './backgroundDownload';
import { ASSET_CACHE, CACHE_PREFIX, CACHE_VERSION, EPISODE_CACHE, IMAGE_CACHE, PAGE_CACHE, SAVED_IMAGE_CACHE } from './cacheNames';
import { READING_LIST_SYNC_TAG } from './periodicSync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Periodic Background Sync's event (Chromium only): not in TypeScript's WebWorker library yet. */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    periodicsync: PeriodicSyncEvent;
  }
}

setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_VERSION });

// Lite (the page registers `sw.js?lite=1` under Save-Data or a 2G connection): no precache at all.
// What the member opens is kept as it passes instead (the scripts and styles come from the browser's
// HTTP cache, so keeping them costs no data): the pages they visited, and the chunks those ran, open
// offline. The full worker precaches the shell and the public screens' code (vite.config.ts leaves
// the signed-in screens' chunks out of the manifest); those chunks are kept the same way when first used.
const lite = new URL(self.location.href).searchParams.get('lite') === '1';
precacheAndRoute(lite ? [] : self.__WB_MANIFEST);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: ASSET_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);
cleanupOutdatedCaches();
// A worker takes the open pages as soon as it is active: on the first visit that lets this page's
// images be cached; after an update it runs only once the user has pressed Reload.
clientsClaim();

registerRoute(
  new NavigationRoute(
    lite
      ? // No precached shell: the server's page, kept for when the network is gone.
        new NetworkFirst({
          cacheName: PAGE_CACHE,
          plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true })],
        })
      : createHandlerBoundToURL('index.html'),
    {
      // The API, uploads, generated covers, and the feeds, sitemap and robots.txt the server renders: never the shell.
      denylist: [/^\/api(\/|$)/, /^\/objects\//, /^\/covers\//, /\.(xml|atom|txt)$/],
    },
  ),
);

const images = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
  ],
});

// Same-origin images only (uploads under /objects/, generated covers under /covers/, placeholders): an image from another site would be
// an opaque answer, which browsers count as several megabytes of quota each.
registerRoute(
  ({ request, sameOrigin }) => sameOrigin && request.destination === 'image',
  async (options) => {
    const saved = await (await caches.open(SAVED_IMAGE_CACHE)).match(options.request);
    return saved ?? images.handle(options);
  },
);

// Downloaded episodes. The player's <audio> asks with Range headers; the library's own checks and the
// download use fetch() (no destination). A file that is not in the cache goes to the network as it is:
// streamed audio is never cached at runtime (a download is the member's choice, made in the page).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && url.pathname.startsWith('/objects/') && request.method === 'GET' && ['audio', 'video', ''].includes(request.destination),
  async ({ request }) => {
    // By URL alone: the stored answer has no Vary, and a Range header must not miss it.
    const cached = await (await caches.open(EPISODE_CACHE)).match(request.url);
    if (!cached) return fetch(request);
    // Workbox's range handling (as RangeRequestsPlugin does): 206 with the asked bytes, 416 when out of range.
    return request.headers.has('range') ? createPartialResponse(request, cached) : cached;
  },
);

// The page asks for SKIP_WAITING when the user presses Reload on the update prompt, and sends
// KEEP_ASSETS with the chunks it ran before this worker took it over (a visit that began on a screen
// whose code is not precached): kept as if they had passed through, so that screen opens offline too.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP_ASSETS' && Array.isArray(data.urls)) event.waitUntil(keepAssets(data.urls));
});

async function keepAssets(urls: unknown[]): Promise<void> {
  const cache = await caches.open(ASSET_CACHE);
  const ours = urls.filter((u): u is string => typeof u === 'string' && URL.canParse(u)).filter((u) => {
    const url = new URL(u);
    return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
  });
  await Promise.all(
    ours.map(async (u) => {
      if ((await matchPrecache(u)) || (await cache.match(u))) return;
      // From the browser's HTTP cache, where the page's own load left it: no data spent.
      await cache.add(u).catch(() => undefined);
    }),
  );
}

// The reading list's background download (registered by the page for a signed-in member, pwa/offline/backgroundSync.ts).
self.addEventListener('periodicsync', (event) => {
  if (event.tag !== READING_LIST_SYNC_TAG) return;
  event.waitUntil(downloadInBackground().catch((error: unknown) => console.warn('Reading list background download', error)));
});

// Drops the caches of older versions (a renamed or re-versioned cache is never read again).
self.addEventListener('activate', (event) => {
  const current = new Set([cacheNames.precache, ASSET_CACHE, PAGE_CACHE, IMAGE_CACHE, SAVED_IMAGE_CACHE, EPISODE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith(`${CACHE_PREFIX}-`) && !current.has(key)).map((key) => caches.delete(key))),
      ),
  );
});
