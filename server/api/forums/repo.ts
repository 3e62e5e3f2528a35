import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { ContentStatus } from '../../../contracts/common';
import type { DiscussionCreateInput, DiscussionUpdateInput } from '../../../contracts/forums';
import { isForeignKeyViolation, now, toBool } from '../../db/dialect';
import { recordEvent } from '../../events/index';
import type { DiscussionCursor } from '../cursor';
import { existingClientRow, retryOnClientIdRace } from '../client-ids';
import { isPublished, whereListedPublicly, whereOpenTo, type Viewer } from '../content/visibility';
import type { DiscussionNewsCategoryRow, DiscussionRow, ForumCategoryRow, ReplyRow } from './presenter';
import { editComment, type CommentRow } from '../comments/repo';
import { FORUM_REPLY_EDITS } from '../comments/targets';
import { hiddenColumns, HIDDEN_COLUMNS } from '../moderation/visibility';

/**
 * Forum data access: the only module here that talks to knex.
 *
 * Maintained counters, each changed in the same transaction as the write that affects it:
 * - forum_categories.discussion_count = published discussions in the category;
 * - forum_discussions.reply_count / last_reply_at = number of replies / newest reply's time.
 * Every write that moves a counter first locks the discussion row (SELECT … FOR UPDATE on
 * PostgreSQL; SQLite has one connection, so its transactions are serial anyway). Concurrent
 * writes to one discussion therefore apply one after another, and +1/-1 increments stay exact.
 */

const DISCUSSION_COLUMNS = [
  'd.id',
  'd.title',
  'd.content',
  'd.category_id',
  'c.name as category_name',
  'd.author_id',
  'd.is_pinned',
  'd.is_locked',
  'd.is_featured',
  'd.reply_count',
  'd.likes',
  'd.last_reply_at',
  'd.status',
  'd.created_at',
  'd.updated_at',
  'd.edited_at',
  'd.answer_reply_id',
  ...hiddenColumns('d'),
];

const discussions = (db: Knex) =>
  db('forum_discussions as d').leftJoin('forum_categories as c', 'c.id', 'd.category_id').select(DISCUSSION_COLUMNS);

// ---------------------------------------------------------------------------------------------
// Categories

export async function listForumCategories(db: Knex): Promise<ForumCategoryRow[]> {
  // The newest post (discussion or reply) among the category's public discussions, in the same query
  // (a scalar subquery on the (category_id, created_at) index): the home page's forum cards show it.
  const lastActivity = whereListedPublicly(db('forum_discussions as d'), 'discussion', 'd')
    .where('d.category_id', db.ref('c.id'))
    .max({ at: db.raw('coalesce(d.last_reply_at, d.created_at)') });
  return db('forum_categories as c')
    .select('c.id', 'c.name', 'c.description', 'c.icon', 'c.color', 'c.discussion_count', 'c.created_at', lastActivity.as('last_activity_at'))
    .orderBy([{ column: 'c.created_at' }, { column: 'c.name' }]);
}

export interface NewForumCategory {
  name: string;
  description?: string | null;
  icon?: string | null;
  color?: string | null;
}

/** There is no API to create forum categories (spec 7); the seed and tests use this. */
export async function insertForumCategory(db: Knex, category: NewForumCategory): Promise<string> {
  const id = uuidv7();
  await db('forum_categories').insert({
    id,
    name: category.name,
    description: category.description ?? null,
    icon: category.icon ?? null,
    color: category.color ?? null,
    discussion_count: 0,
    created_at: now(),
  });
  return id;
}

export async function categoryExists(db: Knex, id: string): Promise<boolean> {
  return Boolean(await db('forum_categories').where({ id }).first('id'));
}

/** Moves a category's published-discussion counter; a discussion without category counts nowhere. */
async function bumpCategory(trx: Knex.Transaction, categoryId: string | null, delta: 1 | -1): Promise<void> {
  if (categoryId) await trx('forum_categories').where({ id: categoryId }).increment('discussion_count', delta);
}

export interface LockedDiscussion {
  id: string;
  title: string;
  author_id: string | null;
  category_id: string | null;
  status: string;
  is_locked: unknown;
  is_featured: unknown;
}

/** Called inside a moderation write's transaction with the discussion as it was (the audit entry). */
export type DiscussionChanged = (trx: Knex.Transaction, before: LockedDiscussion) => Promise<void>;

async function lockDiscussion(trx: Knex.Transaction, id: string): Promise<LockedDiscussion | undefined> {
  return trx<LockedDiscussion>('forum_discussions')
    .where({ id })
    .forUpdate()
    .first('id', 'title', 'author_id', 'category_id', 'status', 'is_locked', 'is_featured');
}

