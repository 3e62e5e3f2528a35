import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PodcastShow, PodcastShowCreateInput, PodcastShowUpdateInput } from '../../contracts/podcasts';
import { apiFetch } from './client';

/*
 * Podcast shows. Key ['podcast-shows'] mirrors GET /api/podcast-shows; episode saves invalidate it
 * too (counts and the next free episode number change: invalidatePodcasts in ./podcasts.ts), and
 * show writes also invalidate the episodes, which embed the show's name.
 */
export const podcastShowQueries = {
  all: () => ['podcast-shows'] as const,
  list: () =>
    queryOptions({
      queryKey: ['podcast-shows'],
      queryFn: ({ signal }) => apiFetch<PodcastShow[]>('/api/podcast-shows', { signal }),
    }),
};

const showPath = (id: string) => `/api/admin/podcast-shows/${encodeURIComponent(id)}`;

export function createPodcastShow(input: z.input<typeof PodcastShowCreateInput>): Promise<PodcastShow> {
  return apiFetch<PodcastShow>('/api/admin/podcast-shows', { method: 'POST', body: input });
}

export function updatePodcastShow(id: string, input: z.input<typeof PodcastShowUpdateInput>): Promise<PodcastShow> {
  return apiFetch<PodcastShow>(showPath(id), { method: 'PATCH', body: input });
}

export function deletePodcastShow(id: string): Promise<unknown> {
  return apiFetch<unknown>(showPath(id), { method: 'DELETE' });
}

/**
 * A show written: the shows list, and every episode answer (['podcasts'], podcastQueries.all() in
 * ./podcasts.ts, which imports this module), since each embeds its show's name.
 */
export function invalidatePodcastShows(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: podcastShowQueries.all() }),
    queryClient.invalidateQueries({ queryKey: ['podcasts'] }),
  ]);
}
