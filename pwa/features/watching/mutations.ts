import { useMutation } from '@tanstack/react-query';
import type { Watch, WatchLevel } from '../../../contracts/watches';
import { watchPath, type WatchTarget } from '../../api/watches';
import { errorToast, toast } from '../../components/Toast';
import { newItemBase, OUTBOX_MUTATION, QUEUED_TOAST, sendOrQueue } from '../../outbox/outbox';
import { WATCH_LEVEL_TEXT } from './levels';

/** A new level: sent at once, or queued offline (PUT is idempotent; a 404 on replay means the target is gone). */
export function useSetWatch(target: WatchTarget, id: string) {
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (level: WatchLevel) =>
      sendOrQueue<Watch>({ ...newItemBase(), kind: 'watch', method: 'PUT', path: watchPath(target, id), body: { level }, targetId: id, text: level }),
    onSuccess: (result, level) => toast(result.queued ? QUEUED_TOAST : { title: `${WATCH_LEVEL_TEXT[level].label}: ${WATCH_LEVEL_TEXT[level].toast}` }),
    onError: (error) => errorToast(error, 'Failed to change what you follow'),
  });
}
