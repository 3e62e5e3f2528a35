import type { Knex } from 'knex';
import type { EventRegistry } from '../../events/index';
import type { ModerationEvent, NotificationEvent, Notifier } from './notify';

/**
 * Notifications listen to the writes' events in their transaction (docs/events.md): the rows and the
 * mail they queue commit or roll back with the write. Once the write committed, the mail sender is woken to send what was queued (it polls as well, so a
 * crash in between loses nothing).
 */
export function subscribeNotifications(registry: EventRegistry, notifier: Notifier): void {
  // A bulk action records one event per item in one transaction: the sender is woken once for all.
  const waking = new WeakSet<Knex.Transaction>();
  const wakeAfterCommit = (trx: Knex.Transaction) => {
    if (waking.has(trx)) return;
    waking.add(trx);
    trx.executionPromise.then(() => notifier.kick(), () => {});
  };
  const told = (trx: Knex.Transaction) => (created: number) => {
    if (created > 0) wakeAfterCommit(trx);
  };
  const notify = (trx: Knex.Transaction, event: NotificationEvent) => notifier.notify(trx, event).then(told(trx));
  const notifyModeration = (trx: Knex.Transaction, event: ModerationEvent) => notifier.notifyModeration(trx, event).then(told(trx));

  registry
    .onInTransaction('discussion.created', (trx, e) => notify(trx, { kind: 'discussion', actorId: e.actorId, origin: e.origin, discussionId: e.discussionId }))
    .onInTransaction('discussion.went_public', (trx, e) => notify(trx, { kind: 'discussion', actorId: e.actorId, origin: e.origin, discussionId: e.discussionId }))
    .onInTransaction('reply.posted', (trx, e) =>
      notify(trx, { kind: 'reply', actorId: e.actorId, origin: e.origin, replyId: e.replyId, discussionId: e.discussionId, content: e.content }),
    )
    .onInTransaction('reply.edited', (trx, e) =>
      notify(trx, { kind: 'reply', actorId: e.actorId, origin: e.origin, replyId: e.replyId, discussionId: e.discussionId, content: e.content, previousContent: e.previousContent }),
    )
    .onInTransaction('answer.marked', (trx, e) =>
      notify(trx, { kind: 'answer', actorId: e.actorId, origin: e.origin, replyId: e.replyId, discussionId: e.discussionId, replyAuthorId: e.replyAuthorId }),
    )
    .onInTransaction('comment.posted', (trx, e) => notify(trx, { ...commentOf(e), content: e.content }))
    .onInTransaction('comment.edited', (trx, e) => notify(trx, { ...commentOf(e), content: e.content, previousContent: e.previousContent }))
    // A publish by the job for a scheduler whose account is gone has no actor to name: it tells nobody.
    .onInTransaction('article.published', async (trx, e) => {
      if (e.actorId) await notify(trx, { kind: 'article_published', actorId: e.actorId, origin: e.origin, articleId: e.articleId });
    })
    .onInTransaction('article.featured', async (trx, e) => {
      if (e.actorId) await notify(trx, { kind: 'article_featured', actorId: e.actorId, origin: e.origin, articleId: e.articleId });
    })
    .onInTransaction('moderation.decided', (trx, e) => notifyModeration(trx, e));
}

/** A comment event's post as the notification names it: an article's comment, or an episode's. */
function commentOf(e: { post: 'article' | 'episode'; parentId: string; commentId: string; actorId: string; origin: string }) {
  const by = { actorId: e.actorId, origin: e.origin, commentId: e.commentId };
  return e.post === 'article' ? { ...by, kind: 'comment' as const, articleId: e.parentId } : { ...by, kind: 'episode_comment' as const, episodeId: e.parentId };
}
