import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminContentAction, AdminContentBulkInput, AdminContentKind } from '../../../../contracts/admin-content';
import { bulkContentAction, invalidateAdminContent } from '../../../api/adminContent';
import { errorToast, toast } from '../../../components/Toast';

/** "3 articles", "1 episode". */
export function countOf(kind: AdminContentKind, n: number): string {
  return `${n} ${kind}${n === 1 ? '' : 's'}`;
}

/** The action's word in the confirmation's title and button, and in the toast after it. */
export const ACTION_VERBS: Record<AdminContentAction, { verb: string; done: string; pending: string }> = {
  publish: { verb: 'Publish', done: 'Published', pending: 'Publishing...' },
  unpublish: { verb: 'Unpublish', done: 'Unpublished', pending: 'Unpublishing...' },
  archive: { verb: 'Archive', done: 'Archived', pending: 'Archiving...' },
  unarchive: { verb: 'Unarchive', done: 'Unarchived', pending: 'Unarchiving...' },
  delete: { verb: 'Delete', done: 'Deleted', pending: 'Deleting...' },
};

/** One bulk action, its toast, and the lists and items it changed refetched. */
export function useBulkContentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminContentBulkInput) => bulkContentAction(input),
    onSuccess: async ({ changed }, input) => {
      const { done } = ACTION_VERBS[input.action];
      toast({
        title: `${done} ${countOf(input.kind, changed)}`,
        description: changed < input.ids.length ? `${countOf(input.kind, input.ids.length - changed)} already were.` : undefined,
      });
      await invalidateAdminContent(queryClient, input.kind, input.ids);
    },
    onError: (error, input) => errorToast(error, `Could not ${ACTION_VERBS[input.action].verb.toLowerCase()} the ${input.kind}s.`),
  });
}
