import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Discussion, DiscussionCreateInput, Reply } from '../../../contracts/forums';
import { deleteDiscussion, invalidateForum, setDiscussionAnswer, setDiscussionStatus } from '../../api/forums';
import { discussionPath, DISCUSSIONS_PATH, REPLIES_PATH, replyPath } from '../../api/paths';
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
    // A draft may have no category yet.
    targetId: input.categoryId ?? '',
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

/** The author's new title and words (and category): sent now or queued offline as `editDiscussion`. */
function editDiscussion(id: string, input: DiscussionCreateInput): Promise<SendResult<Discussion>> {
  return sendOrQueue<Discussion>({
    ...newItemBase(),
    kind: 'editDiscussion',
    method: 'PATCH',
    path: discussionPath(id),
    body: { title: input.title, content: input.content, categoryId: input.categoryId ?? null, ...(input.status ? { status: input.status } : {}) },
    targetId: id,
    title: input.title,
    text: input.content,
  });
}

/**
 * Start or edit a discussion: sent now or queued offline; the outbox engine refreshes what it changed.
 * A new published discussion sent now opens itself; one queued offline does not exist on the server
 * yet, so the queued toast says so and the author stays on the list, where it shows as queued. A draft
 * stays on the list too, where its card's Edit finishes it.
 */
export function useSaveDiscussion(discussion: Discussion | null) {
  const navigate = useNavigate();
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: (input: DiscussionCreateInput): Promise<SendResult<Discussion>> =>
      discussion ? editDiscussion(discussion.id, input) : createDiscussion(input),
    onSuccess: async (result, input) => {
      if (result.queued) return void toast(QUEUED_TOAST);
      if (input.status === 'draft') return void toast({ title: 'Draft saved', description: 'Only you and moderators can see it until it is published.' });
      if (discussion && discussion.status === 'draft') return void toast({ title: 'Discussion published!' });
      if (discussion) return void toast({ title: 'Discussion updated successfully!' });
      toast({ title: 'Discussion created successfully!' });
      await navigate({ to: '/forums/$id', params: { id: result.data.id } });
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

/** The author's new words for their reply: sent at once, or queued offline (as comments' edits). */
export function useEditReply(discussionId: string) {
  return useMutation({
    ...OUTBOX_MUTATION,
    mutationFn: ({ replyId, content }: { replyId: string; content: string }) =>
      sendOrQueue<Reply>({
        ...newItemBase(),
        kind: 'editReply',
        method: 'PATCH',
        path: replyPath(replyId),
        body: { content },
        targetId: discussionId,
        refId: replyId,
        text: content,
      }),
    onSuccess: (result) => toast(result.queued ? QUEUED_TOAST : { title: 'Reply updated' }),
    onError: (error) => errorToast(error, 'Failed to update reply'),
  });
}

/** The asker or a moderator marks a reply as the answer (null: unmarks). Online only (docs/decisions/2026-11-28-solved-and-forum-edits.md). */
export function useMarkAnswer(discussionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string | null) => setDiscussionAnswer(discussionId, replyId),
    onSuccess: (saved) => toast({ title: saved.answerReplyId ? 'Marked as the answer' : 'Answer unmarked' }),
    onError: (error) => errorToast(error, 'Failed to mark the answer'),
    onSettled: () => invalidateForum(queryClient, { discussion: discussionId }),
  });
}
