import Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  DiscussionCreateInput,
  DiscussionFeaturedInput,
  DiscussionListQuery,
  DiscussionStatusInput,
  DiscussionUpdateInput,
  NEXT_CURSOR_HEADER,
  ReplyCreateInput,
  type Discussion,
} from '../../../contracts/forums';
import { badRequest, forbidden, locked, notFound } from '../../errors';
import { FORUM_MODERATORS, LIMITS } from '../../../contracts/constants';
import { currentUser, requireRole, requireUser } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { toBool, toIso } from '../../db/dialect';
import { acceptedWrittenAt } from '../client-ids';
import { authorsByIds } from '../users/repo';
import { decodeDiscussionCursor, encodeDiscussionCursor } from '../cursor';
import { canDeleteReply, canEditDiscussion, canModerateForums, canViewDiscussion } from './policy';
import { presentDiscussion, presentDiscussionDetail, presentForumCategory, presentReply, type DiscussionRow } from './presenter';
import { countsWhenCreated, type WriteLimiter } from '../../middleware/write-limits';
import * as repo from './repo';
import type { Notifier } from '../notifications/notify';
import { withMemberNames } from '../members/mentions';

const DISCUSSION_NOT_FOUND = 'Discussion not found';
const REPLY_NOT_FOUND = 'Reply not found';
const UNKNOWN_CATEGORY = 'Category does not exist';

/**
 * Spec 7, Forums. Checks run in this order: 401 (signed out) → 403 (role) → 400 (body) →
 * 404 (unknown id, or a draft the caller may not see) → 403 (not the author) → 423 (locked).
 */
