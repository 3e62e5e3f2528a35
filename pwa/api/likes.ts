import type { QueryClient } from '@tanstack/react-query';

/** What members like (spec 4): the API resource, which is also its query keys' first part. */
export type LikeKind = 'news' | 'podcasts';

/**
 * A like changes the count that every list, featured list and detail of its kind shows, so the
 * whole kind refetches. The online write and the outbox's replay both call this (pwa/outbox/kinds.ts).
 */
export function invalidateLikes(queryClient: QueryClient, kind: LikeKind): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [kind] });
}
