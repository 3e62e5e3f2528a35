import type { Discussion, DiscussionCreateInput, Reply } from '../../../contracts/forums';
import { newItemBase, sendOrQueue, type SendResult } from '../../outbox/outbox';

/*
 * The forum's writes that work offline: sent now or queued in the outbox, each with a client id that
 * makes a replay return the same row. What they change is refreshed by the outbox engine, the same
 * way for both (invalidateForum through pwa/outbox/kinds.ts).
 */

export function createDiscussion(input: DiscussionCreateInput): Promise<SendResult<Discussion>> {
  const base = newItemBase();
  return sendOrQueue<Discussion>({
    ...base,
    kind: 'discussion',
    method: 'POST',
    path: '/api/forum/discussions',
    body: { ...input, id: base.id },
    targetId: input.categoryId,
    title: input.title,
    text: input.content,
  });
}

export function postReply(discussionId: string, content: string): Promise<SendResult<Reply>> {
  const base = newItemBase();
  return sendOrQueue<Reply>({
    ...base,
    kind: 'reply',
    method: 'POST',
    path: '/api/forum/replies',
    body: { discussionId, content, ...base },
    targetId: discussionId,
    text: content,
  });
}