export function forumRoutes(db: Knex, limits: WriteLimiter, notifier: Notifier): Router {
  const router = new Router({ prefix: '/api/forum' });

  /** Rows → contract, with one batched query per relation (authors, news categories). */
  async function present(rows: DiscussionRow[]): Promise<Discussion[]> {
    const [authors, newsCategories] = await Promise.all([
      authorsByIds(db, rows.map((r) => r.author_id)),
      repo.newsCategoriesByDiscussion(db, rows.map((r) => r.id)),
    ]);
    return rows.map((r) => presentDiscussion(r, authors, newsCategories));
  }

  /** The discussion if it exists and the caller may see it; 404 otherwise (drafts are not revealed). */
  async function visibleDiscussion(ctx: Koa.Context, id: string): Promise<DiscussionRow> {
    const row = await repo.findDiscussion(db, id);
    if (!row || !canViewDiscussion(ctx.state.user, row)) throw notFound(DISCUSSION_NOT_FOUND);
    return row;
  }

  async function respondWithDiscussion(ctx: Koa.Context, id: string, status = 200): Promise<void> {
    const row = await repo.findDiscussion(db, id);
    if (!row) throw notFound(DISCUSSION_NOT_FOUND);
    ctx.status = status;
    ctx.body = (await present([row]))[0];
  }

  router.get('/categories', async (ctx) => {
    ctx.body = (await repo.listForumCategories(db)).map(presentForumCategory);
  });

  router.get('/discussions', validateQuery(DiscussionListQuery), async (ctx) => {
    const query = ctx.state.query;
    const before = query.before === undefined ? undefined : decodeDiscussionCursor(query.before, 'before');
    const user = ctx.state.user;
    // One row more than asked tells whether a next page exists without a count query.
    const rows = await repo.listDiscussions(db, {
      allDrafts: canModerateForums(user),
      viewerId: user?.id,
      categoryId: query.categoryId,
      before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    if (rows.length > query.limit) {
      const last = page[page.length - 1];
      ctx.set(NEXT_CURSOR_HEADER, encodeDiscussionCursor({ pinned: toBool(last.is_pinned), createdAt: toIso(last.created_at)!, id: last.id }));
    }
    ctx.body = await present(page);
  });

  router.get('/discussions/:id', async (ctx) => {
    const row = await visibleDiscussion(ctx, parseId(ctx.params.id, DISCUSSION_NOT_FOUND));
    const replies = await repo.listReplies(db, row.id);
    const [authors, newsCategories] = await Promise.all([
      authorsByIds(db, [row.author_id, ...replies.map((r) => r.author_id)]),
      repo.newsCategoriesByDiscussion(db, [row.id]),
    ]);
    ctx.body = presentDiscussionDetail(row, replies, authors, newsCategories);
  });

  router.post('/discussions', requireUser, validateBody(DiscussionCreateInput), limits.limit('discussion', { counts: countsWhenCreated }), async (ctx) => {
    const input = ctx.state.body;
    const result = await repo.createDiscussion(db, currentUser(ctx).id, input);
    if (result.kind === 'unknown_category') throw badRequest(UNKNOWN_CATEGORY, { categoryId: [UNKNOWN_CATEGORY] });
    // 200 when its client id had already been posted (a replay), 201 when this request wrote it.
    await respondWithDiscussion(ctx, result.id, result.kind === 'created' ? 201 : 200);
  });

  router.patch('/discussions/:id', requireUser, validateBody(DiscussionUpdateInput), async (ctx) => {
    const input = ctx.state.body;
    const user = currentUser(ctx);
    const row = await visibleDiscussion(ctx, parseId(ctx.params.id, DISCUSSION_NOT_FOUND));
    if (!canEditDiscussion(user, row)) throw forbidden('You can only edit your own discussions');
    // Pinning and locking are moderation: an author sending them is refused, not silently ignored.
    if ((input.isPinned !== undefined || input.isLocked !== undefined) && !canModerateForums(user)) {
      throw forbidden('Only editors and admins can pin or lock discussions');
    }
    if (Object.values(input).every((v) => v === undefined)) throw badRequest('Nothing to update');
    const result = await repo.updateDiscussion(db, row.id, input);
    if (result === 'not_found') throw notFound(DISCUSSION_NOT_FOUND);
    if (result === 'unknown_category') throw badRequest(UNKNOWN_CATEGORY, { categoryId: [UNKNOWN_CATEGORY] });
    await respondWithDiscussion(ctx, row.id);
  });

  router.delete('/discussions/:id', requireUser, async (ctx) => {
    const row = await visibleDiscussion(ctx, parseId(ctx.params.id, DISCUSSION_NOT_FOUND));
    if (!canEditDiscussion(currentUser(ctx), row)) throw forbidden('You can only delete your own discussions');
    if (!(await repo.deleteDiscussion(db, row.id))) throw notFound(DISCUSSION_NOT_FOUND);
    ctx.body = { ok: true };
  });

  router.patch('/discussions/:id/status', requireRole(...FORUM_MODERATORS), validateBody(DiscussionStatusInput), async (ctx) => {
    const id = parseId(ctx.params.id, DISCUSSION_NOT_FOUND);
    const { status } = ctx.state.body;
    if (!(await repo.setDiscussionStatus(db, id, status))) throw notFound(DISCUSSION_NOT_FOUND);
    await respondWithDiscussion(ctx, id);
  });

  router.patch('/discussions/:id/featured', requireRole(...FORUM_MODERATORS), validateBody(DiscussionFeaturedInput), async (ctx) => {
    const id = parseId(ctx.params.id, DISCUSSION_NOT_FOUND);
    const { isFeatured } = ctx.state.body;
    if (!(await repo.setDiscussionFeatured(db, id, isFeatured))) throw notFound(DISCUSSION_NOT_FOUND);
    await respondWithDiscussion(ctx, id);
  });

  router.post('/replies', requireUser, validateBody(ReplyCreateInput), limits.limit('comment', { counts: countsWhenCreated }), async (ctx) => {
    const user = currentUser(ctx);
    const writtenAt = acceptedWrittenAt(ctx.state.body.writtenAt, user.row);
    await visibleDiscussion(ctx, ctx.state.body.discussionId);
    const input = { ...ctx.state.body, content: await withMemberNames(db, ctx.state.body.content, { max: LIMITS.commentMax, noun: 'Reply' }) };
    const origin = notifier.originFor(ctx);
    // The reply's notifications are written in its transaction (docs/notifications.md).
    const result = await repo.createReply(db, { ...input, writtenAt, authorId: user.id }, (trx, id) =>
      notifier.notify(trx, { kind: 'reply', actorId: user.id, origin, replyId: id, discussionId: input.discussionId, content: input.content }),
    );
    if (result.kind === 'created') notifier.kick();
    if (result.kind === 'not_found') throw notFound(DISCUSSION_NOT_FOUND);
    if (result.kind === 'locked') throw locked('This discussion is locked');
    if (result.kind === 'bad_parent') {
      const message = 'Parent reply must belong to the same discussion';
      throw badRequest(message, { parentReplyId: [message] });
    }
    const reply = (await repo.findReply(db, result.id))!;
    ctx.status = result.kind === 'created' ? 201 : 200;
    ctx.body = presentReply(reply, await authorsByIds(db, [reply.author_id]));
  });

  router.delete('/replies/:id', requireUser, async (ctx) => {
    const reply = await repo.findReply(db, parseId(ctx.params.id, REPLY_NOT_FOUND));
    if (!reply) throw notFound(REPLY_NOT_FOUND);
    if (!canDeleteReply(currentUser(ctx), reply)) throw forbidden('You can only delete your own replies');
    if (!(await repo.deleteReply(db, reply))) throw notFound(REPLY_NOT_FOUND);
    ctx.body = { ok: true };
  });

  return router;
}
