import type { QueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '../../contracts/news';
import { apiFetch } from './client';
import { likePath } from './paths';

/** What members like (spec 4): the API resource, which is also its query keys' first part. */
export type LikeKind = 'news' | 'podcasts';

/**
 * POST /api/{kind}/{id}/like, sent at once: an anonymous viewer's like, which the server answers as
 * anonymous (the count is kept in the browser). A signed-in like or unlike goes through the outbox
 * on the same path (likePath).
 */
export function likeAnonymously(kind: LikeKind, id: string): Promise<LikeResponse> {
  return apiFetch<LikeResponse>(likePath(kind, id), { method: 'POST' });
}

/**
 * A like changes the count that every list, featured list and detail of its kind shows, so the
 * whole kind refetches. The online write and the outbox's replay both call this (pwa/outbox/kinds.ts).
 */
export function invalidateLikes(queryClient: QueryClient, kind: LikeKind): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [kind] });
}
