import type { Article } from '../../contracts/news';
import { routeReadsThrough } from '../api/client';
import { OfflineError } from '../lib/errors';
import { articleCommentsPath, articlePath, podcastPath } from '../api/paths';
import { onMemberLeaving, ownerId, sessionSettled } from '../session/session';
import { EPISODE_CACHE } from '../sw/cacheNames';
import { storeMayLoad } from './afterWorker';
import type { SavedArticle, StoredResponse } from './db';
import { freshAnswerArrived, markFromStore } from './status';

/**
 * The read-through store (docs/offline.md, "Reading offline"). Every successful GET the app makes is
 * written to IndexedDB under its path; when a GET fails for lack of network, the stored answer is
 * returned instead and marked, so the offline banner can say how old it is. Dexie is imported on the
 * first write or read, never with the first page.
 */

/** At most this many stored answers that no saved article needs; the oldest go first. */
export const MAX_STORED_RESPONSES = 300;

/**
 * Members who left the device since this page loaded. An answer asked for before a departure was
 * fetched with the member's cookie: written after it, it would outlive their sign-out (as a visitor's row).
 */
let departures = 0;

/**
 * Admin and user-management answers are never written to the device, nor invitations (their path
 * holds the invite link's secret token, and the answer changes once it is used). Nor is who is
 * signed in: the session module (pwa/session/session.ts) keeps that itself, so a stale copy can
 * never answer it. Nor the mention suggestions: one answer per typed prefix would crowd out the
 * pages a member reads offline, and offline the composer simply offers none.
 */
const NOT_STORED = [
  /^\/api\/auth\//,
  /^\/api\/admin\//,
  /^\/api\/users(\/|\?|$)/,
  /^\/api\/upload-parameters/,
  /^\/api\/health/,
  /^\/api\/invitations\//,
  /^\/api\/members\/mentions/,
  /\/revisions(\/|$)/,
];

/**
 * A draft (an article or episode an editor sees before it is published: its own answer or a list
 * holding one) is never written to the device either: the server answers it with no-store, and a
 * preview must not outlive the session or show on a shared device. A stored copy from when it was
 * public is dropped.
 */
function holdsDraft(data: unknown): boolean {
  const isDraft = (item: unknown) => typeof item === 'object' && item !== null && (item as { status?: unknown }).status === 'draft';
  return Array.isArray(data) ? data.some(isDraft) : isDraft(data);
}

const loadDbNow = () => import('./db').then((module) => module.db);
// Background work (keeping answers, which cards are saved) waits until Dexie's chunk costs no second
// download (afterWorker.ts); what must happen now (a member's data leaving, offline reading, Save) does not.
const loadDb = () => storeMayLoad().then(loadDbNow);

/** GET `path` through `fetcher`, remembering the answer, or answering from the store when offline. */
export async function readThrough<T>(path: string, fetcher: () => Promise<T>): Promise<T> {
  if (!storable(path)) {
    // Never kept, so never on the device: without a network it is the same "offline" as an unsaved page.
    return fetcher().catch((error: unknown) => {
      throw error instanceof TypeError ? new OfflineError() : error;
    });
  }
  const askedAt = departures;
  try {
    const data = await fetcher();
    if (holdsDraft(data)) track(forget(path));
    else if (data !== undefined) track(remember(path, data, askedAt));
    freshAnswerArrived();
    return data;
  } catch (error) {
    if (isGone(error)) void forget(path).catch(reportStoreError);
    // fetch() rejects with a TypeError only when no answer arrived (offline, server unreachable).
    if (!(error instanceof TypeError)) throw error;
    const stored = await recall(path);
    if (!stored) throw new OfflineError();
    markFromStore(stored.data, stored.savedAt);
    return stored.data as T;
  }
}

routeReadsThrough(readThrough);

const storable = (path: string) => !NOT_STORED.some((pattern) => pattern.test(path));

/** Answers the page arrived with (rendered on the server): kept as if the app had fetched them. */
export function keepAnswers(answers: Array<[path: string, data: unknown]>): void {
  for (const [path, data] of answers) {
    if (storable(path) && data !== undefined && !holdsDraft(data)) track(remember(path, data, departures));
  }
}

/** Writes of answers still under way: the next navigation waits for them (`storeWritesSettled`). */
const writing = new Set<Promise<void>>();

function track(write: Promise<void>): void {
  const settled = write.catch(reportStoreError).finally(() => writing.delete(settled));
  writing.add(settled);
}

/**
 * Resolves once the answers fetched so far are written (at most `limitMs` later): the router waits
 * for this before leaving a page, so a page left a moment after it loaded is still kept offline.
 */
export function storeWritesSettled(limitMs = 2_000): Promise<void> {
  if (writing.size === 0) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  return Promise.race([Promise.all(writing).then(() => undefined), limit]).finally(() => clearTimeout(timer));
}

async function remember(path: string, data: unknown, askedAt: number): Promise<void> {
  // Filed under whoever is signed in, once this page load knows who that is.
  await sessionSettled();
  const db = await loadDb();
  if (askedAt !== departures) return;
  await db.responses.put({ path, data, savedAt: Date.now(), owner: ownerId() });
  if ((await db.responses.count()) > MAX_STORED_RESPONSES) await trim();
}

