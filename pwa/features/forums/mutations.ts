import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Discussion, DiscussionCreateInput, Reply } from '../../../contracts/forums';
import { deleteDiscussion, invalidateForum, setDiscussionStatus, updateDiscussion } from '../../api/forums';
import { DISCUSSIONS_PATH, REPLIES_PATH } from '../../api/paths';
import { errorToast, toast } from '../../components/Toast';
import type { OutboxItem } from '../../outbox/db';
import { useOutboxItems } from '../../outbox/hooks';
import { newItemBase, OUTBOX_MUTATION, QUEUED_TOAST, sendOrQueue, type SendResult } from '../../outbox/outbox';

/*
 * The forum's writes. A new discussion and a reply work offline: sent now or queued in the outbox,
 * each with a client id that makes a replay return the same row; what they change is refreshed by
 * the outbox engine, the same way for both (invalidateForum through pwa/outbox/kinds.ts). Edits,
 * deletes and status changes need the network and refresh with invalidateForum themselves.
 */

function createDiscussion(input: DiscussionCreateInput): Promise<SendResult<Discussion>> {
  const base = newItemBase();
  return sendOrQueue<Discussion>({
    ...base,
    kind: 'discussion',
    method: 'POST',
    path: DISCUSSIONS_PATH,
    body: { ...input, id: base.id },
    targetId: input.categoryId,
    title: input.title,
    text: input.content,
  });
}

/** The discussion page's reply box: the reply is sent now or queued, and its toast says which. */
export function usePostReply(discussionId: string) {
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (content: string) => {
      const base = newItemBase();
      return sendOrQueue<Reply>({
        ...base,
        kind: 'reply',
        method: 'POST',
        path: REPLIES_PATH,
        body: { discussionId, content, ...base },
        targetId: discussionId,
        text: content,
      });
    },
    onSuccess: (result) => toast(result.queued ? QUEUED_TOAST : { title: 'Reply posted successfully!' }),
    // A locked discussion answers 423 with its own message ('This discussion is locked').
    onError: (error) => errorToast(error, 'Failed to post reply'),
  });
}

/** New discussions still in the outbox that the list (`listed`, by id) does not have yet. */
export function useQueuedDiscussions(listed: ReadonlySet<string>): OutboxItem[] {
  return useOutboxItems().filter((item) => item.kind === 'discussion' && !listed.has(item.id));
}

/** Start (null: sent now or queued offline) or edit a discussion (online only). */
export function useSaveDiscussion(discussion: Discussion | null) {
  const queryClient = useQueryClient();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: async (input: DiscussionCreateInput): Promise<SendResult<Discussion>> =>
      discussion ? { queued: false, data: await updateDiscussion(discussion.id, input) } : createDiscussion(input),
    onSuccess: (result) => {
      if (result.queued) return void toast(QUEUED_TOAST);
      // A new discussion went through the outbox engine, which refreshes what it changed.
      if (discussion) void invalidateForum(queryClient, { discussion: discussion.id });
      toast({ title: discussion ? 'Discussion updated successfully!' : 'Discussion created successfully!' });
    },
    onError: (error) => errorToast(error, discussion ? 'Failed to update discussion' : 'Failed to create discussion'),
  });
}

export function useDeleteDiscussion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDiscussion(id),
    onSuccess: (_, id) => {
      void invalidateForum(queryClient, { deleted: id });
      toast({ title: 'Discussion deleted successfully!' });
    },
    onError: (error) => errorToast(error, 'Failed to delete discussion'),
  });
}

/** Editors and admins: publish a draft or set a published discussion back to draft. */
export function useToggleDiscussionStatus(discussion: Pick<Discussion, 'id' | 'status'>) {
  const queryClient = useQueryClient();
  const next = discussion.status === 'published' ? 'draft' : 'published';
  return useMutation({
    mutationFn: () => setDiscussionStatus(discussion.id, next),
    onSuccess: (saved) => {
      toast({
        title: 'Status updated',
        description: saved.status === 'published' ? 'Discussion published.' : 'Discussion set to draft.',
      });
    },
    onError: (error) => errorToast(error, 'Failed to update discussion status.'),
    onSettled: () => invalidateForum(queryClient, { discussion: discussion.id }),
  });
}
