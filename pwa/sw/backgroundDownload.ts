/// <reference lib="webworker" />
import { backgroundMember, downloadReadingList, type FetchJson } from '../features/library/readingListDownload';
import { READING_LIST_SYNCED } from './periodicSync';

/*
 * The reading list's download in the background (docs/offline.md, "Reading list across
 * devices"): what the page does when the app opens, run by the service worker when the browser fires
 * Periodic Background Sync. The same code (pwa/offline/readingListDownload.ts) writes the same store
 * and saved-images cache; only how it reads the server and whom it downloads for differ here.
 */

declare const self: ServiceWorkerGlobalScope;

/** The worker's GET: its fetch carries the session cookie (same origin), and an error status throws. */
const fetchJson: FetchJson = async <T>(path: string) => {
  const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} from ${path}`);
  return (await response.json()) as T;
};

/**
 * Downloads the reading list of the member the page recorded when it registered the sync, and tells
 * the open pages. Nobody recorded (signed out since): nothing. A session ended on the server (401):
 * the list is not read and nothing changes; the page signs the member out when it next asks.
 */
export async function downloadInBackground(): Promise<void> {
  const userId = await backgroundMember();
  if (!userId) return;
  // Still that member when each copy is written: a sign-out meanwhile removes the record, and with it
  // the right to write (its removal of their rows and this check share a transaction's tables).
  const isOwner = async () => (await backgroundMember()) === userId;
  const { downloaded, dropped } = await downloadReadingList({ fetchJson, owner: userId, isOwner });
  for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    page.postMessage({ type: READING_LIST_SYNCED, downloaded, dropped });
  }
}
