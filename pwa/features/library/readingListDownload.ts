import type { Article } from '../../../contracts/news';
import type { ReadingListItem } from '../../../contracts/reading-list';
import { articleCommentsPath, articlePath, READING_LIST_PATH } from '../../api/paths';
import { pendingItemsOf } from '../../outbox/db';
import { READING_LIST_SYNC_TAG } from '../../sw/periodicSync';
import { db } from '../../offline/db';
import { keepAnswer, listSavedCopies, removeCopy, saveCopy, type CopyOwner } from '../../offline/savedCopies';
import { bytesOf, downloadBytesOf, storageBudget } from '../../offline/storageBudget';

/*
 * Every device of a member holds what their reading list holds (docs/offline.md, "Reading
 * list across devices"). This is the download itself, run in two places with one code: in the page
 * (readingListSync.ts: when the app opens or becomes visible online, after a sign-in) and in
 * the service worker (pwa/sw/sw.ts: Periodic Background Sync, where the browser offers it). It fetches
 * the list, drops the copies of articles removed elsewhere (or gone from the site), and downloads the
 * rest (the article, its comments and its pictures, as 'Save for offline' keeps them) within the
 * storage budget. It reads the server through `fetchJson` and knows the member from its caller, so it
 * needs neither the query client nor the session module (nor React, nor localStorage).
 */

/** GET an API path and parse its JSON: the page's `fetchForDownload` (pwa/api/reading-list.ts), or the worker's `fetch` (the session cookie goes with both). */
export type FetchJson = <T>(path: string) => Promise<T>;

export interface ReadingListDownload extends Required<CopyOwner> {
  fetchJson: FetchJson;
}

/** Downloads one article the way 'Save for offline' keeps it; 'Download now' in Saved calls it too. */
export async function downloadArticleCopy(fetchJson: FetchJson, id: string, owner: CopyOwner): Promise<void> {
  const [article, comments] = await Promise.all([
    fetchJson<Article>(articlePath(id)),
    // Kept without them when they cannot be read, as 'Save for offline' does.
    fetchJson<unknown>(articleCommentsPath(id)).catch(() => undefined),
  ]);
  await saveCopy(article, comments, owner);
}

/** Articles whose save or removal is still waiting in the outbox, by article id: the newest wins. */
async function queuedChanges(userId: string): Promise<Map<string, 'save' | 'remove'>> {
  const changes = new Map<string, 'save' | 'remove'>();
  for (const item of await pendingItemsOf(userId)) {
    if (item.kind === 'listSave') changes.set(item.targetId, 'save');
    if (item.kind === 'listRemove') changes.set(item.targetId, 'remove');
  }
  return changes;
}

/**
 * Whether there is room for one more download. When the device is over the budget, the copies of
 * finished articles go first, oldest saved first, but only to make room for an unfinished one (a
 * finished article is downloaded while there is room, never in place of another).
 */
async function makeRoom(list: ReadingListItem[], budget: number, forFinished: boolean): Promise<boolean> {
  const rows = await listSavedCopies();
  // One budget for reading and listening: downloaded episodes count too.
  let used = bytesOf(rows) + downloadBytesOf(await db.downloads.toArray());
  if (used < budget) return true;
  if (forFinished) return false;
  const finished = new Set(list.filter((i) => i.finished).map((i) => i.articleId));
  for (const row of [...rows].reverse().filter((r) => finished.has(r.id))) {
    await removeCopy(row.id);
    used -= row.bytes ?? 0;
    if (used < budget) return true;
  }
  return false;
}

/** What one download did: the list as the server answered it, and the articles downloaded and dropped. */
export interface DownloadResult {
  list: ReadingListItem[];
  downloaded: string[];
  dropped: string[];
}

async function download({ fetchJson, owner: userId, isOwner }: ReadingListDownload): Promise<DownloadResult> {
  const owner = { owner: userId, isOwner };
  const startedAt = Date.now();
  // Read before the list: a change sent after this is in the list, one still waiting is here.
  const queued = await queuedChanges(userId);
  const list = await fetchJson<ReadingListItem[]>(READING_LIST_PATH);
  // The copy offline Saved shows (in the page, the offline store has kept it already).
  await keepAnswer(READING_LIST_PATH, list, owner);
  const keep = new Set(list.filter((i) => !i.gone).map((i) => i.articleId));
  const result: DownloadResult = { list, downloaded: [], dropped: [] };
  // Removed on another device, or gone from the site: this device's copy goes too, unless this device
  // saved it again meanwhile (queued, or saved after the list was asked for).
  const device = (await listSavedCopies()).filter((row) => row.owner === userId);
  for (const row of device) {
    if (keep.has(row.id) || queued.get(row.id) === 'save' || row.savedAt >= startedAt) continue;
    await removeCopy(row.id);
    result.dropped.push(row.id);
  }
  const have = new Set(device.map((row) => row.id));
  const budget = await storageBudget();
  // Newest saved first: what the member saved last is what they are about to read.
  for (const item of list) {
    if (item.gone || have.has(item.articleId) || queued.get(item.articleId) === 'remove') continue;
    if (!(await isOwner()) || !navigator.onLine) break;
    if (!(await makeRoom(list, budget, item.finished))) continue;
    try {
      await downloadArticleCopy(fetchJson, item.articleId, owner);
      result.downloaded.push(item.articleId);
    } catch (error) {
      console.warn('Reading list download', error);
    }
  }
  return result;
}

/**
 * Brings the member's reading list to this device. One download at a time across the page's tabs and
 * the service worker (Web Locks, where the browser has them): two would fetch the same articles twice.
 */
export async function downloadReadingList(run: ReadingListDownload): Promise<DownloadResult> {
  const locks = globalThis.navigator?.locks;
  return locks ? await locks.request('ledger-reading-list-download', () => download(run)) : download(run);
}

// ------------------------------------------------------------ who the background download is for

/** The member the service worker downloads for, if any (the page wrote it when it registered the sync). */
export async function backgroundMember(): Promise<string | undefined> {
  return (await db.background.get(READING_LIST_SYNC_TAG))?.userId;
}

/**
 * Records the member the service worker downloads for (sign-out forgets them: clearUserData).
 * `stillSignedIn` is asked inside the write: a sign-out that came meanwhile (its removal of the
 * member's data runs in a transaction over this table too) leaves nothing behind.
 */
export async function setBackgroundMember(userId: string, stillSignedIn: () => boolean = () => true): Promise<void> {
  await db.transaction('rw', db.background, async () => {
    if (stillSignedIn()) await db.background.put({ tag: READING_LIST_SYNC_TAG, userId });
  });
}
