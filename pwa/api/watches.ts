import { queryOptions, type QueryClient } from '@tanstack/react-query';
// Types only: the outbox (in the first load) imports this module, and the contract brings zod.
import type { Watch } from '../../contracts/watches';
import { apiFetch } from './client';

/*
 * Watch / Normal / Mute (docs/notifications.md, "Watching"). Keys mirror the paths under /api:
 * ['forum', 'discussions', id, 'watch'] and ['forum', 'categories', id, 'watch']. Reads go through the
 * offline store, so the level shows offline as last loaded.
 */

export type WatchTarget = 'discussion' | 'category';

export const watchPath = (target: WatchTarget, id: string) => `/api/forum/${target === 'discussion' ? 'discussions' : 'categories'}/${id}/watch`;

/** The query key of a watch path: the path's parts under /api. */
const keyOf = (path: string) => path.replace(/^\/api\//, '').split('/');

export const watchQueries = {
  level: (target: WatchTarget, id: string) =>
    queryOptions({
      queryKey: keyOf(watchPath(target, id)),
      queryFn: ({ signal }) => apiFetch<Watch>(watchPath(target, id), { signal }),
    }),
};

/**
 * After a level was sent (at once or from the outbox): that level, by the item's path; a category's
 * level is also the member's topic level (['topics'], pwa/api/topics.ts).
 */
export async function invalidateWatch(queryClient: QueryClient, path: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keyOf(path) }),
    path.startsWith('/api/forum/categories/') ? queryClient.invalidateQueries({ queryKey: ['topics'] }) : undefined,
  ]);
}
