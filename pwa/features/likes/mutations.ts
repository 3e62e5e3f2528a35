import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResponse } from '../../../contracts/news';
import { invalidateLikes, likeAnonymously, type LikeKind } from '../../api/likes';
import { likePath } from '../../api/paths';
import { errorToast } from '../../components/Toast';
import { newItemBase, OUTBOX_MUTATION, sendOrQueue } from '../../outbox/outbox';

/** What an anonymous like comes to without the server: a count in this browser. */
const ANONYMOUS_LIKE = { anonymous: true } as LikeResponse;

/**
 * The like button's write: `mutate(true)` unlikes, `mutate(false)` likes. `onAnswer` gets what the
 * like came to (the server's answer, or an anonymous like counted without one); nothing while a
 * signed-in like waits in the outbox.
 */
export function useLikeMutation(kind: LikeKind, id: string, isSignedIn: boolean, onAnswer: (answer: LikeResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: async (unlike: boolean): Promise<LikeResponse | null> => {
      // Anonymous likes are counted in this browser (spec 4); they are never queued. The server only
      // confirms that the like is anonymous, so offline (no answer) the like is counted all the same.
      if (!isSignedIn) {
        if (!navigator.onLine) return ANONYMOUS_LIKE;
        try {
          return await likeAnonymously(kind, id);
        } catch (error) {
          if (error instanceof TypeError) return ANONYMOUS_LIKE;
          throw error;
        }
      }
      const method = unlike ? 'DELETE' : 'POST';
      const result = await sendOrQueue<LikeResponse>({ ...newItemBase(), kind: unlike ? 'unlike' : 'like', method, path: likePath(kind, id), targetId: id, likeKind: kind });
      return result.queued ? null : result.data;
    },
    onSuccess: (response) => {
      if (response) onAnswer(response);
    },
    onError: (error) => {
      errorToast(error, 'Failed to update like.');
    },
    // A signed-in like, sent or queued, is refreshed by the outbox engine (invalidateLikes); an
    // anonymous one the server answered refetches the same way here; one counted offline, not at all.
    onSettled: (response) => (!isSignedIn && response && response !== ANONYMOUS_LIKE ? invalidateLikes(queryClient, kind) : undefined),
  });
}
