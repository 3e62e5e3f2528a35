import type Router from '@koa/router';
import { caseSensitiveRouter } from '../../middleware/canonical-path';
import type Koa from 'koa';
import type { Knex } from 'knex';
import {
  DiscussionCreateInput,
  DiscussionFeaturedInput,
  DiscussionListQuery,
  DiscussionStatusInput,
  DiscussionAnswerInput,
  DiscussionUpdateInput,
  ReplyCreateInput,
  ReplyEditInput,
  CATEGORY_REQUIRED,
  type Discussion,
} from '../../../contracts/forums';
import type { ContentStatus } from '../../../contracts/common';
import { badRequest, forbidden, locked, notFound } from '../../errors';
import { FORUM_MODERATORS, LIMITS, NEXT_CURSOR_HEADER } from '../../../contracts/constants';
import { currentUser, requireRole, requireUser } from '../../middleware/auth';
import { parseId, validateBody, validateQuery } from '../../middleware/validate';
import { toBool, toIso } from '../../db/dialect';
import { acceptedWrittenAt } from '../client-ids';
import { authorsByIds } from '../users/repo';
import { decodeDiscussionCursor, encodeDiscussionCursor } from '../cursor';
import { canDeleteReply, canEditDiscussion, canEditReply, canSetDiscussionStatus, canMarkAnswer, canModerateForums, isModeratingOthers } from './policy';
import { canReadEditHistory } from '../comments/policy';
import { listEdits, type EditedPost } from '../edits/repo';
import { presentEdit } from '../edits/presenter';
import { eventActor, recordEvent, type ChangeEventType } from '../../events/index';
import { canOpen, isPublished } from '../content/visibility';
import { presentDiscussion, presentDiscussionDetail, presentForumCategory, presentReply, type DiscussionRow } from './presenter';
import { countsWhenCreated, type WriteLimiter } from '../../middleware/write-limits';
import * as repo from './repo';
import { originOf, type SiteInfo } from '../../site';
import { withMemberNames } from '../members/mentions';
import { redactHidden } from '../moderation/visibility';

const DISCUSSION_NOT_FOUND = 'Discussion not found';
const REPLY_NOT_FOUND = 'Reply not found';
const UNKNOWN_CATEGORY = 'Category does not exist';

/** A moderator's change to a discussion as an event, recorded in the change's transaction (the audit log keeps it). */
function moderationEntry(ctx: Koa.Context, type: ChangeEventType, before?: Record<string, unknown>, after?: Record<string, unknown>): repo.DiscussionChanged {
  return (trx, discussion) =>
    recordEvent(trx, {
      type,
      actor: eventActor(currentUser(ctx)),
      target: { type: 'discussion', id: discussion.id, label: discussion.title },
      before: before ?? { status: discussion.status },
      after,
    });
}

/**
 * A moderator publishing or unpublishing someone else's discussion is in the audit log; an author's own is not.
 * A draft going public tells its category's watchers, whoever publishes it.
 */
function statusEntry(ctx: Koa.Context, site: Pick<SiteInfo, 'publicUrl'>, status: ContentStatus | undefined): repo.DiscussionChanged | undefined {
  if (status === undefined) return undefined;
  return async (trx, before) => {
    const user = currentUser(ctx);
    if (isModeratingOthers(user, before)) {
      await moderationEntry(ctx, isPublished({ status }) ? 'discussion.published' : 'discussion.unpublished', { status: before.status }, { status })(trx, before);
    }
    if (isPublished({ status }) && !isPublished(before)) {
      await recordEvent(trx, { type: 'discussion.went_public', actorId: user.id, origin: originOf(ctx, site), discussionId: before.id });
    }
  };
}

/**
 * Spec 7, Forums. Checks run in this order: 401 (signed out) → 403 (role) → 400 (body) →
 * 404 (unknown id, or a draft the caller may not see) → 403 (not the author) → 423 (locked).
 */
