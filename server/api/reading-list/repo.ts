import type { Knex } from 'knex';
import { now } from '../../db/dialect';

/*
 * The reading list's table (migration 20261128000000_reading_list; docs/offline.md, "Reading list
 * across devices"). Every write is one upsert that merges the change into the row by the member's
 * device times, so the same changes give the same row in any order and a replay changes nothing:
 *  - save and removal: each keeps its latest time; on the list while the save is the later one
 *    (a removal beats an older save, a later save revives the article; a tie is a removal);
 *  - position: the furthest wins, whatever its time;
 *  - finished: the later change wins (a tie: finished).
 * Repos return rows and results; the routes decide.
 */

const TABLE = 'reading_list';
const KEY = ['user_id', 'article_id'];

/** `column` from the later of the stored and the incoming change (null is "never"). */
const later = (db: Knex, column: string) =>
  db.raw(`case when excluded.?? is not null and (${TABLE}.?? is null or excluded.?? > ${TABLE}.??) then excluded.?? else ${TABLE}.?? end`, Array(6).fill(column));

export interface ListedArticle {
  id: string;
  title: string;
  status: string;
}

export async function findArticle(db: Knex, id: string): Promise<ListedArticle | undefined> {
  return db('news_articles').where({ id }).first('id', 'title', 'status');
}

export async function hasEntry(db: Knex, userId: string, articleId: string): Promise<boolean> {
  return Boolean(await db(TABLE).where({ user_id: userId, article_id: articleId }).first('article_id'));
}

/** A row of the member's list with its article (absent when deleted): one query for any length. */
export interface ReadingListRow {
  article_id: string;
  saved_title: string;
  saved_at: unknown;
  position: unknown;
  finished: unknown;
  id: string | null;
  title: string | null;
  excerpt: string | null;
  image_url: string | null;
  published_at: unknown;
  status: string | null;
  content: string | null;
}

/** The row's state after a write, for the answer. */
export interface EntryRow {
  article_id: string;
  saved_at: unknown;
  removed_at: unknown;
  position: unknown;
  finished: unknown;
}

export async function listReadingList(db: Knex, userId: string): Promise<ReadingListRow[]> {
  return db(`${TABLE} as r`)
    .leftJoin('news_articles as a', 'a.id', 'r.article_id')
    .where('r.user_id', userId)
    .whereNotNull('r.saved_at')
    .andWhere((q) => q.whereNull('r.removed_at').orWhereRaw('r.saved_at > r.removed_at'))
    .orderBy([{ column: 'r.saved_at', order: 'desc' }, { column: 'r.article_id', order: 'desc' }])
    .select(
      'r.article_id', 'r.title as saved_title', 'r.saved_at', 'r.position', 'r.finished',
      'a.id', 'a.title', 'a.excerpt', 'a.image_url', 'a.published_at', 'a.status', 'a.content',
    );
}

/** The member's change time, never later than ours: a device clock ahead cannot outrank later changes. */
const clamped = (changedAt: string) => new Date(Math.min(Date.parse(changedAt), Date.now())).toISOString();

async function upsert(db: Knex, row: Record<string, unknown>, merge: Record<string, unknown>): Promise<EntryRow> {
  const updated_at = now();
  const [entry] = await db(TABLE)
    .insert({ position: 0, finished: false, finished_changed_at: null, saved_at: null, removed_at: null, ...row, updated_at })
    .onConflict(KEY)
    .merge({ ...merge, updated_at })
    .returning(['article_id', 'saved_at', 'removed_at', 'position', 'finished']);
  return entry;
}

export function saveEntry(db: Knex, userId: string, article: ListedArticle, changedAt: string): Promise<EntryRow> {
  return upsert(
    db,
    { user_id: userId, article_id: article.id, title: article.title, saved_at: clamped(changedAt) },
    { title: db.raw('excluded.title'), saved_at: later(db, 'saved_at') },
  );
}

/** Kept as a tombstone even when the member never saved it here: an older save arriving later stays removed. */
export function removeEntry(db: Knex, userId: string, articleId: string, title: string | undefined, changedAt: string): Promise<EntryRow> {
  return upsert(db, { user_id: userId, article_id: articleId, title: title ?? '', removed_at: clamped(changedAt) }, { removed_at: later(db, 'removed_at') });
}

export function updateProgress(
  db: Knex,
  userId: string,
  articleId: string,
  title: string | undefined,
  change: { changedAt: string; position?: number; finished?: boolean },
): Promise<EntryRow> {
  const at = clamped(change.changedAt);
  const merge: Record<string, unknown> = {};
  if (change.position !== undefined) {
    merge.position = db.raw(`case when excluded.position > ${TABLE}.position then excluded.position else ${TABLE}.position end`);
  }
  if (change.finished !== undefined) {
    // Every SET reads the old row, so finished and its time are decided from the same comparison.
    merge.finished = db.raw(
      `case when ${TABLE}.finished_changed_at is null or excluded.finished_changed_at > ${TABLE}.finished_changed_at then excluded.finished
            when excluded.finished_changed_at = ${TABLE}.finished_changed_at then (excluded.finished or ${TABLE}.finished)
            else ${TABLE}.finished end`,
    );
    merge.finished_changed_at = later(db, 'finished_changed_at');
  }
  return upsert(
    db,
    {
      user_id: userId,
      article_id: articleId,
      title: title ?? '',
      position: change.position ?? 0,
      finished: change.finished ?? false,
      finished_changed_at: change.finished === undefined ? null : at,
    },
    merge,
  );
}
