/**
 * Cache Storage names shared by the service worker and the page. The version suffix is bumped when a
 * cache's format changes; the worker deletes every `ledger-` cache it does not know on activation,
 * so an old deploy's caches never linger. The shell precache is named by Workbox (prefix + suffix
 * below) and kept apart from the data store (IndexedDB), which the app alone decides about.
 */
export const CACHE_PREFIX = 'ledger';
export const CACHE_VERSION = 'v1';
/**
 * Hashed scripts and styles the precache does not hold, kept as they pass (at most 200): the signed-in
 * screens' chunks (admin, editor, account), and in lite mode every chunk. Named here, not Workbox's
 * default runtime cache: its ExpirationPlugin refuses that one (`expire-custom-caches-only`) on every
 * cache hit, which failed each kept chunk offline and each dynamic import on the next visit.
 */
export const ASSET_CACHE = `${CACHE_PREFIX}-assets-${CACHE_VERSION}`;
/** Lite mode only (no precache, so no shell): the pages the member opened, answered offline. */
export const PAGE_CACHE = `${CACHE_PREFIX}-pages-${CACHE_VERSION}`;
/** Images seen while browsing: expire after 30 days, at most 80 entries. */
export const IMAGE_CACHE = `${CACHE_PREFIX}-images-${CACHE_VERSION}`;
/** Images of articles saved for offline: no expiry, emptied only by 'Remove from saved' or sign-out. */
export const SAVED_IMAGE_CACHE = `${CACHE_PREFIX}-saved-images-${CACHE_VERSION}`;
/**
 * Episodes downloaded for offline listening, keyed by their audio URL (`/objects/<id>`): no expiry,
 * emptied only by 'Remove download', the library's budget or sign-out.
 */
export const EPISODE_CACHE = `${CACHE_PREFIX}-episodes-${CACHE_VERSION}`;
