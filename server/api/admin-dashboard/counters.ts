import type { Knex } from 'knex';
import { lockAgainstWriters, toIso, utcDay } from '../../db/dialect';

/**
 * The dashboard's counters (migration 20261203040000_dashboard_counters), kept exact by the writes
 * that change what they count, each in that write's transaction:
 *  - `like_days`: likes per UTC day;
 *  - top sets: per article (comments, likes) and per episode (plays, comments), what happened from
 *    a set's `from_day` on. A set is counted from the source rows once, the first time a day's period
 *    asks for it (buildTopSet); every later write moves each set whose `from_day` is on or before
 *    the event's day. The build holds writers of its table back (lockAgainstWriters), so an event is
 *    either in the build's count or added to the set afterwards, never both or neither.
 */

export type TopKind = 'article' | 'episode';

const TOP: Record<TopKind, { table: string; item: string; counts: readonly string[] }> = {
  article: { table: 'dashboard_top_articles', item: 'article_id', counts: ['comments', 'likes'] },
  episode: { table: 'dashboard_top_episodes', item: 'episode_id', counts: ['plays', 'comments'] },
};

/** The UTC day of a stored time (an ISO string, or a Date from PostgreSQL). */
export const dayOf = (at: unknown): string => (toIso(at) ?? '').slice(0, 10);

/**
 * Adds `by` to the item's counts in every set that counts its day: one statement, an upsert of a
 * row per such set (none when no set is kept).
 */
async function moveTop(trx: Knex.Transaction, kind: TopKind, itemId: string, day: string, by: Partial<Record<'comments' | 'likes' | 'plays', number>>): Promise<void> {
  const { table, item, counts } = TOP[kind];
  const values = counts.map((c) => by[c as keyof typeof by] ?? 0);
  // Articles rank by comments + likes; the score is kept beside them for the ranking index.
  const cols = kind === 'article' ? [...counts, 'score'] : [...counts];
  if (kind === 'article') values.push(values[0] + values[1]);
  await trx.raw(
    `insert into ?? (from_day, ??, ${cols.map(() => '??').join(', ')}) select from_day, ?, ${cols.map(() => '?').join(', ')} from dashboard_top_sets where kind = ? and from_day <= ? ` +
      `on conflict (from_day, ??) do update set ${cols.map(() => '?? = ??.?? + excluded.??').join(', ')}`,
    [table, item, ...cols, itemId, ...values, kind, day, item, ...cols.flatMap((c) => [c, table, c, c])],
  );
}

async function moveLikeDay(trx: Knex.Transaction, day: string, by: number): Promise<void> {
  await trx('like_days')
    .insert({ day, likes: by })
    .onConflict('day')
    .merge({ likes: trx.raw('?? + ?', ['like_days.likes', by]) });
}

export interface LikeEvent {
  target_type: string;
  target_id: string;
  created_at: unknown;
}

/** A like added (+1) or taken away (-1): its day's count and, for an article, the top sets. */
export async function countLike(trx: Knex.Transaction, like: LikeEvent, by: 1 | -1): Promise<void> {
  const day = dayOf(like.created_at);
  await moveLikeDay(trx, day, by);
  if (like.target_type === 'article') await moveTop(trx, 'article', like.target_id, day, { likes: by });
}

/** Likes removed together (an item's, a member's): one less on each like's day and item. */
export async function forgetLikes(trx: Knex.Transaction, likes: readonly LikeEvent[]): Promise<void> {
  for (const like of likes) await countLike(trx, like, -1);
}

/** A comment on an article or an episode (named by its parent's table) added (+1) or deleted (-1). */
export async function countComment(trx: Knex.Transaction, parentTable: 'news_articles' | 'podcast_episodes', itemId: string, createdAt: unknown, by: 1 | -1): Promise<void> {
  await moveTop(trx, parentTable === 'news_articles' ? 'article' : 'episode', itemId, dayOf(createdAt), { comments: by });
}

