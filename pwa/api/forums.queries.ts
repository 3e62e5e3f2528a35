import { queryOptions, type QueryFilters } from '@tanstack/react-query';
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
import { apiFetch } from './client';

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
      queryFn: ({ signal }) => {
        // Spec 7: limit 50 with or without a category (the first page of the cursor-paged list).
        const search = new URLSearchParams({ limit: String(LIMITS.pageSize) });
        if (categoryId) search.set('categoryId', categoryId);
        return apiFetch<Discussion[]>(`/api/forum/discussions?${search}`, { signal });
      },
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

export function createDiscussion(input: DiscussionCreateInput): Promise<Discussion> {
  return apiFetch<Discussion>('/api/forum/discussions', { method: 'POST', body: input });
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

export function postReply(discussionId: string, content: string): Promise<Reply> {
  return apiFetch<Reply>('/api/forum/replies', { method: 'POST', body: { discussionId, content } });
}
