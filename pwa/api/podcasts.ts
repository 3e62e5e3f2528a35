import { queryOptions } from '@tanstack/react-query';
import type { Podcast } from '../../contracts/podcasts';
import { apiFetch } from './client';
import { contentListSearch, listKeyParams, pagedContentList, SHOWCASE_SIZE, type ContentListParams } from './news';

/** The episode list's filters: the shared ones, and one show by slug (GET /api/podcasts?show=). */
export interface PodcastListParams extends ContentListParams {
  show?: string;
}

/** Keys mirror the API path: ['podcasts', params] for the list; mutations invalidate ['podcasts']. */
export const podcastQueries = {
  all: () => ['podcasts'] as const,
  list: (params: ContentListParams = {}) =>
    queryOptions({
      queryKey: ['podcasts', listKeyParams(params)],
      queryFn: ({ signal }) => apiFetch<Podcast[]>(`/api/podcasts?${contentListSearch(params)}`, { signal }),
    }),
  /** The home page's Podcast Hub (spec 3) with `featured()`: the newest few episodes. */
  latest: () =>
    queryOptions({
      queryKey: ['podcasts', { ...listKeyParams({}), limit: SHOWCASE_SIZE }],
      queryFn: ({ signal }) => apiFetch<Podcast[]>(`/api/podcasts?limit=${SHOWCASE_SIZE}`, { signal }),
    }),
  /** /podcasts: the episodes, LIST_PAGE_SIZE at a time ('Load More Episodes'), of every show or of one. */
  pages: ({ show, ...params }: PodcastListParams = {}) => pagedContentList<Podcast>('podcasts', params, show ? { show } : {}),
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