/** A counted play of an episode on `day`. */
export async function countPlay(trx: Knex.Transaction, episodeId: string, day: string): Promise<void> {
  await moveTop(trx, 'episode', episodeId, day, { plays: 1 });
}

/** The source rows of a set: one row per event source and item, counted from `fromDay` (midnight UTC) on. */
function sourcesOf(db: Knex, kind: TopKind, fromDay: string): Knex.QueryBuilder {
  const from = `${fromDay}T00:00:00.000Z`;
  if (kind === 'article') {
    const comments = db('news_comments').where('created_at', '>=', from).groupBy('article_id').select({ target: 'article_id' }).count({ a: '*' }).select(db.raw('0 as b'));
    const likes = db('user_interactions')
      .where({ interaction_type: 'like', target_type: 'article' })
      .where('created_at', '>=', from)
      .groupBy('target_id')
      .select({ target: 'target_id' }, db.raw('0 as a'))
      .count({ b: '*' });
    // Derived tables: Knex would put a branch's GROUP BY after the UNION.
    return db.from(comments.as('ec')).select('target', 'a', 'b').unionAll(db.from(likes.as('el')).select('target', 'a', 'b'));
  }
  const plays = db('podcast_play_days').where('day', '>=', fromDay).groupBy('episode_id').select({ target: 'episode_id' }).sum({ a: 'plays' }).select(db.raw('0 as b'));
  const comments = db('podcast_comments').where('created_at', '>=', from).groupBy('podcast_id').select({ target: 'podcast_id' }, db.raw('0 as a')).count({ b: '*' });
  return db.from(plays.as('ep')).select('target', 'a', 'b').unionAll(db.from(comments.as('ec')).select('target', 'a', 'b'));
}

/**
 * Counts the set from `fromDay` from the source rows, unless another request did it first, and
 * drops the sets built on earlier days (no period asks for them again, and each costs every write).
 */
export async function buildTopSet(db: Knex, kind: TopKind, fromDay: string, today: string): Promise<void> {
  const { table, item, counts } = TOP[kind];
  await db.transaction(async (trx) => {
    await lockAgainstWriters(trx, table);
    if (await trx('dashboard_top_sets').where({ kind, from_day: fromDay }).first('from_day')) return;
    const stale = trx('dashboard_top_sets').where({ kind }).where('built_for', '<', today);
    await trx(table).whereIn('from_day', stale.clone().select('from_day')).delete();
    await stale.clone().delete();
    await trx('dashboard_top_sets').insert({ kind, from_day: fromDay, built_for: today });
    const cols = kind === 'article' ? [...counts, 'score'] : [...counts];
    const sums = kind === 'article' ? 'sum(e.a), sum(e.b), sum(e.a) + sum(e.b)' : 'sum(e.a), sum(e.b)';
    const parent = kind === 'article' ? 'news_articles' : 'podcast_episodes';
    // Only items that still exist (a like has no foreign key to its item).
    await trx.raw(
      `insert into ?? (from_day, ??, ${cols.map(() => '??').join(', ')}) select ?, e.target, ${sums} from (?) e join ?? p on p.id = e.target group by e.target`,
      [table, item, ...cols, fromDay, sourcesOf(trx, kind, fromDay), parent],
    );
  });
}

/** Empties every counter and counts likes per day again: after a rebuild replaced the data. */
export async function resetDashboardCounters(trx: Knex.Transaction): Promise<void> {
  for (const table of ['dashboard_top_articles', 'dashboard_top_episodes', 'dashboard_top_sets', 'like_days']) await trx(table).delete();
  await trx
    .into(trx.raw('?? (??, ??)', ['like_days', 'day', 'likes']))
    .insert(trx('user_interactions').where('interaction_type', 'like').select({ day: utcDay(trx, 'created_at') }).count({ n: '*' }).groupBy('day'));
}
