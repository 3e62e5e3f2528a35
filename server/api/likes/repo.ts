import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { now } from '../../db/dialect';
import { notFound } from '../../errors';

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

async function changeCounter(trx: Knex.Transaction, type: LikeTargetType, id: string, by: 1 | -1): Promise<number> {
  // `likes = likes + 1` in the database: atomic under concurrent writers (the row is locked on pg).
  const [row] = await trx(COUNTER_TABLE[type])
    .where({ id })
    .update({ likes: trx.raw('?? + ?', ['likes', by]) })
    .returning('likes');
  if (!row) throw notFound();
  return Number(row.likes);
}

async function readCounter(trx: Knex.Transaction, type: LikeTargetType, id: string): Promise<number> {
  const row = await trx(COUNTER_TABLE[type]).where({ id }).first('likes');
  if (!row) throw notFound();
  return Number(row.likes);
}

export async function addLike(db: Knex, userId: string, type: LikeTargetType, targetId: string): Promise<LikeState> {
  return db.transaction(async (trx) => {
    const inserted = await trx('user_interactions')
      .insert({ id: uuidv7(), user_id: userId, target_type: type, target_id: targetId, interaction_type: LIKE, created_at: now() })
      .onConflict(['user_id', 'target_type', 'target_id', 'interaction_type'])
      .ignore()
      .returning('id');
    const likes = inserted.length ? await changeCounter(trx, type, targetId, 1) : await readCounter(trx, type, targetId);
    return { liked: true, likes };
  });
}

export async function removeLike(db: Knex, userId: string, type: LikeTargetType, targetId: string): Promise<LikeState> {
  return db.transaction(async (trx) => {
    const deleted = await trx('user_interactions')
      .where({ user_id: userId, target_type: type, target_id: targetId, interaction_type: LIKE })
      .delete();
    const likes = deleted ? await changeCounter(trx, type, targetId, -1) : await readCounter(trx, type, targetId);
    return { liked: false, likes };
  });
}

/** Which of `ids` the user likes: one query for a whole page. */
export async function likedIds(
  db: Knex,
  userId: string | undefined,
  type: LikeTargetType,
  ids: string[],
): Promise<Set<string>> {
  if (!userId || !ids.length) return new Set();
  const rows = await db('user_interactions')
    .where({ user_id: userId, target_type: type, interaction_type: LIKE })
    .whereIn('target_id', ids)
    .select('target_id');
  return new Set(rows.map((r: { target_id: string }) => r.target_id));
}

/** Removes every like of an item; called inside the transaction that deletes the item. */
export async function deleteLikesOf(trx: Knex.Transaction, type: LikeTargetType, targetId: string): Promise<void> {
  await trx('user_interactions').where({ target_type: type, target_id: targetId, interaction_type: LIKE }).delete();
}
