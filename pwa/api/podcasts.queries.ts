import { queryOptions } from '@tanstack/react-query';
import type { Podcast } from '../../contracts/podcasts';
import { apiFetch } from './client';
import { contentListSearch, type ContentListParams } from './news.queries';

/** Keys mirror the API path: ['podcasts', params] for the list; mutations invalidate ['podcasts']. */
export const podcastQueries = {
  all: () => ['podcasts'] as const,
  list: (params: ContentListParams = {}) =>
    queryOptions({
      queryKey: ['podcasts', { categories: params.categories ?? [], archivedOnly: params.archivedOnly ?? false }],
      queryFn: ({ signal }) => apiFetch<Podcast[]>(`/api/podcasts?${contentListSearch(params)}`, { signal }),
    }),
  /** Prefix of every list key (any params); see newsQueries.lists. */
  lists: () => ['podcasts', {}] as const,
  /** GET /api/podcasts/{id}; 404 for a missing episode or a draft the viewer may not see. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['podcasts', id],
      queryFn: ({ signal }) => apiFetch<Podcast>(`/api/podcasts/${encodeURIComponent(id)}`, { signal }),
    }),
  /** GET /api/podcasts/featured: featured, visible, non-archived episodes, newest first. */
  featured: () =>
    queryOptions({
      queryKey: ['podcasts', 'featured'],
      queryFn: ({ signal }) => apiFetch<Podcast[]>('/api/podcasts/featured', { signal }),
    }),
};

/** POST /api/podcasts/{id}/play: counts a play before the audio link opens. */
export function recordPlay(id: string): Promise<unknown> {
  return apiFetch(`/api/podcasts/${encodeURIComponent(id)}/play`, { method: 'POST' });
}
