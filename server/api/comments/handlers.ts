import type { Knex } from 'knex';
import type Koa from 'koa';
import { LIMITS, NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import type { CommentCreateInput, CommentEditInput, CommentListQuery } from '../../../contracts/comments';
import { toIso } from '../../db/dialect';
import { forbidden, notFound } from '../../errors';
import { currentUser } from '../../middleware/auth';
import { parseId, type WithBody, type WithQuery } from '../../middleware/validate';
import { acceptedWrittenAt } from '../client-ids';
import { findVisibleContent, itemId, viewerSpecific } from '../content/handlers';
import type { ContentKind } from '../content/kinds';
import { decodeAscCursor, encodeCursor } from '../cursor';
import { withMemberNames } from '../members/mentions';
import { authorsByIds } from '../users/repo';
import { canDeleteComment, canEditComment, canReadEditHistory } from './policy';
import { listEdits } from '../edits/repo';
import { presentEdit } from '../edits/presenter';
import { presentComment } from './presenter';
import { deleteComment, editComment, findComment, insertComment, listComments } from './repo';
import type { CommentTarget } from './targets';
import { redactHidden } from '../moderation/visibility';
import { canOpen } from '../content/visibility';
import { recordEvent } from '../../events/index';
import { originOf, type SiteInfo } from '../../site';

/**
 * The comment routes of one kind of content (the validation and write limits stay with the route,
 * which declares them). Anyone who can see the parent reads its comments: one query for the
 * parent, one for the page of comments, one for their authors. A new or edited comment records its
 * event in its transaction (the post's author where it has one and the members it mentions are told:
 * docs/notifications.md); `site` gives the origin the event's mail links are built on.
 */
export function commentHandlers(db: Knex, kind: ContentKind, target: CommentTarget, site: Pick<SiteInfo, 'publicUrl'>) {
  const list: WithQuery<CommentListQuery> = async (ctx) => {
    const { limit, after } = ctx.state.query;
    const parent = await findVisibleContent(db, kind, itemId(ctx, kind), ctx.state.user);
    const rows = await listComments(db, target, parent.id, limit, after ? decodeAscCursor(after, 'after') : undefined);
    // A hidden comment keeps its place (the thread reads on) without its words, but for its author and moderators.
    const page = rows.slice(0, limit).map((c) => redactHidden(c, ctx.state.user, 'comment'));
    if (rows.length > limit) {
      const last = page[page.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeCursor([toIso(last.created_at)!, last.id]));
    }
    const authors = await authorsByIds(db, page.map((c) => c.author_id));
    viewerSpecific(ctx);
    ctx.body = page.map((c) => presentComment(target, c, authors));
  };

  const create: WithBody<CommentCreateInput> = async (ctx) => {
    const user = currentUser(ctx);
    const { id, writtenAt } = ctx.state.body;
    const parent = await findVisibleContent(db, kind, itemId(ctx, kind), user);
    const content = await withMemberNames(db, ctx.state.body.content, { max: LIMITS.commentMax, noun: 'Comment' });
    const comment = await insertComment(
      db,
      target,
      parent.id,
      user.id,
      content,
      { id, writtenAt: acceptedWrittenAt(writtenAt, user.row) },
      (trx, row) =>
        recordEvent(trx, { type: 'comment.posted', post: kind.post, parentId: row.parent_id, commentId: row.id, actorId: user.id, origin: originOf(ctx, site), content: row.content }),
    );
    if (!comment) throw notFound(kind.notFoundMessage);
    // 201 when this request wrote it; 200 when its client id had already been posted (a replay).
    ctx.status = comment.created ? 201 : 200;
    ctx.body = presentComment(target, comment, await authorsByIds(db, [user.id]));
  };

  /**
   * The comment of `:commentId` if it is open to this member (`edit`: to change; a hidden comment is
   * not its author's to rewrite), on a parent they may still see; else 404.
   */
  const visibleComment = async (ctx: Koa.Context, purpose: 'read' | 'edit') => {
    const comment = await findComment(db, target, parseId(ctx.params.commentId, 'Comment not found'));
    if (!canOpen(ctx.state.user, 'comment', comment, purpose)) throw notFound('Comment not found');
    await findVisibleContent(db, kind, comment.parent_id, ctx.state.user).catch(() => {
      throw notFound('Comment not found');
    });
    return comment;
  };

  const edit: WithBody<CommentEditInput> = async (ctx) => {
    const user = currentUser(ctx);
    const comment = await visibleComment(ctx, 'edit');
    if (!canEditComment(user, comment)) throw forbidden('You can only edit your own comments');
    const content = await withMemberNames(db, ctx.state.body.content, { max: LIMITS.commentMax, noun: 'Comment' });
    const edited = await editComment(db, target, comment.id, user.id, content, (trx, before, after) =>
      recordEvent(trx, {
        type: 'comment.edited',
        post: kind.post,
        parentId: after.parent_id,
        commentId: after.id,
        actorId: user.id,
        origin: originOf(ctx, site),
        content: after.content,
        previousContent: before.content,
      }),
    );
    if (!edited) throw notFound('Comment not found');
    ctx.body = presentComment(target, edited.comment, await authorsByIds(db, [edited.comment.author_id]));
  };

  const history: Koa.Middleware = async (ctx) => {
    if (!canReadEditHistory(currentUser(ctx))) throw forbidden('Only editors and admins can read edit histories');
    const comment = await visibleComment(ctx, 'read');
    const rows = await listEdits(db, target.editColumn, comment.id);
    const editors = await authorsByIds(db, rows.map((r) => r.editor_id));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = rows.map((r) => presentEdit(r, editors));
  };

  const remove: Koa.Middleware = async (ctx) => {
    const user = currentUser(ctx);
    const comment = await findComment(db, target, parseId(ctx.params.commentId, 'Comment not found'));
    if (!comment) throw notFound('Comment not found');
    if (!canDeleteComment(user, comment)) throw forbidden('You can only delete your own comments');
    if (!(await deleteComment(db, target, comment))) throw notFound('Comment not found');
    ctx.body = { ok: true };
  };

  return { list, create, edit, history, remove };
}
