import type { Knex } from 'knex';
import type { WatchLevel } from '../../../contracts/watches';

/*
 * The watching levels (tables discussion_watches, category_watches from the community-health
 * migration; primary keys (user_id, discussion_id) / (user_id, category_id), indexes by target and
 * level). No row: the default (policy.ts).
 */

interface WatchedDiscussion {
  id: string;
  author_id: string | null;
  category_id: string | null;
}

async function ownDiscussionLevel(db: Knex, userId: string, discussionId: string): Promise<WatchLevel | undefined> {
  return (await db('discussion_watches').where({ user_id: userId, discussion_id: discussionId }).first('level'))?.level;
}

export async function categoryLevel(db: Knex, userId: string, categoryId: string): Promise<WatchLevel | undefined> {
  return (await db('category_watches').where({ user_id: userId, category_id: categoryId }).first('level'))?.level;
}

/** The member's own choice for a discussion and for its category (two primary-key reads); policy.ts decides. */
export async function watchChoices(db: Knex, userId: string, d: WatchedDiscussion): Promise<{ own?: WatchLevel; category?: WatchLevel }> {
  const [own, category] = await Promise.all([
    ownDiscussionLevel(db, userId, d.id),
    d.category_id ? categoryLevel(db, userId, d.category_id) : undefined,
  ]);
  return { own, category };
}

export async function setDiscussionLevel(db: Knex, userId: string, discussionId: string, level: WatchLevel): Promise<void> {
  await db('discussion_watches').insert({ user_id: userId, discussion_id: discussionId, level }).onConflict(['user_id', 'discussion_id']).merge(['level']);
}

export async function setCategoryLevel(db: Knex, userId: string, categoryId: string, level: WatchLevel): Promise<void> {
  await db('category_watches').insert({ user_id: userId, category_id: categoryId, level }).onConflict(['user_id', 'category_id']).merge(['level']);
}

/** Who may hear of a discussion's replies: its author, every choice made for it, and its category's non-normal choices. */
export interface WatchRows {
  authorId: string | null;
  own: Array<{ user_id: string; level: WatchLevel }>;
  category: Array<{ user_id: string; level: WatchLevel }>;
}

/** The choices that decide who a reply tells: three indexed reads whatever the number of watchers (the reply's transaction). */
export async function discussionWatchRows(db: Knex, discussionId: string): Promise<WatchRows | undefined> {
  const d: WatchedDiscussion | undefined = await db('forum_discussions').where({ id: discussionId }).first('id', 'author_id', 'category_id');
  if (!d) return undefined;
  const [own, category] = await Promise.all([
    db('discussion_watches').where({ discussion_id: discussionId }).select('user_id', 'level'),
    d.category_id ? db('category_watches').where({ category_id: d.category_id }).whereNot({ level: 'normal' }).select('user_id', 'level') : [],
  ]);
  return { authorId: d.author_id, own, category };
}

/** The members watching the discussion's category (a new discussion in it tells them). */
export async function categoryWatchersOf(db: Knex, discussionId: string): Promise<string[]> {
  return db('category_watches as w')
    .join('forum_discussions as d', 'd.category_id', 'w.category_id')
    .where({ 'd.id': discussionId, 'w.level': 'watching' })
    .pluck('w.user_id');
}

/** Every forum category level the member chose, by category (one indexed read: the primary key's prefix). */
export async function categoryLevelsOf(db: Knex, userId: string): Promise<Map<string, WatchLevel>> {
  const rows: Array<{ category_id: string; level: WatchLevel }> = await db('category_watches').where({ user_id: userId }).select('category_id', 'level');
  return new Map(rows.map((r) => [r.category_id, r.level]));
}
