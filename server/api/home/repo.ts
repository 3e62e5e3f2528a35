import type { Knex } from 'knex';
import { whereListedPublicly, whereOpenTo } from '../content/visibility';

/*
 * The member's home (docs/home.md): each section is one query whatever its length, and the
 * follows and mutes are joined in SQL, so the home costs the same number of queries for one item
 * or fifty. Only what anyone may open is listed (the visitor's rule, even for staff: the home is
 * no place for drafts or hidden posts); new and latest items also leave out the archived.
 */

export interface HomeMember {
  id: string;
  previous_visit_at: unknown;
  created_at: unknown;
}

export function findMember(db: Knex, userId: string): Promise<HomeMember | undefined> {
  return db('users').where({ id: userId }).first('id', 'previous_visit_at', 'created_at');
}

/** An article or an episode as the home lists it; `reason_name` names the followed topic. */
export interface ItemRow {
  id: string;
  title: string;
  image_url: string | null;
  published_at: unknown;
  show_name?: string | null;
  reason_name?: string | null;
  position?: unknown;
  position_seconds?: unknown;
  duration_seconds?: unknown;
  duration?: unknown;
  touched_at?: unknown;
}

const ARTICLE_FIELDS = ['a.id', 'a.title', 'a.image_url', 'a.published_at'];
const EPISODE_FIELDS = ['e.id', 'e.title', 'e.image_url', 'e.published_at', 'e.duration', 's.name as show_name'];

type Follow = { kind: 'news_category' | 'podcast_show'; level: 'following' | 'muted' };

/** The member's topics of one kind at one level, as a subquery of their ids. */
const topics = (db: Knex, userId: string, f: Follow) => db('topic_follows').where({ user_id: userId, kind: f.kind, level: f.level }).select('topic_id');

/** Where articles and episodes differ for the queries that list both alike. */
interface PostTable {
  kind: 'article' | 'episode';
  alias: 'a' | 'e';
  /** The table under its alias, with what its fields need (an episode's show, for its name). */
  from: (db: Knex) => Knex.QueryBuilder;
  fields: string[];
  /** The table linking a post to its news categories, and its column naming the post. */
  categories: { table: string; post: string };
}

const POSTS: Record<PostTable['kind'], PostTable> = {
  article: {
    kind: 'article',
    alias: 'a',
    from: (db) => db('news_articles as a'),
    fields: ARTICLE_FIELDS,
    categories: { table: 'article_categories', post: 'article_id' },
  },
  episode: {
    kind: 'episode',
    alias: 'e',
    from: (db) => db('podcast_episodes as e').leftJoin('podcast_shows as s', 's.id', 'e.show_id'),
    fields: EPISODE_FIELDS,
    categories: { table: 'podcast_categories', post: 'podcast_id' },
  },
};

/** Newest first, the id breaking ties so that the order is stable. */
const newestFirst = (alias: string) => [
  { column: `${alias}.published_at`, order: 'desc' as const },
  { column: `${alias}.id`, order: 'desc' as const },
];

/** Leaves out posts in any category the member muted, and episodes of a muted show. */
function notMuted(db: Knex, q: Knex.QueryBuilder, t: PostTable, userId: string): void {
  if (t.kind === 'episode') q.where((w) => w.whereNull('e.show_id').orWhereNotIn('e.show_id', topics(db, userId, { kind: 'podcast_show', level: 'muted' })));
  q.whereNotExists(
    db(`${t.categories.table} as mc`)
      .whereRaw('?? = ??', [`mc.${t.categories.post}`, `${t.alias}.id`])
      .whereIn('mc.category_id', topics(db, userId, { kind: 'news_category', level: 'muted' }))
      .select(db.raw('1')),
  );
}

/** Articles the member is part way through (read on any device), newest change first. */
export function articlesInProgress(db: Knex, userId: string, limit: number): Promise<ItemRow[]> {
  const q = db('reading_list as r')
    .join('news_articles as a', 'a.id', 'r.article_id')
    .where('r.user_id', userId)
    .where('r.position', '>', 0)
    .where('r.finished', false);
  whereOpenTo(q, undefined, 'article', 'a');
  return q.orderBy([{ column: 'r.updated_at', order: 'desc' }, { column: 'a.id', order: 'desc' }]).limit(limit).select(...ARTICLE_FIELDS, 'r.position', 'r.updated_at as touched_at');
}

/** Episodes the member is part way through, newest change first. */
export function episodesInProgress(db: Knex, userId: string, limit: number): Promise<ItemRow[]> {
  const q = db('listening_positions as l')
    .join('podcast_episodes as e', 'e.id', 'l.episode_id')
    .leftJoin('podcast_shows as s', 's.id', 'e.show_id')
    .where('l.user_id', userId)
    .where('l.position_seconds', '>', 0)
    .where('l.finished', false);
  whereOpenTo(q, undefined, 'episode', 'e');
  return q
    .orderBy([{ column: 'l.updated_at', order: 'desc' }, { column: 'e.id', order: 'desc' }])
    .limit(limit)
    .select(...EPISODE_FIELDS, 'l.position_seconds', 'l.duration_seconds', 'l.updated_at as touched_at');
}

/**
 * Episodes of shows the member follows, published after `since`, newest first; `unstarted` keeps
 * only those the member has not begun (Up Next).
 */