export function forumRoutes(db: Knex, limits: WriteLimiter, site: Pick<SiteInfo, 'publicUrl'>): Router {
  const router = caseSensitiveRouter('/api/forum');

  /** Rows → contract, with one batched query per relation (authors, news categories). */
  async function present(rows: DiscussionRow[]): Promise<Discussion[]> {
    const [authors, newsCategories] = await Promise.all([
      authorsByIds(db, rows.map((r) => r.author_id)),
      repo.newsCategoriesByDiscussion(db, rows.map((r) => r.id)),
    ]);
    return rows.map((r) => presentDiscussion(r, authors, newsCategories));
  }

  /**
   * The discussion if it exists and the caller may open it (`edit`: write into it); 404 otherwise,
   * so drafts and hidden discussions are not revealed and a hidden one is not its author's to rewrite.
   */
  async function visibleDiscussion(ctx: Koa.Context, id: string, purpose: 'read' | 'edit' = 'read'): Promise<DiscussionRow> {
    const row = await repo.findDiscussion(db, id);
    if (!canOpen(ctx.state.user, 'discussion', row, purpose)) throw notFound(DISCUSSION_NOT_FOUND);
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
      categoryId: query.categoryId,
      unanswered: query.unanswered !== undefined,
      before,
      limit: query.limit + 1,
      viewer: user,
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
    const replies = (await repo.listReplies(db, row.id)).map((r) => redactHidden(r, ctx.state.user, 'reply'));
    const [authors, newsCategories] = await Promise.all([
      authorsByIds(db, [row.author_id, ...replies.map((r) => r.author_id)]),
      repo.newsCategoriesByDiscussion(db, [row.id]),
    ]);
    ctx.body = presentDiscussionDetail(row, replies, authors, newsCategories);
  });

  router.post('/discussions', requireUser, validateBody(DiscussionCreateInput), limits.limit('discussion', { counts: countsWhenCreated }), async (ctx) => {
    const input = ctx.state.body;
    const actorId = currentUser(ctx).id;
    const origin = originOf(ctx, site);
    // The category's watchers are told in the discussion's transaction (docs/notifications.md, "Watching").
    const result = await repo.createDiscussion(db, actorId, input, (trx, id) => recordEvent(trx, { type: 'discussion.created', actorId, origin, discussionId: id }));
    if (result.kind === 'unknown_category') throw badRequest(UNKNOWN_CATEGORY, { categoryId: [UNKNOWN_CATEGORY] });
    // 200 when its client id had already been posted (a replay), 201 when this request wrote it.
    await respondWithDiscussion(ctx, result.id, result.kind === 'created' ? 201 : 200);
  });

  router.patch('/discussions/:id', requireUser, validateBody(DiscussionUpdateInput), async (ctx) => {
    const input = ctx.state.body;
    const user = currentUser(ctx);
    const row = await visibleDiscussion(ctx, parseId(ctx.params.id, DISCUSSION_NOT_FOUND), 'edit');
    if (!canEditDiscussion(user, row)) throw forbidden('You can only edit your own discussions');
    // Pinning and locking are moderation: an author sending them is refused, not silently ignored.
    if ((input.isPinned !== undefined || input.isLocked !== undefined) && !canModerateForums(user)) {
      throw forbidden('Only editors and admins can pin or lock discussions');
    }
    if (input.status !== undefined && !canSetDiscussionStatus(user, row, input.status)) {
      throw forbidden('Only editors and admins can unpublish discussions');
    }
    if (Object.values(input).every((v) => v === undefined)) throw badRequest('Nothing to update');
    // A changed title or words go to the edit history and mark the discussion edited.
    const result = await repo.updateDiscussion(db, row.id, input, user.id, statusEntry(ctx, site, input.status));
    if (result === 'not_found') throw notFound(DISCUSSION_NOT_FOUND);
    if (result === 'unknown_category') throw badRequest(UNKNOWN_CATEGORY, { categoryId: [UNKNOWN_CATEGORY] });
    if (result === 'no_category') throw badRequest(CATEGORY_REQUIRED, { categoryId: [CATEGORY_REQUIRED] });
    await respondWithDiscussion(ctx, row.id);
  });

  router.delete('/discussions/:id', requireUser, async (ctx) => {
    const row = await visibleDiscussion(ctx, parseId(ctx.params.id, DISCUSSION_NOT_FOUND));
    const user = currentUser(ctx);
    if (!canEditDiscussion(user, row)) throw forbidden('You can only delete your own discussions');
    const moderated = isModeratingOthers(user, row) ? moderationEntry(ctx, 'discussion.deleted') : undefined;
    if (!(await repo.deleteDiscussion(db, row.id, moderated))) throw notFound(DISCUSSION_NOT_FOUND);
    ctx.body = { ok: true };
  });

  router.patch('/discussions/:id/status', requireRole(...FORUM_MODERATORS), validateBody(DiscussionStatusInput), async (ctx) => {
    const id = parseId(ctx.params.id, DISCUSSION_NOT_FOUND);
    const { status } = ctx.state.body;
    const result = await repo.setDiscussionStatus(db, id, status, statusEntry(ctx, site, status));
    if (result === 'not_found') throw notFound(DISCUSSION_NOT_FOUND);
    if (result === 'no_category') throw badRequest(CATEGORY_REQUIRED, { categoryId: [CATEGORY_REQUIRED] });
    await respondWithDiscussion(ctx, id);
  });

  router.patch('/discussions/:id/featured', requireRole(...FORUM_MODERATORS), validateBody(DiscussionFeaturedInput), async (ctx) => {
    const id = parseId(ctx.params.id, DISCUSSION_NOT_FOUND);
    const { isFeatured } = ctx.state.body;
    // Featuring puts a discussion on the Main Page: recorded whoever wrote it.
    const entry = moderationEntry(ctx, isFeatured ? 'discussion.featured' : 'discussion.unfeatured', { isFeatured: !isFeatured }, { isFeatured });
    if (!(await repo.setDiscussionFeatured(db, id, isFeatured, entry))) throw notFound(DISCUSSION_NOT_FOUND);
    await respondWithDiscussion(ctx, id);
  });

  router.post('/replies', requireUser, validateBody(ReplyCreateInput), limits.limit('comment', { counts: countsWhenCreated }), async (ctx) => {
    const user = currentUser(ctx);
    const writtenAt = acceptedWrittenAt(ctx.state.body.writtenAt, user.row);
    await visibleDiscussion(ctx, ctx.state.body.discussionId, 'edit');
    const input = { ...ctx.state.body, content: await withMemberNames(db, ctx.state.body.content, { max: LIMITS.commentMax, noun: 'Reply' }) };
    const origin = originOf(ctx, site);
    // The reply's notifications are written in its transaction (docs/notifications.md).
    const result = await repo.createReply(db, { ...input, writtenAt, authorId: user.id }, (trx, id) =>
      recordEvent(trx, { type: 'reply.posted', actorId: user.id, origin, replyId: id, discussionId: input.discussionId, content: input.content }),
    );
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

  // ------------------------------------------------------------------------------------------
  // Members edit their own replies (the comments' design), moderators read edit
  // histories, and a discussion's author or a moderator marks one reply as the answer.

  /** A post's edit history for moderators; 404 when the caller may not see the post. */
  async function respondWithHistory(ctx: Koa.Context, post: EditedPost, id: string): Promise<void> {
    const rows = await listEdits(db, post, id);
    const editors = await authorsByIds(db, rows.map((r) => r.editor_id));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = rows.map((r) => presentEdit(r, editors));
  }

  /** The reply if it and its discussion are open to the caller for `edit`; 404 otherwise (hidden ones too). */
  async function editableReply(ctx: Koa.Context): Promise<repo.EditableReply> {
    const reply = await repo.findEditableReply(db, parseId(ctx.params.id, REPLY_NOT_FOUND));
    const discussion = reply && { author_id: reply.discussion_author_id, status: reply.discussion_status, hidden_at: reply.discussion_hidden_at };
    if (!canOpen(ctx.state.user, 'discussion', discussion, 'edit') || !canOpen(ctx.state.user, 'reply', reply, 'edit')) throw notFound(REPLY_NOT_FOUND);
    return reply;
  }

  router.patch('/replies/:id', requireUser, validateBody(ReplyEditInput), limits.limit('comment'), async (ctx) => {
    const user = currentUser(ctx);
    const reply = await editableReply(ctx);
    if (!canEditReply(user, reply)) throw forbidden('You can only edit your own replies');
    // A locked discussion is closed to new words, edits included (docs/decisions/2026-11-28-solved-and-forum-edits.md).
    if (toBool(reply.discussion_locked)) throw locked('This discussion is locked');
    const content = await withMemberNames(db, ctx.state.body.content, { max: LIMITS.commentMax, noun: 'Reply' });
    const origin = originOf(ctx, site);
    // Only the members the edit newly mentions are told (previousContent), in the edit's transaction.
    const edited = await repo.editReply(db, reply.id, user.id, content, (trx, before, after) =>
      recordEvent(trx, { type: 'reply.edited', actorId: user.id, origin, replyId: after.id, discussionId: reply.discussion_id, content: after.content, previousContent: before.content }),
    );
    if (!edited) throw notFound(REPLY_NOT_FOUND);
    const row = (await repo.findReply(db, reply.id))!;
    ctx.body = presentReply(row, await authorsByIds(db, [row.author_id]));
  });

  router.get('/replies/:id/edits', requireUser, async (ctx) => {
    if (!canReadEditHistory(currentUser(ctx))) throw forbidden('Only editors and admins can read edit histories');
    const reply = await editableReply(ctx);
    await respondWithHistory(ctx, 'reply_id', reply.id);
  });

  router.get('/discussions/:id/edits', requireUser, async (ctx) => {
    if (!canReadEditHistory(currentUser(ctx))) throw forbidden('Only editors and admins can read edit histories');
    const row = await visibleDiscussion(ctx, parseId(ctx.params.id, DISCUSSION_NOT_FOUND));
    await respondWithHistory(ctx, 'discussion_id', row.id);
  });

  router.put('/discussions/:id/answer', requireUser, validateBody(DiscussionAnswerInput), async (ctx) => {
    const user = currentUser(ctx);
    const row = await visibleDiscussion(ctx, parseId(ctx.params.id, DISCUSSION_NOT_FOUND), 'edit');
    if (!canMarkAnswer(user, row)) throw forbidden("Only the discussion's author or a moderator can mark its answer");
    const { replyId } = ctx.state.body;
    const origin = originOf(ctx, site);
    // The answer's author is told in the marking's transaction (never the actor: marking one's own reply tells nobody).
    const result = await repo.setAnswer(db, row.id, replyId, async (trx, marked) => {
      if (marked) await recordEvent(trx, { type: 'answer.marked', actorId: user.id, origin, replyId: marked.id, discussionId: row.id, replyAuthorId: marked.author_id });
    });
    if (result.kind === 'not_found') throw notFound(DISCUSSION_NOT_FOUND);
    if (result.kind === 'bad_reply') {
      const message = 'The answer must be a reply in this discussion';
      throw badRequest(message, { replyId: [message] });
    }
    await respondWithDiscussion(ctx, row.id);
  });

  return router;
}
