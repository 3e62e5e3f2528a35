import type { QueryClient } from '@tanstack/react-query';
import { invalidateForum } from '../api/forums';
import { invalidateLikes } from '../api/likes';
import { invalidateListening } from '../api/listening';
import { invalidateComments } from '../api/comments';
import { invalidateCpd } from '../api/cpd';
import { invalidateNotifications } from '../api/notifications';
import { invalidateReadingList } from '../api/reading-list';
import { invalidateWatch } from '../api/watches';
import { invalidateTopics } from '../api/topics';
import type { OutboxItem, OutboxKind } from './db';
import { invalidateModeration } from '../api/moderation';

/**
 * What each kind of write changed, once the server has taken it (or refused it): each resource's
 * own `invalidate…` from pwa/api. The engine calls it after a write sent at once and after the
 * replay of a queued one, so the two paths refresh exactly the same queries (outbox.test.ts).
 * A new kind of offline write adds its line here and its invalidation to its resource module.
 */
export const OUTBOX_KINDS: Record<OutboxKind, (queryClient: QueryClient, item: OutboxItem) => Promise<void>> = {
  like: (queryClient, item) => invalidateLikes(queryClient, item.likeKind ?? 'news'),
  unlike: (queryClient, item) => invalidateLikes(queryClient, item.likeKind ?? 'news'),
  comment: (queryClient, item) => invalidateComments(queryClient, item.targetId, item.commentKind ?? 'news'),
  deleteComment: (queryClient, item) => invalidateComments(queryClient, item.targetId, item.commentKind ?? 'news'),
  editComment: (queryClient, item) => invalidateComments(queryClient, item.targetId, item.commentKind ?? 'news'),
  reply: (queryClient, item) => invalidateForum(queryClient, { reply: item.targetId }),
  // The discussion's id is the item's (the client id the server keeps).
  discussion: (queryClient, item) => invalidateForum(queryClient, { discussion: item.id }),
  readNotification: (queryClient) => invalidateNotifications(queryClient),
  readAllNotifications: (queryClient) => invalidateNotifications(queryClient),
  listSave: (queryClient) => invalidateReadingList(queryClient),
  listRemove: (queryClient) => invalidateReadingList(queryClient),
  listProgress: (queryClient) => invalidateReadingList(queryClient),
  listening: (queryClient) => invalidateListening(queryClient),
  // A forum reply's or discussion's new words (targetId: the discussion).
  editReply: (queryClient, item) => invalidateForum(queryClient, { reply: item.targetId }),
  editDiscussion: (queryClient, item) => invalidateForum(queryClient, { discussion: item.targetId }),
  watch: (queryClient, item) => invalidateWatch(queryClient, item.path),
  topic: (queryClient, item) => invalidateTopics(queryClient, item.path),
  // An automatic hide changes what the item's list shows; moderators' queue counts it.
  report: (queryClient) => invalidateModeration(queryClient),
  cpdTime: (queryClient) => invalidateCpd(queryClient),
};
