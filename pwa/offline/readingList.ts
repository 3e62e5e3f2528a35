import type { QueryClient } from '@tanstack/react-query';
import type { ReadingListItem } from '../../contracts/reading-list';
import { newsQueries } from '../api/news.queries';
import { readingListQueries } from '../api/reading-list.queries';
import { pendingItems } from '../outbox/outbox';
import { currentUserId, sessionSettled } from '../session/session';
import type { SavedArticle } from './db';
import { listSaved, removeSaved, saveArticle } from './store';
import { savedQueries } from './saved';

/*
 * Every device of a member holds what their reading list holds (issue 22; docs/offline.md, "Reading
 * list across devices"). `syncReadingList` runs when the app opens or becomes visible online and
 * after a sign-in (pwa/offline/readingListSync.ts): it fetches the list, drops the copies of articles
 * removed elsewhere (or gone from the site), and downloads the rest (the article, its comments and
 * its pictures, through the same path as 'Save for offline') within the storage budget. Loaded only
 * by the sync and by Saved.
 */

/** The most the reading list's copies may take on a device. */
export const READING_LIST_BUDGET_BYTES = 100 * 1024 * 1024;

/** The budget on this device: the constant, or half of what the browser lets this site store if less. */
export async function storageBudget(): Promise<number> {
  const quota = (await globalThis.navigator?.storage?.estimate?.().catch(() => undefined))?.quota;
  return quota ? Math.min(READING_LIST_BUDGET_BYTES, quota / 2) : READING_LIST_BUDGET_BYTES;
}

export const bytesOf = (rows: SavedArticle[]) => rows.reduce((sum, row) => sum + (row.bytes ?? 0), 0);

/** Downloads one article the way 'Save for offline' keeps it; 'Download now' in Saved calls it too. */
export async function downloadArticle(queryClient: QueryClient, id: string): Promise<void> {
  const [article, comments] = await Promise.all([
    queryClient.fetchQuery({ ...newsQueries.detail(id), staleTime: 0 }),
    // Kept without them when they cannot be read, as 'Save for offline' does.
    queryClient.fetchQuery({ ...newsQueries.comments(id), staleTime: 0 }).catch(() => undefined),
  ]);
  await saveArticle(article, comments);
}

/** Articles whose save or removal is still waiting in the outbox, by article id: the newest wins. */
async function queuedChanges(userId: string): Promise<Map<string, 'save' | 'remove'>> {
  const changes = new Map<string, 'save' | 'remove'>();
  for (const item of await pendingItems(userId)) {
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
  const rows = await listSaved();
  let used = bytesOf(rows);
  if (used < budget) return true;
  if (forFinished) return false;
  const finished = new Set(list.filter((i) => i.finished).map((i) => i.articleId));
  for (const row of [...rows].reverse().filter((r) => finished.has(r.id))) {
    await removeSaved(row.id);
    used -= row.bytes ?? 0;
    if (used < budget) return true;
  }
  return false;
}

async function sync(queryClient: QueryClient): Promise<void> {
  await sessionSettled();
  const userId = currentUserId();
  if (!userId || !navigator.onLine) return;
  const startedAt = Date.now();
  // Read before the list: a change sent after this is in the list, one still waiting is here.
  const queued = await queuedChanges(userId);
  const list = await queryClient.fetchQuery({ ...readingListQueries.list(), staleTime: 0 });
  const keep = new Set(list.filter((i) => !i.gone).map((i) => i.articleId));
  // Removed on another device, or gone from the site: this device's copy goes too, unless this device
  // saved it again meanwhile (queued, or saved after the list was asked for).
  const device = (await listSaved()).filter((row) => row.owner === userId);
  for (const row of device) {
    if (!keep.has(row.id) && queued.get(row.id) !== 'save' && row.savedAt < startedAt) await removeSaved(row.id);
  }
  const have = new Set(device.map((row) => row.id));
  const budget = await storageBudget();
  // Newest saved first: what the member saved last is what they are about to read.
  for (const item of list) {
    if (item.gone || have.has(item.articleId) || queued.get(item.articleId) === 'remove') continue;
    if (currentUserId() !== userId || !navigator.onLine) break;
    if (!(await makeRoom(list, budget, item.finished))) continue;
    await downloadArticle(queryClient, item.articleId).catch((error: unknown) => console.warn('Reading list download', error));
  }
  await queryClient.invalidateQueries({ queryKey: savedQueries.all() });
}

let running: Promise<void> | null = null;
let again = false;

/** One sync at a time; a request during one runs once more after it (the list may have changed). */
export function syncReadingList(queryClient: QueryClient): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await sync(queryClient).catch((error: unknown) => console.warn('Reading list sync', error));
    } while (again);
  })().finally(() => (running = null));
  return running;
}
