import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PodcastShowCreateInput, PodcastShowUpdateInput } from '../../../contracts/podcasts';
import { createPodcastShow, deletePodcastShow, podcastShowQueries, updatePodcastShow } from '../../api/podcast-shows';
import { podcastQueries } from '../../api/podcasts';
import { errorToast, toast } from '../../components/Toast';

/** The shows list, and the episode lists that embed each show's name. */
function showsChanged(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: podcastShowQueries.all() }),
    queryClient.invalidateQueries({ queryKey: podcastQueries.all() }),
  ]);
}

export function useSaveShow(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof PodcastShowCreateInput> | z.output<typeof PodcastShowUpdateInput>) =>
      id ? updatePodcastShow(id, input) : createPodcastShow(input as z.output<typeof PodcastShowCreateInput>),
    onSuccess: async (show) => {
      toast({ title: id ? `Show '${show.name}' updated` : `Show '${show.name}' created` });
      await showsChanged(queryClient);
    },
    onError: (error) => errorToast(error, id ? 'Failed to update show.' : 'Failed to create show.'),
  });
}

export function useDeleteShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => deletePodcastShow(id),
    onSuccess: async (_result, { name }) => {
      toast({ title: `Show '${name}' deleted` });
      await showsChanged(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete show.'),
  });
}
