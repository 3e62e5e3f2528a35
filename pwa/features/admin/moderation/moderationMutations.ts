import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueItem } from '../../../../contracts/moderation';
import type { ModerationAction } from '../../../../contracts/moderation-constants';
import { invalidateModeration, moderate } from '../../../api/moderation';
import { errorToast, toast } from '../../../components/Toast';

/** A moderator's action on a queued item, with its note; `done` names each action's toast. */
export function useModerate(target: QueueItem['target'], note: () => string | null, done: Record<ModerationAction, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ModerationAction) => moderate(target, action, note()),
    onSuccess: (_, action) => {
      toast({ title: done[action] });
      void invalidateModeration(queryClient);
    },
    onError: (error) => errorToast(error, 'That did not work'),
  });
}
