import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceCreateInput } from '../../../contracts/resources';
import { createResource, deleteResource, invalidateResources, updateResource } from '../../api/resources';
import { errorToast, toast } from '../../components/Toast';

/*
 * Resource writes of /resources (admins). Each refreshes every resource list (the type tiles count
 * the whole library); the dialogs close at once and the lists refresh behind them.
 */

/** Create (no id) or edit (id) a resource. */
export function useSaveResource(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ResourceCreateInput) => (id ? updateResource(id, input) : createResource(input)),
    onSuccess: () => {
      void invalidateResources(queryClient);
      toast({ title: id ? 'Resource updated successfully!' : 'Resource created successfully!' });
    },
    onError: (error) => errorToast(error, id ? 'Failed to update resource' : 'Failed to create resource'),
  });
}

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteResource(id),
    onSuccess: () => {
      void invalidateResources(queryClient);
      toast({ title: 'Resource deleted successfully!' });
    },
    onError: (error) => errorToast(error, 'Failed to delete resource'),
  });
}
