import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ReadingListItem } from '../../contracts/reading-list';
import { apiFetch } from './client';
import { READING_LIST_PATH } from './paths';

/**
 * The signed-in member's reading list (issue 22; docs/offline.md, "Reading list across devices").
 * It goes through the offline store like every GET, so offline the last list fetched answers.
 * Writes go through the outbox (pwa/offline/saved.ts), each with the device time of the change.
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

/**
 * After a reading-list write was sent or replayed (pwa/outbox/kinds.ts). Refetched even when no screen
 * shows it, so the copy the offline store keeps of it is the list as it now is.
 */
export function invalidateReadingList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: readingListQueries.all(), refetchType: 'all' });
}
