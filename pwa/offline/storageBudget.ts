import type { SavedArticle } from './db';

/*
 * What the reading list's copies may take on a device. Apart from the download
 * (pwa/features/library/readingListDownload.ts), which needs Dexie, so that Saved can show the
 * sizes without loading it before its first render.
 */

/** The most the reading list's copies may take on a device. */
export const READING_LIST_BUDGET_BYTES = 100 * 1024 * 1024;

/** The budget on this device: the constant, or half of what the browser lets this site store if less. */
export async function storageBudget(): Promise<number> {
  const quota = (await globalThis.navigator?.storage?.estimate?.().catch(() => undefined))?.quota;
  return quota ? Math.min(READING_LIST_BUDGET_BYTES, quota / 2) : READING_LIST_BUDGET_BYTES;
}

/** What these copies take (texts and pictures, as each row counted them when it was saved). */
export const bytesOf = (rows: SavedArticle[]) => rows.reduce((sum, row) => sum + (row.bytes ?? 0), 0);
