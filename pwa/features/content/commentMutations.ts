import { useMutation } from '@tanstack/react-query';
import type { ListedComment } from '../../api/comments';
import { commentPath, commentsPath, type CommentKind } from '../../api/paths';
import { errorToast, toast } from '../../components/Toast';
import { newItemBase, OUTBOX_MUTATION, QUEUED_TOAST, sendOrQueue } from '../../outbox/outbox';

/*
 * Comments on articles and episodes: sent at once, or queued offline (pwa/outbox). Sent or queued,
 * the outbox engine refreshes what the comment changed (invalidateComments in pwa/api/comments.ts).
 */

export function usePostComment(kind: CommentKind, targetId: string) {
  return useMutation({
    ...OUTBOX_MUTATION,
    // The comment carries its own id and writing time, so a replay from the outbox cannot double it.
    mutationFn: (content: string) => {
      const base = newItemBase();
      return sendOrQueue<ListedComment>({
        ...base,
        kind: 'comment',
        commentKind: kind,
        method: 'POST',
        path: commentsPath(kind, targetId),
        body: { content, ...base },
        targetId,
        text: content,
      });
    },
    onSuccess: (result) => toast(result.queued ? QUEUED_TOAST : { title: 'Comment posted' }),
    onError: (error) => errorToast(error, 'Failed to post comment'),
  });
}

/** The author's new words: sent at once, or queued offline (a 404 on replay means it was deleted meanwhile). */
export function useEditComment(kind: CommentKind, targetId: string) {
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: ({ commentId, content }: { commentId: string; content: string }) =>
      sendOrQueue<ListedComment>({
        ...newItemBase(),
        kind: 'editComment',
        commentKind: kind,
        method: 'PATCH',
        path: commentPath(commentId, kind),
        body: { content },
        targetId,
        refId: commentId,
        text: content,
      }),
    onSuccess: (result) => toast(result.queued ? QUEUED_TOAST : { title: 'Comment updated' }),
    onError: (error) => errorToast(error, 'Failed to update comment'),
  });
}

export function useDeleteComment(kind: CommentKind, targetId: string) {
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (commentId: string) =>
      sendOrQueue<unknown>({
        ...newItemBase(),
        kind: 'deleteComment',
        commentKind: kind,
        method: 'DELETE',
        path: commentPath(commentId, kind),
        targetId,
        refId: commentId,
      }),
    onSuccess: (result) => toast(result.queued ? QUEUED_TOAST : { title: 'Comment deleted' }),
    onError: (error) => errorToast(error, 'Failed to delete comment'),
  });
}
