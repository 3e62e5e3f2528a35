import type { Knex } from 'knex';
import type Koa from 'koa';
import { LIMITS } from '../../../contracts/constants';
import { NEXT_CURSOR_HEADER, type CommentCreateInput, type CommentListQuery } from '../../../contracts/news';
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
import { canDeleteComment } from './policy';
import { presentComment } from './presenter';
import { deleteComment, findComment, insertComment, listComments, type CommentRow } from './repo';
import type { CommentTarget } from './targets';

/** What a route adds to a new comment's write: notifications inside its transaction, a kick after. */
export interface CommentNotice {
  inTransaction(ctx: Koa.Context, trx: Knex.Transaction, comment: CommentRow): Promise<unknown>;
  afterCommit(): void;
}

/**
 * The comment routes of one kind of content (the validation and write limits stay with the route,
 * which declares them). Anyone who can see the parent reads its comments: one query for the
 * parent, one for the page of comments, one for their authors.
 */
export function commentHandlers(db: Knex, kind: ContentKind, target: CommentTarget, notice?: CommentNotice) {
  const list: WithQuery<CommentListQuery> = async (ctx) => {
    const { limit, after } = ctx.state.query;
    const parent = await findVisibleContent(db, kind, itemId(ctx, kind), ctx.state.user);
    const rows = await listComments(db, target, parent.id, limit, after ? decodeAscCursor(after, 'after') : undefined);
    const page = rows.slice(0, limit);
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
      notice && ((trx, row) => notice.inTransaction(ctx, trx, row)),
    );
    if (!comment) throw notFound(kind.notFoundMessage);
    if (comment.created) notice?.afterCommit();
    // 201 when this request wrote it; 200 when its client id had already been posted (a replay).
    ctx.status = comment.created ? 201 : 200;
    ctx.body = presentComment(target, comment, await authorsByIds(db, [user.id]));
  };

  const remove: Koa.Middleware = async (ctx) => {
    const user = currentUser(ctx);
    const comment = await findComment(db, target, parseId(ctx.params.commentId, 'Comment not found'));
    if (!comment) throw notFound('Comment not found');
    if (!canDeleteComment(user, comment)) throw forbidden('You can only delete your own comments');
    if (!(await deleteComment(db, target, comment))) throw notFound('Comment not found');
    ctx.body = { ok: true };
  };

  return { list, create, remove };
}