async function recall(path: string) {
  try {
    return await (await loadDbNow()).responses.get(path);
  } catch (error) {
    reportStoreError(error);
    return undefined; // no IndexedDB (private mode, blocked storage): behave as if nothing was saved
  }
}

/** A 401, 403 or 404 means the stored copy must not be shown again (unless the article is saved). */
function isGone(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403 || status === 404;
}

async function forget(path: string): Promise<void> {
  const db = await loadDb();
  if (!(await pinnedPaths()).has(path)) await db.responses.delete(path);
}

/** Drops the oldest stored answers that no saved article needs, down to the bound. */
async function trim(): Promise<void> {
  const db = await loadDb();
  const pinned = await pinnedPaths();
  const pinnedStored = await db.responses.where('path').anyOf([...pinned]).count();
  const excess = (await db.responses.count()) - pinnedStored - MAX_STORED_RESPONSES;
  if (excess <= 0) return;
  const oldest = await db.responses
    .orderBy('savedAt')
    .filter((row) => !pinned.has(row.path))
    .limit(excess)
    .primaryKeys();
  await db.responses.bulkDelete(oldest);
}

function reportStoreError(error: unknown): void {
  console.warn('Offline store', error);
}

/**
 * Every stored answer, newest first: what offline search looks through (pwa/offline/search.ts). The
 * caller brings the search code, so nothing has to be downloaded while offline.
 */
export async function storedAnswers(): Promise<StoredResponse[]> {
  return (await loadDbNow()).responses.orderBy('savedAt').reverse().toArray();
}

// --- Saved articles -----------------------------------------------------------------------------

// The copies themselves are pwa/offline/savedCopies.ts (shared with the service worker), loaded with Dexie.
const loadCopiesNow = () => import('./savedCopies');
const loadCopies = () => storeMayLoad().then(loadCopiesNow);

/** Answers kept whatever their age: saved articles' texts and downloaded episodes' own answers. */
async function pinnedPaths(): Promise<Set<string>> {
  const db = await loadDb();
  const [articles, episodes] = await Promise.all([db.saved.toCollection().primaryKeys(), db.downloads.toCollection().primaryKeys()]);
  return new Set([...articles.flatMap((id) => [articlePath(id), articleCommentsPath(id)]), ...episodes.map((id) => podcastPath(id))]);
}

export async function listSaved(): Promise<SavedArticle[]> {
  // Every card's Save toggle reads it: on a first visit once Dexie costs no second download.
  return (await loadCopies()).listSavedCopies();
}

export async function isSaved(id: string): Promise<boolean> {
  return (await loadCopies()).hasSavedCopy(id);
}

/** 'Save for offline': the article (and its comments, when loaded) and its picture, filed under whoever is signed in. */
export async function saveArticle(article: Article, comments: unknown): Promise<void> {
  await (await loadCopiesNow()).saveCopy(article, comments, { owner: ownerId() });
}

export async function removeSaved(id: string): Promise<void> {
  await (await loadCopiesNow()).removeCopy(id);
}

// --- Downloaded episodes -----------------------------------------------------------------------

/**
 * Makes a read (an API request function, reading through this store) and waits until its answer is
 * written: a download takes its episode's own answer (notes, chapters, transcript) with it, though
 * it was started from a list (Saved, a card, Up Next) where only the list was kept. That answer is
 * then pinned while the download lasts (pinnedPaths). Never rejects: the audio is downloaded anyway.
 */
export async function keepOnDevice(read: () => Promise<unknown>): Promise<void> {
  try {
    await read();
    await storeWritesSettled(10_000);
  } catch (error) {
    reportStoreError(error);
  }
}

// --- Sign-out -----------------------------------------------------------------------------------

/**
 * Removes everything fetched or saved while someone was signed in (their profile, drafts, saved
 * articles), except the rows of `keep` (the user now signed in). A visitor's rows stay. Run by the
 * session module (pwa/session/session.ts) whenever a member leaves, from the moment this module loads.
 */
export async function clearUserData(keep?: string): Promise<void> {
  const db = await loadDbNow();
  const { dropImagesNoLongerSaved, imagesOf } = await loadCopiesNow();
  const gone = (row: { owner: string }) => row.owner !== '' && row.owner !== keep;
  const { images, audio } = await db.transaction('rw', [db.responses, db.saved, db.background, db.downloads], async () => {
    const saved = await db.saved.filter(gone).toArray();
    await db.saved.bulkDelete(saved.map((row) => row.id));
    await db.responses.filter(gone).delete();
    // The service worker no longer downloads their reading list.
    await db.background.filter((row) => row.userId !== keep).delete();
    // Their downloaded episodes (the files are in the episode cache).
    const downloads = await db.downloads.filter(gone).toArray();
    await db.downloads.bulkDelete(downloads.map((row) => row.episodeId));
    return { images: saved.flatMap(imagesOf), audio: downloads.map((row) => row.audioUrl) };
  });
  await dropImagesNoLongerSaved(images);
  if (audio.length > 0 && typeof caches !== 'undefined') {
    const cache = await caches.open(EPISODE_CACHE);
    await Promise.all(audio.map((url) => cache.delete(url)));
  }
}

onMemberLeaving((keep) => {
  departures += 1;
  return clearUserData(keep);
});
