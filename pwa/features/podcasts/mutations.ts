import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Podcast } from '../../../contracts/podcasts';
import { invalidatePodcasts, setPodcastArchived, setPodcastStatus } from '../../api/podcasts';
import { errorToast, toast } from '../../components/Toast';

/*
 * Episode writes of the podcasts list. A status or archive change shows in the lists, the featured
 * strip and the episode itself (invalidatePodcasts in pwa/api/podcasts.ts).
 */

/** Publish/Unpublish (spec 4). */
export function usePodcastStatus(podcast: Podcast) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: Podcast['status']) => setPodcastStatus(podcast.id, status),
    onSuccess: async (updated) => {
      toast({
        title: 'Status updated',
        description:
          updated.status === 'published' ? 'Episode published successfully.' : 'Episode set to draft successfully.',
      });
      await invalidatePodcasts(queryClient, { changed: updated.id });
    },
    onError: (error) => errorToast(error, 'Failed to update episode status.'),
  });
}

/** Archive/Unarchive (spec 4): moves the episode between the Active and Archive tabs. */
export function usePodcastArchive(podcast: Podcast) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isArchived: boolean) => setPodcastArchived(podcast.id, isArchived),
    onSuccess: async (updated) => {
      toast(
        updated.isArchived
          ? { title: 'Podcast archived', description: 'Podcast has been moved to the archive.' }
          : { title: 'Podcast unarchived', description: 'Podcast has been restored from the archive.' },
      );
      await invalidatePodcasts(queryClient, { changed: updated.id });
    },
    onError: (error) => errorToast(error, 'Failed to archive/unarchive podcast.'),
  });
}