// ---------------------------------------------------------------------------------------------
// Discussions

export async function findDiscussion(db: Knex, id: string): Promise<DiscussionRow | undefined> {
  return discussions(db).where('d.id', id).first();
}

export interface DiscussionListOptions {
  /** Include every draft (editors/admins). */
  categoryId?: string;
  /** Only discussions without a marked answer. */
  unanswered?: boolean;
  before?: DiscussionCursor;
  limit: number;
  /** Who asks: drafts and hidden discussions are listed only for their author and moderators. */
  viewer?: Viewer;
}

/** One page in list order: pinned first, then newest, id as the tie-breaker. */
export async function listDiscussions(db: Knex, opts: DiscussionListOptions): Promise<DiscussionRow[]> {
  const q = whereOpenTo(discussions(db), opts.viewer, 'discussion', 'd');
  if (opts.categoryId) q.where('d.category_id', opts.categoryId);
  if (opts.unanswered) q.whereNull('d.answer_reply_id');
  const before = opts.before;
  if (before) {
    q.where((w) =>
      w
        .where('d.is_pinned', '<', before.pinned)
        .orWhere((w2) => w2.where('d.is_pinned', before.pinned).where('d.created_at', '<', before.createdAt))
        .orWhere((w3) =>
          w3.where('d.is_pinned', before.pinned).where('d.created_at', before.createdAt).where('d.id', '<', before.id),
        ),
    );
  }
  return q
    .orderBy([
      { column: 'd.is_pinned', order: 'desc' },
      { column: 'd.created_at', order: 'desc' },
      { column: 'd.id', order: 'desc' },
    ])
    .limit(opts.limit);
}

/** News categories of many discussions in one query, grouped by discussion id. */
export async function newsCategoriesByDiscussion(
  db: Knex,
  discussionIds: string[],
): Promise<Map<string, DiscussionNewsCategoryRow[]>> {
  const out = new Map<string, DiscussionNewsCategoryRow[]>();
  if (!discussionIds.length) return out;
  const rows: DiscussionNewsCategoryRow[] = await db('discussion_news_categories as l')
    .join('news_categories as n', 'n.id', 'l.category_id')
    .whereIn('l.discussion_id', discussionIds)
    .select('l.discussion_id', 'n.id', 'n.name', 'n.slug', 'n.color')
    .orderBy([{ column: 'n.display_order' }, { column: 'n.name' }]);
  for (const row of rows) {
    const list = out.get(row.discussion_id) ?? [];
    list.push(row);
    out.set(row.discussion_id, list);
  }
  return out;
}

/** `existing`: the client id was already posted as this author's discussion; nothing was written. */
export type CreateDiscussionResult = { kind: 'created' | 'existing'; id: string } | { kind: 'unknown_category' };

/**
 * New discussions are published (spec 9: default content status) and count in their category; a
 * draft (which may have no category yet) counts nowhere until it is published.
 */
export async function createDiscussion(
  db: Knex,
  authorId: string,
  input: DiscussionCreateInput,
  /** Called with the new discussion's id inside its transaction, only when this call wrote it (notifications). */
  inTransaction?: (trx: Knex.Transaction, id: string) => Promise<unknown>,
): Promise<CreateDiscussionResult> {
  const id = input.id ?? uuidv7();
  const ts = now();
  try {
    return await retryOnClientIdRace(input.id, () => db.transaction(async (trx) => {
      if (input.id && (await existingClientRow(trx, 'forum_discussions', id, { author_id: authorId }))) return { kind: 'existing', id } as const;
      const categoryId = input.categoryId ?? null;
      if (categoryId && !(await categoryExists(trx, categoryId))) return { kind: 'unknown_category' } as const;
      const status = input.status ?? 'published';
      await trx('forum_discussions').insert({
        id,
        title: input.title,
        content: input.content,
        category_id: categoryId,
        author_id: authorId,
        status,
        created_at: ts,
        updated_at: ts,
      });
      if (isPublished({ status })) await bumpCategory(trx, categoryId, 1);
      await inTransaction?.(trx, id);
      return { kind: 'created', id } as const;
    }));
  } catch (err) {
    // The category was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) return { kind: 'unknown_category' };
    throw err;
  }
}

export type UpdateDiscussionResult = 'updated' | 'not_found' | 'unknown_category' | 'no_category';

/**
 * Edits a discussion, and publishes or unpublishes it when `status` changes (`statusChanged` runs in
 * the transaction then). 'no_category': the result would be published without a category.
 */
