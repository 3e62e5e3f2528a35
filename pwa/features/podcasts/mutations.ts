import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Podcast } from '../../../contracts/podcasts';
import { apiFetch } from '../../api/client';
import { podcastQueries } from '../../api/podcasts';
import { errorToast, toast } from '../../components/Toast';

const podcastPath = (id: string) => `/api/podcasts/${encodeURIComponent(id)}`;

/**
 * A status or archive change shows in the lists (any params), the featured strip (spec 7: refreshed
 * after edits) and the episode itself, should anything have it cached.
 */
function episodeChanged(queryClient: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: podcastQueries.lists() }),
    queryClient.invalidateQueries({ queryKey: podcastQueries.featured().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['podcasts', id], exact: true }),
  ]);
}


/** Publish/Unpublish (spec 4). */
export function usePodcastStatus(podcast: Podcast) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: Podcast['status']) =>
      apiFetch<Podcast>(`${podcastPath(podcast.id)}/status`, { method: 'PATCH', body: { status } }),
    onSuccess: async (updated) => {
      toast({
        title: 'Status updated',
        description:
          updated.status === 'published' ? 'Episode published successfully.' : 'Episode set to draft successfully.',
      });
      await episodeChanged(queryClient, updated.id);
    },
    onError: (error) => errorToast(error, 'Failed to update episode status.'),
  });
}

/** Archive/Unarchive (spec 4): moves the episode between the Active and Archive tabs. */
export function usePodcastArchive(podcast: Podcast) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isArchived: boolean) =>
      apiFetch<Podcast>(`${podcastPath(podcast.id)}/archive`, { method: 'PATCH', body: { isArchived } }),
    onSuccess: async (updated) => {
      toast(
        updated.isArchived
          ? { title: 'Podcast archived', description: 'Podcast has been moved to the archive.' }
          : { title: 'Podcast unarchived', description: 'Podcast has been restored from the archive.' },
      );
      await episodeChanged(queryClient, updated.id);
    },
    onError: (error) => errorToast(error, 'Failed to archive/unarchive podcast.'),
  });
}
