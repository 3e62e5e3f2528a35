import type { Knex } from 'knex';
import { AUTO_HIDDEN_REASON, HIDDEN_BY_MODERATOR, type ModerationAction } from '../../../contracts/moderation';
import { now, toInt } from '../../db/dialect';
import type { AscCursor } from '../cursor';
import { deleteComment } from '../comments/repo';
import { deleteDiscussion, deleteReply } from '../forums/repo';
import { lockTarget } from '../reports/repo';
import { TARGET_LIST, type ModerationTarget } from './targets';

/*
 * The moderation queue's data: open reports (resolved_at null) grouped by the item they name. Every
 * query is a fixed number per page, whatever its size: one for the page of items, one for their
 * reports, one per kind of item on the page (at most five), and one for the people.
 */

const TARGET_COLUMNS = TARGET_LIST.map((t) => t.column);
/** Exactly one target column is set: this is the item's id. */
const KEY = `coalesce(${TARGET_COLUMNS.join(', ')})`;

export interface QueueGroupRow {
  news_comment_id: string | null;
  podcast_comment_id: string | null;
  reply_id: string | null;
  discussion_id: string | null;
  member_id: string | null;
  latest: unknown;
}

/** One page of reported items, newest report first, strictly after the cursor (latest, item id). */
export async function listQueue(db: Knex, limit: number, after?: AscCursor): Promise<QueueGroupRow[]> {
  const q = db('reports').whereNull('resolved_at').groupBy(TARGET_COLUMNS).select(...TARGET_COLUMNS, db.raw('max(created_at) as latest'));
  if (after) {
    const [latest, id] = after;
    q.havingRaw(`max(created_at) < ? or (max(created_at) = ? and ${KEY} < ?)`, [latest, latest, id]);
  }
  return q.orderByRaw(`max(created_at) desc, ${KEY} desc`).limit(limit);
}

/** How many items wait in the queue (the admin's desk shows it). */
export async function countQueue(db: Knex): Promise<number> {
  const row = await db.from(db('reports').whereNull('resolved_at').groupBy(TARGET_COLUMNS).select(db.raw('1 as one')).as('g')).count({ n: '*' }).first();
  return toInt(row?.n);
}

export interface OpenReportRow {
  id: string;
  reporter_id: string;
  reason: string;
  note: string | null;
  created_at: unknown;
  news_comment_id: string | null;
  podcast_comment_id: string | null;
  reply_id: string | null;
  discussion_id: string | null;
  member_id: string | null;
}

/** The open reports of these items, newest first, in one query. */
export async function openReportsOf(db: Knex, items: Array<{ target: ModerationTarget; id: string }>): Promise<OpenReportRow[]> {
  if (!items.length) return [];
  return db('reports')
    .whereNull('resolved_at')
    .where((w) => {
      for (const t of TARGET_LIST) {
        const ids = items.filter((i) => i.target === t).map((i) => i.id);
        if (ids.length) w.orWhereIn(t.column, ids);
      }
    })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .select('id', 'reporter_id', 'reason', 'note', 'created_at', ...TARGET_COLUMNS);
}

export interface ItemRow {
  id: string;
  author_id: string | null;
  content: string | null;
  title: string | null;
  /** The article, episode or discussion it is read on (null for discussions and members). */
  parent_id: string | null;
  hidden_at: unknown;
  hidden_reason: string | null;
}

