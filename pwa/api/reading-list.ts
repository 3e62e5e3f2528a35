import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ReadingListItem, ReadingListPatchInput } from '../../contracts/reading-list';
import { apiFetch } from './client';
import { READING_LIST_PATH, readingListEntryPath } from './paths';

/**
 * The signed-in member's reading list (docs/offline.md, "Reading list across devices"). It goes
 * through the offline store like every GET, so offline the last list fetched answers. Writes go
 * through the outbox (pwa/features/library/mutations.ts), each with the device time of the change.
 */
export const readingListQueries = {
  all: () => ['reading-list'] as const,
  list: () => queryOptions({ queryKey: ['reading-list'], queryFn: () => apiFetch<ReadingListItem[]>(READING_LIST_PATH) }),
  /**
   * The list as an article page asks for it (its loader and 'Continue reading'): fetched again when
   * older than a few seconds, so the position reached on another device since is the one offered.
   */
  current: () => queryOptions({ ...readingListQueries.list(), staleTime: 5_000 }),
};

/** A reading-list write's request, as an outbox item carries it. */
export interface ReadingListWrite {
  method: 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  body?: Record<string, unknown>;
}

/**
 * The reading list's writes, each with `changedAt`, the time the member made the change on this
 * device: the server merges by it, so a write queued offline that arrives late still lands in order.
 */
export const readingListWrites = {
  save: (articleId: string, changedAt: string): ReadingListWrite => ({ method: 'PUT', path: readingListEntryPath(articleId), body: { changedAt } }),
  // A query rather than a body: DELETE bodies are not parsed everywhere.
  remove: (articleId: string, changedAt: string): ReadingListWrite => ({
    method: 'DELETE',
    path: `${readingListEntryPath(articleId)}?changedAt=${encodeURIComponent(changedAt)}`,
  }),
  /** How far the member has read (0–1) and/or whether they finished. */
  progress: (articleId: string, changedAt: string, change: Omit<ReadingListPatchInput, 'changedAt'>): ReadingListWrite => ({
    method: 'PATCH',
    path: readingListEntryPath(articleId),
    body: { changedAt, ...change },
  }),
};

/**
 * A GET of the reading list's download (the list, an article, its comments) as the page makes it:
 * through the offline store like every read (pwa/features/library/readingListSync.ts). The service
 * worker's download passes its own fetch instead (pwa/sw/backgroundDownload.ts).
 */
export function fetchForDownload<T>(path: string): Promise<T> {
  return apiFetch<T>(path);
}

/**
 * After a reading-list write was sent or replayed (pwa/outbox/kinds.ts). Refetched even when no screen
 * shows it, so the copy the offline store keeps of it is the list as it now is.
 */
export function invalidateReadingList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: readingListQueries.all(), refetchType: 'all' });
}
