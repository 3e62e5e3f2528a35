import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { now, toIso } from '../../db/dialect';
import { recordEvent } from '../../events/index';
import { existingClientRow, retryOnClientIdRace } from '../client-ids';
import type { AscCursor } from '../cursor';
import type { CommentTarget, EditTarget } from './targets';
import { HIDDEN_COLUMNS } from '../moderation/visibility';

export interface CommentRow {
  id: string;
  /** The parent's id, whichever the target's column is called. */
  parent_id: string;
  author_id: string | null;
  content: string;
  /** When the author wrote it offline (null when posted straight away). */
  written_at: unknown;
  created_at: unknown;
  /** When its author last changed it (null: never). */
  edited_at?: unknown;
  /** Hidden by a moderator or by members' reports (server/api/moderation/visibility.ts). */
  hidden_at?: unknown;
  hidden_reason?: string | null;
}

/** The target's parent column read back as `parent_id`, so callers never name it. */
const columns = (target: Pick<EditTarget, 'parentColumn'>) => ['id', `${target.parentColumn} as parent_id`, 'author_id', 'content', 'written_at', 'created_at', 'edited_at', ...HIDDEN_COLUMNS];

/** Oldest first; one row more than `limit` tells the caller another page exists. */
export async function listComments(db: Knex, target: CommentTarget, parentId: string, limit: number, after?: AscCursor): Promise<CommentRow[]> {
  const q = db(target.table).where({ [target.parentColumn]: parentId });
  if (after) {
    const [createdAt, id] = after;
    q.andWhere((w) => w.where('created_at', '>', createdAt).orWhere((x) => x.where('created_at', createdAt).andWhere('id', '>', id)));
  }
  return q.orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(limit + 1).select(columns(target));
}

export async function findComment(db: Knex, target: CommentTarget, id: string): Promise<CommentRow | undefined> {
  return db(target.table).where({ id }).first(columns(target));
}

/** A client-chosen id and writing time (both optional), sent by the offline outbox. */
export interface ClientWrite {
  id?: string;
  /** Already checked against the author's account and clamped (`acceptedWrittenAt`). */
  writtenAt?: string | null;
}

/**
 * Inserts the comment and bumps the parent's comment_count in one transaction. With a client id
 * that this author already used on this parent, nothing is written and `created` is false.
 * Undefined, with nothing written, when the parent no longer exists.
 */
export async function insertComment(
  db: Knex,
  target: CommentTarget,
  parentId: string,
  authorId: string,
  content: string,
  client: ClientWrite = {},
  /** Called inside the transaction that writes the comment, only when this call wrote it (the route's notifications). */
  inTransaction?: (trx: Knex.Transaction, comment: CommentRow) => Promise<unknown>,
): Promise<(CommentRow & { created: boolean }) | undefined> {
  const row: CommentRow = { id: client.id ?? uuidv7(), parent_id: parentId, author_id: authorId, content, written_at: client.writtenAt ?? null, created_at: now() };
  const { parent_id, ...rest } = row;
  const outcome = await retryOnClientIdRace(client.id, () =>
    db.transaction(async (trx) => {
      if (client.id && (await existingClientRow(trx, target.table, client.id, { [target.parentColumn]: parentId, author_id: authorId }))) return 'existing' as const;
      // Counter first: it locks the parent row on pg, so a concurrent delete cannot slip between.
      const bumped = await trx(target.parentTable)
        .where({ id: parentId })
        .update({ comment_count: trx.raw('?? + 1', ['comment_count']) });
      if (!bumped) return 'no_parent' as const;
      await trx(target.table).insert({ ...rest, [target.parentColumn]: parent_id });
      await recordEvent(trx, { type: 'comment.created', parentTable: target.parentTable, parentId: parent_id, commentId: row.id, createdAt: toIso(row.created_at)! });
      await inTransaction?.(trx, row);
      return 'created' as const;
    }),
  );
  if (outcome === 'no_parent') return undefined;
  if (outcome === 'created') return { ...row, created: true };
  return { ...(await findComment(db, target, row.id))!, created: false };
}

/**
 * The author's new words: the old ones go to the edit history and the comment is marked edited, in
 * one transaction (with `inTransaction`: the notifications of mentions the change adds). The same
 * words again change nothing (an offline edit replayed): `changed` false. Undefined when it is gone.
 */
export async function editComment(
  db: Knex,
  target: EditTarget,
  id: string,
  editorId: string,
  content: string,
  inTransaction?: (trx: Knex.Transaction, before: CommentRow, after: CommentRow) => Promise<unknown>,
): Promise<{ comment: CommentRow; changed: boolean } | undefined> {
  return db.transaction(async (trx) => {
    const before: CommentRow | undefined = await trx(target.table).where({ id }).forUpdate().first(columns(target));
    if (!before) return undefined;
    if (before.content === content) return { comment: before, changed: false };
    const at = now();
    await recordEvent(trx, { type: 'post.edited', post: target.editColumn, postId: id, editorId, previous: { content: before.content, title: null }, at });
    await trx(target.table).where({ id }).update({ content, edited_at: at });
    const after = { ...before, content, edited_at: at };
    await inTransaction?.(trx, before, after);
    return { comment: after, changed: true };
  });
}

/** Deletes the comment; the counter only moves if this call really removed it (false when it was gone). */
export async function deleteComment(db: Knex, target: CommentTarget, comment: CommentRow): Promise<boolean> {
  return db.transaction(async (trx) => {
    const deleted = await trx(target.table).where({ id: comment.id }).delete();
    if (!deleted) return false;
    await trx(target.parentTable)
      .where({ id: comment.parent_id })
      .update({ comment_count: trx.raw('?? - 1', ['comment_count']) });
    await recordEvent(trx, { type: 'comment.deleted', parentTable: target.parentTable, parentId: comment.parent_id, commentId: comment.id, createdAt: toIso(comment.created_at)! });
    return true;
  });
}
