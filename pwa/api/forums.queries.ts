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
import { newItemBase, sendOrQueue, type SendResult } from '../outbox/outbox';

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