/** The items of one kind, in one query; members come as their name's parts in `title`/`content`. */
export async function itemsOf(db: Knex, target: ModerationTarget, ids: string[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  switch (target.type) {
    case 'article_comment':
    case 'episode_comment': {
      const c = target.comments!;
      return db(target.table)
        .whereIn('id', ids)
        .select('id', 'author_id', 'content', db.raw('null as title'), `${c.parentColumn} as parent_id`, 'hidden_at', 'hidden_reason');
    }
    case 'reply':
      return db('forum_replies').whereIn('id', ids).select('id', 'author_id', 'content', db.raw('null as title'), 'discussion_id as parent_id', 'hidden_at', 'hidden_reason');
    case 'discussion':
      return db('forum_discussions').whereIn('id', ids).select('id', 'author_id', 'content', 'title', db.raw('null as parent_id'), 'hidden_at', 'hidden_reason');
    case 'member':
      return db('users')
        .whereIn('id', ids)
        .select('id', 'id as author_id', db.raw('null as content'), 'email as title', db.raw('null as parent_id'), db.raw('null as hidden_at'), db.raw('null as hidden_reason'));
  }
}

const RESOLUTIONS: Record<ModerationAction, string> = { hide: 'hidden', restore: 'restored', delete: 'deleted', dismiss: 'dismissed' };

export interface ModerationOutcome {
  kind: 'done';
  /** Who reported it (the open reports this action resolved) and who wrote it: told of the outcome. */
  reporterIds: string[];
  authorId: string | null;
  /** The item as it was (for the audit entry and the notifications' links). */
  before: ItemRow;
}

export type ModerateResult = ModerationOutcome | { kind: 'not_found' } | { kind: 'not_hideable' } | { kind: 'nothing_open' };

/**
 * A moderator's decision on one item, in one transaction under the item's lock: the item hidden,
 * restored or deleted (dismiss lifts only an automatic hide: the reports that caused it were
 * unfounded), every open report on it resolved, then `inTransaction` (the audit entry and the
 * notifications). Deleting takes the reports with the item (ON DELETE CASCADE); the audit keeps the trail.
 */
export async function moderate(
  db: Knex,
  target: ModerationTarget,
  id: string,
  action: ModerationAction,
  moderatorId: string,
  note: string | null,
  inTransaction: (trx: Knex.Transaction, outcome: ModerationOutcome) => Promise<unknown>,
): Promise<ModerateResult> {
  return db.transaction(async (trx): Promise<ModerateResult> => {
    if (!target.hideable && action !== 'dismiss') return { kind: 'not_hideable' };
    const locked = await lockTarget(trx, target, id);
    if (!locked) return { kind: 'not_found' };
    const [before] = await itemsOf(trx, target, [id]);
    const open: Array<{ id: string; reporter_id: string }> = await trx('reports').where({ [target.column]: id }).whereNull('resolved_at').select('id', 'reporter_id');
    if (action === 'dismiss' && !open.length) return { kind: 'nothing_open' };
    const at = now();
    if (open.length) {
      await trx('reports')
        .whereIn('id', open.map((r) => r.id))
        .update({ resolved_at: at, resolution: RESOLUTIONS[action], resolved_by: moderatorId, resolution_note: note });
    }
    const outcome: ModerationOutcome = { kind: 'done', reporterIds: open.map((r) => r.reporter_id), authorId: target.type === 'member' ? null : before.author_id, before };
    // Notifications name the item, so they are written while it still exists.
    if (action !== 'delete') await inTransaction(trx, outcome);
    if (action === 'hide') await trx(target.table).where({ id }).update({ hidden_at: at, hidden_reason: note ?? HIDDEN_BY_MODERATOR });
    if (action === 'restore' || (action === 'dismiss' && before.hidden_reason === AUTO_HIDDEN_REASON)) {
      await trx(target.table).where({ id }).update({ hidden_at: null, hidden_reason: null });
    }
    if (action === 'delete') {
      if (target.comments) await deleteComment(trx, target.comments, { id, parent_id: before.parent_id!, author_id: before.author_id, content: '', written_at: null, created_at: null });
      else if (target.type === 'reply') await deleteReply(trx, { id, discussion_id: before.parent_id! });
      else if (target.type === 'discussion') await deleteDiscussion(trx, id);
      await inTransaction(trx, outcome);
    }
    return outcome;
  });
}
