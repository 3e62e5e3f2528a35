import { infiniteQueryOptions, queryOptions, type QueryFilters } from '@tanstack/react-query';
import type { ContentStatus } from '../../contracts/common';
import { LIMITS } from '../../contracts/constants';
import type {
  Discussion,
  DiscussionCreateInput,
  DiscussionDetail,
  DiscussionUpdateInput,
  ForumCategory,
  Reply,
} from '../../contracts/forums';
import { apiFetch, apiFetchPage, type ListPage } from './client';
import { newItemBase, sendOrQueue, type SendResult } from '../outbox/outbox';

/** `?limit=50[&categoryId=][&before=]` for GET /api/forum/discussions. */
function discussionSearch(categoryId: string | null | undefined, before: string | null): string {
  const search = new URLSearchParams({ limit: String(LIMITS.pageSize) });
  if (categoryId) search.set('categoryId', categoryId);
  if (before) search.set('before', before);
  return search.toString();
}

export interface DiscussionListParams {
  /** A forum category id; null or undefined lists every category. */
  categoryId?: string | null;
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
      queryFn: ({ signal }) => apiFetch<Discussion[]>(`/api/forum/discussions?${discussionSearch(categoryId, null)}`, { signal }),
    }),
  /**
   * /forums: the list 50 at a time (spec 7's page), 'Load More Discussions' asking for the page after
   * the last one's cursor. `pageSize` in the key keeps it apart from `list`'s plain array (as
   * newsQueries.pages does); each page is kept for offline under its own path.
   */
  pages: ({ categoryId }: DiscussionListParams = {}) =>
    infiniteQueryOptions({
      queryKey: ['forum', 'discussions', { categoryId: categoryId ?? null, pageSize: LIMITS.pageSize }],
      queryFn: ({ pageParam, signal }) =>
        apiFetchPage<Discussion>(`/api/forum/discussions?${discussionSearch(categoryId, pageParam)}`, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last: ListPage<Discussion>) => last.nextCursor,
      // Kept a while after the list is left, so Back finds every page loaded.
      gcTime: 30 * 60_000,
    }),
  discussion: (id: string) =>
    queryOptions({
      queryKey: ['forum', 'discussions', id],
      queryFn: ({ signal }) => apiFetch<DiscussionDetail>(`/api/forum/discussions/${encodeURIComponent(id)}`, { signal }),
    }),
};

/** Every discussion list (any category), but not the single-discussion entries beside them. */
export const discussionListsFilter: QueryFilters = {
  queryKey: ['forum', 'discussions'],
  predicate: (query) => typeof query.queryKey[2] === 'object',
};

const discussionPath = (id: string) => `/api/forum/discussions/${encodeURIComponent(id)}`;

/** Sent now or queued in the outbox; its client id makes a replay return the same discussion. */
export function createDiscussion(input: DiscussionCreateInput): Promise<SendResult<Discussion>> {
  const base = newItemBase();
  return sendOrQueue<Discussion>({
    ...base,
    kind: 'discussion',
    method: 'POST',
    path: '/api/forum/discussions',
    body: { ...input, id: base.id },
    targetId: input.categoryId,
    title: input.title,
    text: input.content,
  });
}

export function updateDiscussion(id: string, input: DiscussionUpdateInput): Promise<Discussion> {
  return apiFetch<Discussion>(discussionPath(id), { method: 'PATCH', body: input });
}

export function deleteDiscussion(id: string): Promise<unknown> {
  return apiFetch(discussionPath(id), { method: 'DELETE' });
}

export function setDiscussionStatus(id: string, status: ContentStatus): Promise<Discussion> {
  return apiFetch<Discussion>(`${discussionPath(id)}/status`, { method: 'PATCH', body: { status } });
}

/** Sent now or queued in the outbox; its client id makes a replay return the same reply. */
export function postReply(discussionId: string, content: string): Promise<SendResult<Reply>> {
  const base = newItemBase();
  return sendOrQueue<Reply>({
    ...base,
    kind: 'reply',
    method: 'POST',
    path: '/api/forum/replies',
    body: { discussionId, content, ...base },
    targetId: discussionId,
    text: content,
  });
}
