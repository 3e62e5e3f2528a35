import { infiniteQueryOptions, queryOptions, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import type { ContentStatus } from '../../contracts/common';
import { LIMITS } from '../../contracts/constants';
import type { Discussion, DiscussionDetail, ForumCategory } from '../../contracts/forums';
import { apiFetch, apiFetchPage, type ListPage } from './client';
import { discussionPath, DISCUSSIONS_PATH } from './paths';

/** `?limit=50[&categoryId=][&unanswered=1][&before=]` for GET /api/forum/discussions. */
function discussionSearch(categoryId: string | null | undefined, before: string | null, unanswered?: boolean): string {
  const search = new URLSearchParams({ limit: String(LIMITS.pageSize) });
  if (categoryId) search.set('categoryId', categoryId);
  if (unanswered) search.set('unanswered', '1');
  if (before) search.set('before', before);
  return search.toString();
}

export interface DiscussionListParams {
  /** A forum category id; null or undefined lists every category. */
  categoryId?: string | null;
  /** Only discussions without a marked answer (Solved). */
  unanswered?: boolean;
}

/**
 * Keys mirror the API paths under /api/forum: ['forum', 'categories'], ['forum', 'discussions',
 * { categoryId }] for a list and ['forum', 'discussions', id] for one discussion with its replies.
 */
export const forumQueries = {
  categories: () =>
    queryOptions({
      queryKey: ['forum', 'categories'],
      queryFn: ({ signal }) => apiFetch<ForumCategory[]>('/api/forum/categories', { signal }),
    }),
  list: ({ categoryId }: DiscussionListParams = {}) =>
    queryOptions({
      queryKey: ['forum', 'discussions', { categoryId: categoryId ?? null }],
      // Spec 7: limit 50 with or without a category (the first page of the cursor-paged list).
      queryFn: ({ signal }) => apiFetch<Discussion[]>(`${DISCUSSIONS_PATH}?${discussionSearch(categoryId, null)}`, { signal }),
    }),
  /**
   * /forums: the list 50 at a time (spec 7's page), 'Load More Discussions' asking for the page after
   * the last one's cursor. `pageSize` in the key keeps it apart from `list`'s plain array (as
   * newsQueries.pages does); each page is kept for offline under its own path.
   */
  pages: ({ categoryId, unanswered }: DiscussionListParams = {}) =>
    infiniteQueryOptions({
      // `unanswered` joins the key only when set, so the plain list keeps its key (and its offline copy).
      queryKey: ['forum', 'discussions', { categoryId: categoryId ?? null, pageSize: LIMITS.pageSize, ...(unanswered ? { unanswered: true } : {}) }],
      queryFn: ({ pageParam, signal }) =>
        apiFetchPage<Discussion>(`${DISCUSSIONS_PATH}?${discussionSearch(categoryId, pageParam, unanswered)}`, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last: ListPage<Discussion>) => last.nextCursor,
      // Kept a while after the list is left, so Back finds every page loaded.
      gcTime: 30 * 60_000,
    }),
  discussion: (id: string) =>
    queryOptions({
      queryKey: ['forum', 'discussions', id],
      queryFn: ({ signal }) => apiFetch<DiscussionDetail>(discussionPath(id), { signal }),
    }),
};

/** Every discussion list (any category), but not the single-discussion entries beside them. */
export const discussionListsFilter: QueryFilters = {
  queryKey: ['forum', 'discussions'],
  predicate: (query) => typeof query.queryKey[2] === 'object',
};

/**
 * What a forum write changed, so only that refetches (design: the narrowest prefix): a reply (its
 * discussion, and the reply counts the lists show); a discussion created, edited, moved or
 * (un)published (the lists, the category cards' counts, and the discussion itself when named); a
 * discussion deleted (its detail dropped rather than refetched into a 404, then as written).
 * The online write and the outbox's replay of a queued one both call this (pwa/outbox/kinds.ts).
 */
export type ForumChange = { reply: string } | { discussion: string | null } | { deleted: string };

export async function invalidateForum(queryClient: QueryClient, change: ForumChange): Promise<void> {
  if ('reply' in change) {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: forumQueries.discussion(change.reply).queryKey }),
      queryClient.invalidateQueries(discussionListsFilter),
    ]);
    return;
  }
  const id = 'deleted' in change ? null : change.discussion;
  if ('deleted' in change) queryClient.removeQueries({ queryKey: forumQueries.discussion(change.deleted).queryKey });
  await Promise.all([
    queryClient.invalidateQueries(discussionListsFilter),
    queryClient.invalidateQueries({ queryKey: forumQueries.categories().queryKey }),
    id ? queryClient.invalidateQueries({ queryKey: forumQueries.discussion(id).queryKey }) : undefined,
  ]);
}

export function deleteDiscussion(id: string): Promise<unknown> {
  return apiFetch(discussionPath(id), { method: 'DELETE' });
}

/** Marks `replyId` as the discussion's answer (Solved); null unmarks it. */
export function setDiscussionAnswer(id: string, replyId: string | null): Promise<Discussion> {
  return apiFetch<Discussion>(`${discussionPath(id)}/answer`, { method: 'PUT', body: { replyId } });
}

export function setDiscussionStatus(id: string, status: ContentStatus): Promise<Discussion> {
  return apiFetch<Discussion>(`${discussionPath(id)}/status`, { method: 'PATCH', body: { status } });
}
