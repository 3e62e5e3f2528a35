import type { EpisodeDownload, SavedArticle } from './db';

/*
 * What the library (saved articles and downloaded episodes) may take on a device: one budget for
 * reading and listening, so Saved shows one figure. Apart from the downloads, which need Dexie, so
 * that Saved can show the sizes without loading it before its first render.
 * Why 500 MB: docs/decisions/2026-11-28-episode-downloads.md.
 */

/** The most the library's copies and downloads may take on a device. */
export const LIBRARY_BUDGET_BYTES = 500_000_000;
/** The reading list's download shares the library's budget. */
export const READING_LIST_BUDGET_BYTES = LIBRARY_BUDGET_BYTES;

/** The budget on this device: the constant, or half of what the browser lets this site store if less. */
export async function storageBudget(): Promise<number> {
  const quota = (await globalThis.navigator?.storage?.estimate?.().catch(() => undefined))?.quota;
  return quota ? Math.min(LIBRARY_BUDGET_BYTES, quota / 2) : LIBRARY_BUDGET_BYTES;
}

/** What these copies take (texts and pictures, as each row counted them when it was saved). */
export const bytesOf = (rows: SavedArticle[]) => rows.reduce((sum, row) => sum + (row.bytes ?? 0), 0);

/** What these downloads take. */
export const downloadBytesOf = (rows: Pick<EpisodeDownload, 'bytes'>[]) => rows.reduce((sum, row) => sum + row.bytes, 0);

/** The one figure: saved articles and downloaded episodes together. */
export const libraryBytes = (articles: SavedArticle[], downloads: Pick<EpisodeDownload, 'bytes'>[]) => bytesOf(articles) + downloadBytesOf(downloads);

/** What a plan for one more download says: which downloads go first, and whether it then fits. */
export interface RoomPlan {
  /** Episode ids whose downloads to remove, in order. */
  evict: string[];
  /** Whether the new download fits the budget once those are gone. */
  fits: boolean;
}

/**
 * Room for a download of `needed` bytes when `used` bytes are taken: the downloads of finished
 * episodes go first, oldest downloaded first, and only as many as it takes. Nothing else is removed
 * here; when that is not enough, the member is asked (`fits` false).
 */
export function planRoom(
  { needed, used, budget }: { needed: number; used: number; budget: number },
  downloads: Pick<EpisodeDownload, 'episodeId' | 'bytes' | 'downloadedAt'>[],
  finished: ReadonlySet<string>,
): RoomPlan {
  if (used + needed <= budget) return { evict: [], fits: true };
  const candidates = downloads.filter((row) => finished.has(row.episodeId)).sort((a, b) => a.downloadedAt - b.downloadedAt);
  const evict: string[] = [];
  let after = used;
  for (const row of candidates) {
    if (after + needed <= budget) break;
    evict.push(row.episodeId);
    after -= row.bytes;
  }
  return { evict, fits: after + needed <= budget };
}

/** '12.3 MB'; below a tenth of a megabyte, kilobytes ('36 KB'), so a few small articles do not read '0.0 MB'. */
export const storageSize = (bytes: number) => (bytes < 100_000 ? `${Math.ceil(bytes / 1000)} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`);
