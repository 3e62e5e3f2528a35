import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PodcastShowCreateInput, PodcastShowUpdateInput } from '../../../../contracts/podcasts';
import { createPodcastShow, deletePodcastShow, invalidatePodcastShows, updatePodcastShow } from '../../../api/podcast-shows';
import { errorToast, toast } from '../../../components/Toast';

/* Podcast show writes of the control panel's Shows screen. */

export function useSaveShow(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof PodcastShowCreateInput> | z.output<typeof PodcastShowUpdateInput>) =>
      id ? updatePodcastShow(id, input) : createPodcastShow(input as z.output<typeof PodcastShowCreateInput>),
    onSuccess: async (show) => {
      toast({ title: id ? `Show '${show.name}' updated` : `Show '${show.name}' created` });
      await invalidatePodcastShows(queryClient);
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
      await invalidatePodcastShows(queryClient);
    },
    onError: (error) => errorToast(error, 'Failed to delete show.'),
  });
}
