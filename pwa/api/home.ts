import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DiscussionRead, Home } from '../../contracts/home';
import { apiFetch } from './client';

/*
 * The signed-in member's home (docs/home.md): one GET builds every section. Like every GET it goes
 * through the offline store, so the home opens offline as last loaded (and says when that was).
 */

export const HOME_PATH = '/api/home';

export const homeQueries = {
  member: () => queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => apiFetch<Home>(HOME_PATH, { signal }) }),
};

export const discussionReadPath = (id: string) => `/api/forum/discussions/${id}/read`;

/** The member opened the discussion: its replies so far are read. */
export function markDiscussionRead(id: string): Promise<DiscussionRead> {
  return apiFetch<DiscussionRead>(discussionReadPath(id), { method: 'PUT' });
}

/** After a read mark or anything else the home shows changed. */
export async function invalidateHome(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: ['home'] });
}

/**
 * Marks a discussion read once it is on screen for a signed-in member (`id` undefined: not yet, or
 * a visitor), then refreshes the home's unread counts. Offline the mark is not queued: the next
 * opening online clears the count (docs/home.md, "Unread").
 */
export function useMarkDiscussionRead(id: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!id) return;
    markDiscussionRead(id).then(
      () => invalidateHome(queryClient),
      () => undefined,
    );
  }, [id, queryClient]);
}