export async function updateDiscussion(
  db: Knex,
  id: string,
  input: DiscussionUpdateInput,
  editorId?: string,
  statusChanged?: DiscussionChanged,
): Promise<UpdateDiscussionResult> {
  try {
    return await db.transaction(async (trx) => {
      const current = await lockDiscussion(trx, id);
      if (!current) return 'not_found';
      const nextCategory = input.categoryId !== undefined ? input.categoryId : current.category_id;
      const nextStatus = input.status ?? (current.status as ContentStatus);
      if (isPublished({ status: nextStatus }) && !nextCategory) return 'no_category';
      const moving = nextCategory !== current.category_id;
      if (moving && nextCategory && !(await categoryExists(trx, nextCategory))) return 'unknown_category';
      const changes: Record<string, unknown> = { updated_at: now() };
      if (editorId) Object.assign(changes, await recordDiscussionWords(trx, id, editorId, input, changes.updated_at as string));
      if (input.title !== undefined) changes.title = input.title;
      if (input.content !== undefined) changes.content = input.content;
      if (input.categoryId !== undefined) changes.category_id = input.categoryId;
      if (input.isPinned !== undefined) changes.is_pinned = input.isPinned;
      if (input.isLocked !== undefined) changes.is_locked = input.isLocked;
      const statusMoves = nextStatus !== current.status;
      if (statusMoves) changes.status = nextStatus;
      await trx('forum_discussions').where({ id }).update(changes);
      // The counter holds published discussions per category: take it out of the old, into the new.
      if (moving || statusMoves) {
        if (isPublished(current)) await bumpCategory(trx, current.category_id, -1);
        if (isPublished({ status: nextStatus })) await bumpCategory(trx, nextCategory, 1);
      }
      if (statusMoves) await statusChanged?.(trx, current);
      return 'updated';
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) return 'unknown_category';
    throw err;
  }
}

export type SetStatusResult = 'set' | 'not_found' | 'no_category';

/** Only a real change of status moves the category counter; a discussion without category stays a draft. */
export async function setDiscussionStatus(db: Knex, id: string, status: ContentStatus, changed?: DiscussionChanged): Promise<SetStatusResult> {
  return db.transaction(async (trx) => {
    const current = await lockDiscussion(trx, id);
    if (!current) return 'not_found';
    if (current.status === status) return 'set';
    if (isPublished({ status }) && !current.category_id) return 'no_category';
    await trx('forum_discussions').where({ id }).update({ status, updated_at: now() });
    await bumpCategory(trx, current.category_id, isPublished({ status }) ? 1 : -1);
    await changed?.(trx, current);
    return 'set';
  });
}

/** false when the discussion does not exist; `changed` runs only when the flag really changes. */
export async function setDiscussionFeatured(db: Knex, id: string, isFeatured: boolean, changed?: DiscussionChanged): Promise<boolean> {
  return db.transaction(async (trx) => {
    const current = await lockDiscussion(trx, id);
    if (!current) return false;
    await trx('forum_discussions').where({ id }).update({ is_featured: isFeatured, updated_at: now() });
    if (toBool(current.is_featured) !== isFeatured) await changed?.(trx, current);
    return true;
  });
}

/** Deletes the discussion; its replies and news-category links go with it (ON DELETE CASCADE). */
export async function deleteDiscussion(db: Knex, id: string, deleted?: DiscussionChanged): Promise<boolean> {
  return db.transaction(async (trx) => {
    const current = await lockDiscussion(trx, id);
    if (!current) return false;
    const answer = await answerHeld(trx, id);
    await trx('forum_discussions').where({ id }).delete();
    await returnPointsIfGone(trx, answer);
    if (isPublished(current)) await bumpCategory(trx, current.category_id, -1);
    await deleted?.(trx, current);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Replies

const REPLY_COLUMNS = ['id', 'content', 'discussion_id', 'parent_reply_id', 'author_id', 'likes', 'written_at', 'created_at', 'edited_at', ...HIDDEN_COLUMNS];

export async function findReply(db: Knex, id: string): Promise<ReplyRow | undefined> {
  return db<ReplyRow>('forum_replies').where({ id }).first(REPLY_COLUMNS);
}

/** All replies of a discussion, oldest first, in one query. */
export async function listReplies(db: Knex, discussionId: string): Promise<ReplyRow[]> {
  return db<ReplyRow>('forum_replies')
    .where({ discussion_id: discussionId })
    .select<ReplyRow[]>(REPLY_COLUMNS)
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
}

export interface NewReply {
  discussionId: string;
  authorId: string;
  content: string;
  parentReplyId?: string | null;
  /** Client-chosen id and writing time (the offline outbox); the time already checked (`acceptedWrittenAt`). */
  id?: string;
  writtenAt?: string | null;
}

/** `existing`: the client id was already posted as this author's reply here; nothing was written. */
export type CreateReplyResult = { kind: 'created' | 'existing'; id: string } | { kind: 'not_found' } | { kind: 'locked' } | { kind: 'bad_parent' };

/**
 * Inserts a reply and moves reply_count / last_reply_at in one transaction. The lock is checked
 * under the row lock, so a reply cannot slip in after a moderator locked the discussion.
 */
/**
 * `inTransaction`: called with the new reply's id inside the transaction that writes it, only when
 * this call wrote it (not for a replay); the route puts the reply's notifications there.
 */
export async function createReply(db: Knex, reply: NewReply, inTransaction?: (trx: Knex.Transaction, id: string) => Promise<unknown>): Promise<CreateReplyResult> {
  const id = reply.id ?? uuidv7();
  const ts = now();
  try {
    return await retryOnClientIdRace(reply.id, () => db.transaction(async (trx) => {
      const owner = { discussion_id: reply.discussionId, author_id: reply.authorId };
      if (reply.id && (await existingClientRow(trx, 'forum_replies', id, owner))) return { kind: 'existing', id } as const;
      const discussion = await lockDiscussion(trx, reply.discussionId);
      if (!discussion) return { kind: 'not_found' } as const;
      if (toBool(discussion.is_locked)) return { kind: 'locked' } as const;
      if (reply.parentReplyId) {
        const parent = await trx('forum_replies')
          .where({ id: reply.parentReplyId, discussion_id: reply.discussionId })
          .first('id');
        if (!parent) return { kind: 'bad_parent' } as const;
      }
      await trx('forum_replies').insert({
        id,
        content: reply.content,
        discussion_id: reply.discussionId,
        parent_reply_id: reply.parentReplyId ?? null,
        author_id: reply.authorId,
        written_at: reply.writtenAt ?? null,
        created_at: ts,
      });
      await trx('forum_discussions')
        .where({ id: reply.discussionId })
        .update({ last_reply_at: ts })
        .increment('reply_count', 1);
      await inTransaction?.(trx, id);
      return { kind: 'created', id } as const;
    }));
  } catch (err) {
    // The parent reply was deleted between the check and the insert.
    if (isForeignKeyViolation(err)) return { kind: 'bad_parent' };
    throw err;
  }
}

/**
 * Deletes a reply and the replies nested under it (ON DELETE CASCADE), then recounts the
 * discussion's reply_count and last_reply_at under the discussion's lock (exact, even when a
 * whole subtree went).
 */
export async function deleteReply(db: Knex, reply: Pick<ReplyRow, 'id' | 'discussion_id'>): Promise<boolean> {
  return db.transaction(async (trx) => {
    const discussionId = reply.discussion_id;
    if (!(await lockDiscussion(trx, discussionId))) return false;
    const answer = await answerHeld(trx, discussionId);
    const n = await trx('forum_replies').where({ id: reply.id }).delete();
    if (!n) return false;
    await returnPointsIfGone(trx, answer);
    const remaining = trx('forum_replies').where({ discussion_id: discussionId });
    await trx('forum_discussions')
      .where({ id: discussionId })
      .update({
        reply_count: remaining.clone().count('*'),
        last_reply_at: remaining.clone().max('created_at'),
      });
    return true;
  });
}

/** The sitemap's discussions: id and last change of the newest `limit` public ones. */
export function listPublicDiscussionStamps(db: Knex, limit: number): Promise<Array<{ id: string; updated_at: unknown }>> {
  return whereListedPublicly(db('forum_discussions'), 'discussion').orderBy('created_at', 'desc').limit(limit).select('id', 'updated_at');
}

// ---------------------------------------------------------------------------------------------
// Edits of members' own words (the comments' design: server/api/comments/repo.ts)

/**
 * A title or words that really change go to the edit history (what they replaced, and who changed
 * them) and mark the discussion edited; the same words again (a replayed offline edit) change nothing.
 * Returns the columns to add to the update.
 */
async function recordDiscussionWords(trx: Knex.Transaction, id: string, editorId: string, input: DiscussionUpdateInput, at: string): Promise<Record<string, unknown>> {
  const before: { title: string; content: string } = await trx('forum_discussions').where({ id }).first('title', 'content');
  const titleChanged = input.title !== undefined && input.title !== before.title;
  const contentChanged = input.content !== undefined && input.content !== before.content;
  if (!titleChanged && !contentChanged) return {};
  await recordEvent(trx, { type: 'post.edited', post: 'discussion_id', postId: id, editorId, previous: { content: before.content, title: titleChanged ? before.title : null }, at });
  return { edited_at: at };
}

/** The reply's row with what decides whether it may be edited (its discussion's visibility). */
export interface EditableReply extends ReplyRow {
  discussion_status: string;
  discussion_author_id: string | null;
  hidden_at: unknown;
  discussion_hidden_at: unknown;
  discussion_locked: unknown;
}

export async function findEditableReply(db: Knex, id: string): Promise<EditableReply | undefined> {
  return db('forum_replies as r')
    .join('forum_discussions as d', 'd.id', 'r.discussion_id')
    .where('r.id', id)
    .first([
      ...REPLY_COLUMNS.map((c) => `r.${c}`),
      'r.hidden_at',
      'd.status as discussion_status',
      'd.author_id as discussion_author_id',
      'd.hidden_at as discussion_hidden_at',
      'd.is_locked as discussion_locked',
    ]);
}

/**
 * The author's new words for a reply, the comments' way (editComment: history, edited_at, the
 * mentions it adds notified in `inTransaction`). Undefined when it is gone.
 */
export function editReply(
  db: Knex,
  id: string,
  editorId: string,
  content: string,
  inTransaction?: (trx: Knex.Transaction, before: CommentRow, after: CommentRow) => Promise<unknown>,
) {
  return editComment(db, FORUM_REPLY_EDITS, id, editorId, content, inTransaction);
}

// ---------------------------------------------------------------------------------------------
// Solved: the marked answer (docs/decisions/2026-11-28-solved.md)

/** What the answer's author earns while their reply is the discussion's marked answer. */
export const ANSWER_POINTS = 15;

interface HeldAnswer {
  reply_id: string;
  author_id: string | null;
}

/** The discussion's marked answer and its author (call under the discussion's lock). */
async function answerHeld(trx: Knex.Transaction, discussionId: string): Promise<HeldAnswer | undefined> {
  const row: HeldAnswer | undefined = await trx('forum_discussions as d')
    .join('forum_replies as r', 'r.id', 'd.answer_reply_id')
    .where('d.id', discussionId)
    .first('r.id as reply_id', 'r.author_id');
  return row;
}

async function movePoints(trx: Knex.Transaction, userId: string | null, delta: number): Promise<void> {
  if (userId) await trx('users').where({ id: userId }).increment('points', delta);
}

/** After a delete: an answer whose reply went with it (ON DELETE SET NULL / CASCADE) gives its points back. */
async function returnPointsIfGone(trx: Knex.Transaction, answer: HeldAnswer | undefined): Promise<void> {
  if (!answer) return;
  if (await trx('forum_replies').where({ id: answer.reply_id }).first('id')) return;
  await movePoints(trx, answer.author_id, -ANSWER_POINTS);
}

export type MarkAnswerResult =
  | { kind: 'not_found' }
  | { kind: 'bad_reply' }
  /** `marked`: the reply newly marked (its author to be told); null when nothing new was marked. */
  | { kind: 'done'; marked: { id: string; author_id: string | null } | null };

/**
 * Marks `replyId` as the discussion's answer (null: unmarks), moving the points in the same
 * transaction: the previous answer's author gives them back, the new one's earns them. Marking the
 * reply that already is the answer changes nothing (a repeated request). `changed` runs only on a change.
 */
export async function setAnswer(
  db: Knex,
  discussionId: string,
  replyId: string | null,
  changed?: (trx: Knex.Transaction, marked: { id: string; author_id: string | null } | null) => Promise<unknown>,
): Promise<MarkAnswerResult> {
  return db.transaction(async (trx) => {
    if (!(await lockDiscussion(trx, discussionId))) return { kind: 'not_found' } as const;
    const previous = await answerHeld(trx, discussionId);
    if ((previous?.reply_id ?? null) === replyId) return { kind: 'done', marked: null } as const;
    let marked: { id: string; author_id: string | null } | null = null;
    if (replyId) {
      marked = (await trx('forum_replies').where({ id: replyId, discussion_id: discussionId }).first('id', 'author_id')) ?? null;
      if (!marked) return { kind: 'bad_reply' } as const;
    }
    await trx('forum_discussions').where({ id: discussionId }).update({ answer_reply_id: replyId });
    if (previous) await movePoints(trx, previous.author_id, -ANSWER_POINTS);
    if (marked) await movePoints(trx, marked.author_id, ANSWER_POINTS);
    await changed?.(trx, marked);
    return { kind: 'done', marked } as const;
  });
}
