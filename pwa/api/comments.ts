import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Comment } from '../../contracts/comments';
import { apiFetch } from './client';
import { commentsPath, type CommentKind } from './paths';

/** A comment as an article's and an episode's lists send it (the parent's id named for its kind). */
export type ListedComment = Omit<Comment, 'articleId'>;

/** GET /api/{news|podcasts}/{id}/comments: the first page (200), oldest first; keys under [kind, id]. */
export const commentQueries = {
  list: (kind: CommentKind, id: string) =>
    queryOptions({
      queryKey: [kind, id, 'comments'],
      queryFn: ({ signal }) => apiFetch<ListedComment[]>(commentsPath(kind, id), { signal }),
    }),
};

/**
 * A comment posted or deleted changes the article's (or episode's) comment list and the commentCount
 * its page and the lists show ([kind, id] is the prefix of the item and its comments). The online
 * write and the outbox's replay of a queued one both call this (pwa/outbox/kinds.ts).
 */
export async function invalidateComments(queryClient: QueryClient, targetId: string, kind: CommentKind = 'news'): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [kind, targetId] }),
    queryClient.invalidateQueries({ queryKey: [kind, {}] }),
  ]);
}