export function followedShowEpisodes(db: Knex, userId: string, since: string, limit: number, o: { unstarted?: boolean } = {}): Promise<ItemRow[]> {
  const q = db('podcast_episodes as e')
    .join('podcast_shows as s', 's.id', 'e.show_id')
    .whereIn('e.show_id', topics(db, userId, { kind: 'podcast_show', level: 'following' }))
    .where('e.published_at', '>', since);
  whereListedPublicly(q, 'episode', 'e');
  notMuted(db, q, POSTS.episode, userId);
  if (o.unstarted) q.whereNotExists(db('listening_positions as lp').whereRaw('lp.episode_id = e.id').where('lp.user_id', userId).select(db.raw('1')));
  return q.orderBy(newestFirst('e')).limit(limit).select(...EPISODE_FIELDS, 's.name as reason_name');
}

/**
 * Articles or episodes in news categories the member follows (an episode whatever its show),
 * published after `since`, newest first. A post in two followed categories comes once per category
 * (the caller keeps the first): a row per pair keeps it one indexed join rather than a grouped one.
 */
export function followedCategoryPosts(db: Knex, kind: PostTable['kind'], userId: string, since: string, limit: number): Promise<ItemRow[]> {
  const t = POSTS[kind];
  const q = t
    .from(db)
    .join(`${t.categories.table} as pc`, `pc.${t.categories.post}`, `${t.alias}.id`)
    .join('news_categories as c', 'c.id', 'pc.category_id')
    .whereIn('pc.category_id', topics(db, userId, { kind: 'news_category', level: 'following' }))
    .where(`${t.alias}.published_at`, '>', since);
  whereListedPublicly(q, kind, t.alias);
  notMuted(db, q, t, userId);
  return q
    .orderBy([...newestFirst(t.alias), { column: 'c.name', order: 'asc' }])
    .limit(limit)
    .select(...t.fields, 'c.name as reason_name');
}

/** The newest articles or episodes nothing the member muted covers. */
export function latestPosts(db: Knex, kind: PostTable['kind'], userId: string, limit: number): Promise<ItemRow[]> {
  const t = POSTS[kind];
  const q = t.from(db).whereNotNull(`${t.alias}.published_at`);
  whereListedPublicly(q, kind, t.alias);
  notMuted(db, q, t, userId);
  return q.orderBy(newestFirst(t.alias)).limit(limit).select(...t.fields);
}

/** The unfinished articles on the member's reading list: how many, and the newest saved. */
function savedQuery(db: Knex, userId: string): Knex.QueryBuilder {
  const q = db('reading_list as r')
    .join('news_articles as a', 'a.id', 'r.article_id')
    .where('r.user_id', userId)
    .whereNotNull('r.saved_at')
    .andWhere((w) => w.whereNull('r.removed_at').orWhereRaw('r.saved_at > r.removed_at'))
    .where('r.finished', false);
  return whereOpenTo(q, undefined, 'article', 'a');
}

export async function savedCount(db: Knex, userId: string): Promise<number> {
  const row = await savedQuery(db, userId).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

export function savedArticles(db: Knex, userId: string, limit: number): Promise<ItemRow[]> {
  return savedQuery(db, userId)
    .orderBy([{ column: 'r.saved_at', order: 'desc' }, { column: 'a.id', order: 'desc' }])
    .limit(limit)
    .select(...ARTICLE_FIELDS, 'r.position');
}

export interface DiscussionRow {
  id: string;
  title: string;
  author_id: string | null;
  reply_count: unknown;
  answer_reply_id: string | null;
  last_reply_at: unknown;
  created_at: unknown;
  watch_level: string | null;
}

/**
 * The member's discussions: those they started, watch explicitly, or replied to, unless they muted
 * it; most recent activity first. The candidates come from three indexed lookups by member (author,
 * their watch rows, their replies), so the cost follows the member's own activity, not the forum's size.
 */
export function memberDiscussions(db: Knex, userId: string, limit: number): Promise<DiscussionRow[]> {
  const candidates = db('forum_discussions')
    .where('author_id', userId)
    .select('id as discussion_id')
    .union(db('discussion_watches').where({ user_id: userId, level: 'watching' }).select('discussion_id'))
    .union(db('forum_replies').where('author_id', userId).select('discussion_id'));
  const q = db('forum_discussions as d')
    .leftJoin('discussion_watches as w', (j) => j.on('w.discussion_id', 'd.id').andOnVal('w.user_id', '=', userId))
    .whereIn('d.id', candidates);
  whereOpenTo(q, undefined, 'discussion', 'd');
  return q
    .where((w) => w.whereNull('w.level').orWhereNot('w.level', 'muted'))
    .orderByRaw('coalesce(d.last_reply_at, d.created_at) desc, d.id desc')
    .limit(limit)
    .select('d.id', 'd.title', 'd.author_id', 'd.reply_count', 'd.answer_reply_id', 'd.last_reply_at', 'd.created_at', 'w.level as watch_level');
}

/**
 * Per discussion, the replies by others the member has not seen: written after their last read of
 * it, or all of them when they never opened it (docs/home.md, "Unread"). Hidden replies are not
 * counted. One grouped query for any number of discussions.
 */
export async function unreadCounts(db: Knex, userId: string, discussionIds: string[]): Promise<Map<string, number>> {
  const rows: Array<{ discussion_id: string; n: unknown }> = await db('forum_replies as r')
    .leftJoin('discussion_reads as dr', (j) => j.on('dr.discussion_id', 'r.discussion_id').andOnVal('dr.user_id', '=', userId))
    .whereIn('r.discussion_id', discussionIds)
    .where((w) => w.whereNull('r.author_id').orWhereNot('r.author_id', userId))
    .whereNull('r.hidden_at')
    .where((w) => w.whereNull('dr.last_read_at').orWhereRaw('r.created_at > dr.last_read_at'))
    .groupBy('r.discussion_id')
    .select('r.discussion_id')
    .count({ n: '*' });
  return new Map(rows.map((r) => [r.discussion_id, Number(r.n)]));
}
