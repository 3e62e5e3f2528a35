import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { now } from '../../db/dialect';
import { transactionOrRefusal } from '../../db/transaction';
import { likeRefOf, recordEvent } from '../../events/index';

/**
 * One like per user and item, recorded in `user_interactions` (unique on user, target type,
 * target id and interaction type), with the item's `likes` column kept equal to the number of
 * those rows. The counter only moves when a row really was inserted or deleted, inside the same
 * transaction, so replays and concurrent likes count exactly once.
 */
export type LikeTargetType = 'article' | 'podcast';

/** The table holding each target type's maintained `likes` counter. */
const COUNTER_TABLE: Record<LikeTargetType, string> = {
  article: 'news_articles',
  podcast: 'podcast_episodes',
};

const LIKE = 'like';

export interface LikeState {
  liked: boolean;
  likes: number;
}

/** The item's counter after the change; undefined when the item is gone. */
async function changeCounter(trx: Knex.Transaction, type: LikeTargetType, id: string, by: 1 | -1): Promise<number | undefined> {
  // `likes = likes + 1` in the database: atomic under concurrent writers (the row is locked on pg).
  const [row] = await trx(COUNTER_TABLE[type])
    .where({ id })
    .update({ likes: trx.raw('?? + ?', ['likes', by]) })
    .returning('likes');
  return row ? Number(row.likes) : undefined;
}

async function readCounter(trx: Knex.Transaction, type: LikeTargetType, id: string): Promise<number | undefined> {
  const row = await trx(COUNTER_TABLE[type]).where({ id }).first('likes');
  return row ? Number(row.likes) : undefined;
}

/**
 * Deletes the likes `where` names, taking each off the dashboard's counters (their days: read first,
 * as SQLite's DELETE through Knex returns no rows); how many there were.
 */
async function takeLikes(trx: Knex.Transaction, where: Record<string, string>): Promise<number> {
  const likes: { target_type: string; target_id: string; created_at: unknown }[] = await trx('user_interactions').where({ ...where, interaction_type: LIKE }).forUpdate().select('target_type', 'target_id', 'created_at');
  if (!likes.length) return 0;
  await recordEvent(trx, { type: 'likes.removed', likes: likes.map(likeRefOf) });
  return trx('user_interactions').where({ ...where, interaction_type: LIKE }).delete();
}

/** Undefined, with nothing written, when the item no longer exists. */
export async function addLike(db: Knex, userId: string, type: LikeTargetType, targetId: string): Promise<LikeState | undefined> {
  return transactionOrRefusal(db, async (trx, refuse: (gone: undefined) => never) => {
    const like = { id: uuidv7(), user_id: userId, target_type: type, target_id: targetId, interaction_type: LIKE, created_at: now() };
    const inserted = await trx('user_interactions')
      .insert(like)
      .onConflict(['user_id', 'target_type', 'target_id', 'interaction_type'])
      .ignore()
      .returning('id');
    const likes = inserted.length ? await changeCounter(trx, type, targetId, 1) : await readCounter(trx, type, targetId);
    if (inserted.length && likes !== undefined) await recordEvent(trx, { type: 'like.added', like: likeRefOf(like) });
    // The like row just inserted must not outlive its item.
    if (likes === undefined) return refuse(undefined);
    return { liked: true, likes };
  });
}

/** Undefined, with nothing written, when the item no longer exists. */
export async function removeLike(db: Knex, userId: string, type: LikeTargetType, targetId: string): Promise<LikeState | undefined> {
  return transactionOrRefusal(db, async (trx, refuse: (gone: undefined) => never) => {
    const deleted = await takeLikes(trx, { user_id: userId, target_type: type, target_id: targetId });
    const likes = deleted ? await changeCounter(trx, type, targetId, -1) : await readCounter(trx, type, targetId);
    if (likes === undefined) return refuse(undefined);
    return { liked: false, likes };
  });
}

/**
 * A column for a query of items: whether `userId` likes the item whose id is `idColumn`, read in the
 * same statement as the items (`viewer_liked`, 1/0 or true/false), not in a second query of its own
 * (on PostgreSQL that query's planning cost more than running it; docs/performance.md).
 */
export function likedByViewerColumn(db: Knex, type: LikeTargetType, idColumn: string, userId: string): Knex.Raw {
  return db.raw('exists (select 1 from user_interactions as viewer_like where viewer_like.user_id = ? and viewer_like.target_type = ? and viewer_like.interaction_type = ? and viewer_like.target_id = ??) as viewer_liked', [
    userId,
    type,
    LIKE,
    idColumn,
  ]);
}

/** Removes every like of an item; called inside the transaction that deletes the item. */
export async function deleteLikesOf(trx: Knex.Transaction, type: LikeTargetType, targetId: string): Promise<void> {
  await takeLikes(trx, { target_type: type, target_id: targetId });
}
