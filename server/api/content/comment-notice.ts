import { currentUser } from '../../middleware/auth';
import type { CommentNotice } from '../comments/handlers';
import type { Notifier } from '../notifications/notify';

/** Which post a comment is on, as its notification names it. */
type CommentedPost = { kind: 'comment'; articleId: string } | { kind: 'episode_comment'; episodeId: string };

/**
 * A post's CommentNotice (commentHandlers): a new or edited comment is notified in its transaction
 * (the post's author where it has one, and the members it mentions; docs/notifications.md), and the
 * notifier's mail goes after the commit. `post` names the commented post from the comment's parent id.
 */
export function commentNotice(notifier: Notifier, post: (parentId: string) => CommentedPost): CommentNotice {
  return {
    inTransaction: (ctx, trx, row, before) =>
      notifier.notify(trx, {
        ...post(row.parent_id),
        actorId: currentUser(ctx).id,
        origin: notifier.originFor(ctx),
        commentId: row.id,
        content: row.content,
        previousContent: before?.content,
      }),
    afterCommit: () => notifier.kick(),
  };
}
