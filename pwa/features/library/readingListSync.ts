import type { QueryClient } from '@tanstack/react-query';
import { fetchForDownload, invalidateReadingList, readingListQueries } from '../../api/reading-list';
import { currentUserId, ownerId, sessionSettled } from '../../session/session';
import { savedQueries } from './savedQueries';

/*
 * The reading list's download as the page runs it: when the app opens or becomes visible online and
 * after a sign-in (useReadingListSync.ts), and 'Download now' in Saved. The work is
 * readingListDownload.ts, which the service worker runs too; here it reads through the offline store
 * (`fetchForDownload`) for the member the session module names, and the screens are told what
 * changed. Loaded only by the sync (useReadingListSync.ts) and by Saved's 'Download now'; the
 * download's code (and Dexie with it) loads only when it runs.
 */

const loadDownload = () => import('./readingListDownload');

/** 'Download now' in Saved: one article, regardless of the budget, filed under whoever is signed in. */
export async function downloadArticle(id: string): Promise<void> {
  await sessionSettled();
  const userId = ownerId();
  await (await loadDownload()).downloadArticleCopy(fetchForDownload, id, { owner: userId, isOwner: () => ownerId() === userId });
}

async function sync(queryClient: QueryClient): Promise<void> {
  await sessionSettled();
  const userId = currentUserId();
  if (!userId || !navigator.onLine) return;
  const { downloadReadingList } = await loadDownload();
  const { list } = await downloadReadingList({ fetchJson: fetchForDownload, owner: userId, isOwner: () => currentUserId() === userId });
  if (currentUserId() === userId) queryClient.setQueryData(readingListQueries.list().queryKey, list);
  await queryClient.invalidateQueries({ queryKey: savedQueries.all() });
}

/** After the service worker's background download (pwa/sw/backgroundDownload.ts): Saved shows what it did. */
export async function showDownloaded(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: savedQueries.all() }), invalidateReadingList(queryClient)]);
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
