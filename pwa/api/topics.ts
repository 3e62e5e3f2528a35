import { queryOptions, type QueryClient } from '@tanstack/react-query';
// Types only: the outbox (in the first load) imports this module, and the contract brings zod.
import type { TopicKind, TopicList } from '../../contracts/topics';
import { apiFetch } from './client';
import { watchPath } from './watches';

/*
 * The member's topics (docs/decisions/2026-12-04-topics.md): key ['topics'], as the path. A forum
 * category's level is its forum watch, so a change to one refreshes the other.
 */

export const topicPath = (kind: TopicKind, id: string) => `/api/topics/${kind}/${id}`;

export const topicQueries = {
  list: () =>
    queryOptions({
      queryKey: ['topics'],
      queryFn: ({ signal }) => apiFetch<TopicList>('/api/topics', { signal }),
    }),
};

/**
 * After a level was sent (at once or from the outbox): the topic list every screen reads (settings,
 * the topic's own page, the welcome step) and, for a forum category, its watch.
 */
export async function invalidateTopics(queryClient: QueryClient, path: string): Promise<void> {
  const [kind, id] = path.replace(/^\/api\/topics\//, '').split('/');
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['topics'] }),
    kind === 'forum_category' && id ? queryClient.invalidateQueries({ queryKey: watchPath('category', id).replace(/^\/api\//, '').split('/') }) : undefined,
  ]);
}
