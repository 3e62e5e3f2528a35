import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ContentStatus } from '../../contracts/common';
import type { Podcast, PodcastCreateInput, PodcastPatchInput } from '../../contracts/podcasts';
import { apiFetch } from './client';
import { contentListSearch, listKeyParams, pagedContentList, SHOWCASE_SIZE, type ContentListParams } from './news';
import { podcastPath, PODCASTS_PATH } from './paths';
import { podcastShowQueries } from './podcast-shows';

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
      queryFn: ({ signal }) => apiFetch<Podcast[]>(`${PODCASTS_PATH}?${contentListSearch(params)}`, { signal }),
    }),
  /** The home page's Podcast Hub (spec 3) with `featured()`: the newest few episodes. */
  latest: () =>
    queryOptions({
      queryKey: ['podcasts', { ...listKeyParams({}), limit: SHOWCASE_SIZE }],
      queryFn: ({ signal }) => apiFetch<Podcast[]>(`${PODCASTS_PATH}?limit=${SHOWCASE_SIZE}`, { signal }),
    }),
  /** /podcasts: the episodes, LIST_PAGE_SIZE at a time ('Load More Episodes'), of every show or of one. */
  pages: ({ show, ...params }: PodcastListParams = {}) => pagedContentList<Podcast>('podcasts', params, show ? { show } : {}),
  /** Prefix of every list key (any params); see newsQueries.lists. */
  lists: () => ['podcasts', {}] as const,
  /** GET /api/podcasts/{id}; 404 for a missing episode or a draft the viewer may not see. */
  detail: (id: string) =>
    queryOptions({
      queryKey: ['podcasts', id],
      queryFn: ({ signal }) => fetchPodcast(id, signal),
    }),
  /** GET /api/podcasts/featured: featured, visible, non-archived episodes, newest first. */
  featured: () =>
    queryOptions({
      queryKey: ['podcasts', 'featured'],
      queryFn: ({ signal }) => apiFetch<Podcast[]>(`${PODCASTS_PATH}/featured`, { signal }),
    }),
};

/** GET /api/podcasts/{id}: the episode with its chapters and transcript (a download keeps it on the device). */
export function fetchPodcast(id: string, signal?: AbortSignal): Promise<Podcast> {
  return apiFetch<Podcast>(podcastPath(id), { signal });
}

/** POST /api/podcasts/{id}/play: counts a play before the audio link opens. */
export function recordPlay(id: string): Promise<unknown> {
  return apiFetch(`${podcastPath(id)}/play`, { method: 'POST' });
}

/** POST /api/podcasts: the editor's new episode (the form sends the schema's parsed output). */
export function createPodcast(input: PodcastCreateInput): Promise<Podcast> {
  return apiFetch<Podcast>(PODCASTS_PATH, { method: 'POST', body: input });
}

/** PATCH /api/podcasts/{id}: the editor page sends the fields it changed. */
export function updatePodcast(id: string, input: PodcastPatchInput): Promise<Podcast> {
  return apiFetch<Podcast>(podcastPath(id), { method: 'PATCH', body: input });
}

export function deletePodcast(id: string): Promise<unknown> {
  return apiFetch<unknown>(podcastPath(id), { method: 'DELETE' });
}

/** Publish or set back to draft. */
export function setPodcastStatus(id: string, status: ContentStatus): Promise<Podcast> {
  return apiFetch<Podcast>(`${podcastPath(id)}/status`, { method: 'PATCH', body: { status } });
}

/** Moves the episode between the Active and Archive tabs. */
export function setPodcastArchived(id: string, isArchived: boolean): Promise<Podcast> {
  return apiFetch<Podcast>(`${podcastPath(id)}/archive`, { method: 'PATCH', body: { isArchived } });
}

/**
 * What an episode write changed besides the lists (any params) and the featured strip, which every
 * write and every play refetches (spec 7: refreshed after edits): a save (the server's answer
 * replaces the episode's entry at once) or a delete changes the shows' episode counts and next free
 * numbers; a status or archive change (`changed`, the episode's id) refetches the episode itself,
 * should anything have it cached.
 */
export type EpisodeChange = { saved: Podcast } | { deleted: string } | { changed: string };

export async function invalidatePodcasts(queryClient: QueryClient, change?: EpisodeChange): Promise<void> {
  if (change && 'saved' in change) queryClient.setQueryData(podcastQueries.detail(change.saved.id).queryKey, change.saved);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: podcastQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: podcastQueries.featured().queryKey }),
    change && !('changed' in change) ? queryClient.invalidateQueries({ queryKey: podcastShowQueries.all() }) : undefined,
    change && 'changed' in change ? queryClient.invalidateQueries({ queryKey: podcastQueries.detail(change.changed).queryKey, exact: true }) : undefined,
  ]);
}
