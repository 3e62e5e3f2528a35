import type { Knex } from 'knex';
import { toInt, toIso, utcDay } from '../../db/dialect';
import { wherePublished } from '../content/visibility';
import { DASHBOARD_PERIODS } from '../../../contracts/dashboard';
import { buildTopSet, type TopKind } from './counters';

/**
 * The dashboard's queries: one each, every one reading a range of an index on its time column
 * (migration 20261202010000_dashboard). Day buckets are UTC days computed in SQL (dialect.ts utcDay).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The period and the one before it: `days` UTC days each, the current one ending today. */
export interface Period {
  days: number;
  /** Every day of the previous period, then every day of the current one ('YYYY-MM-DD'). */
  previousDates: string[];
  dates: string[];
  /** First instant of the previous period (ISO), and its day. */
  since: string;
  sinceDay: string;
  /** First instant of the current period (ISO). */
  currentFrom: string;
}

export function periodOf(days: number, nowMs: number): Period {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const day = (i: number) => new Date(today - i * DAY_MS).toISOString().slice(0, 10);
  const dates = Array.from({ length: days }, (_, i) => day(days - 1 - i));
  const previousDates = Array.from({ length: days }, (_, i) => day(2 * days - 1 - i));
  const since = new Date(today - (2 * days - 1) * DAY_MS).toISOString();
  return { days, dates, previousDates, since, sinceDay: since.slice(0, 10), currentFrom: new Date(today - (days - 1) * DAY_MS).toISOString() };
}

/** Counts per UTC day ('YYYY-MM-DD' → n); the key `before` (members) holds what came before. */
export type DayCounts = Map<string, number>;

function byDay(rows: ReadonlyArray<{ day?: unknown; n?: unknown }>): DayCounts {
  const out: DayCounts = new Map();
  for (const row of rows) out.set(String(row.day), (out.get(String(row.day)) ?? 0) + toInt(row.n));
  return out;
}

/** Rows created per day since `since`, over one table's time column (with an optional filter). */
function dailyCount(db: Knex, table: string, column: string, since: string, filter?: (q: Knex.QueryBuilder) => Knex.QueryBuilder) {
  const q = db(table).where(column, '>=', since).select({ day: utcDay(db, column) }).count({ n: '*' }).groupBy('day');
  return filter ? filter(q) : q;
}

/** Members: accounts made per day, plus (`before`) how many existed when the previous period began. */
export async function memberDays(db: Knex, p: Period): Promise<DayCounts> {
  const rows = await db('users')
    .where('created_at', '<', p.since)
    .select(db.raw("'before' as day"))
    .count({ n: '*' })
    // A derived table: Knex would put a grouped branch's GROUP BY after the UNION.
    .unionAll(db.from(dailyCount(db, 'users', 'created_at', p.since).as('d')).select('day', 'n'));
  return byDay(rows);
}

/** Articles or episodes published per day (by their publish time; archived ones count too). */
export async function publishedDays(db: Knex, table: 'news_articles' | 'podcast_episodes', p: Period): Promise<DayCounts> {
  return byDay(await dailyCount(db, table, 'published_at', p.since, (q) => wherePublished(q)));
}

/** Comments on articles and on episodes, per day. */
export async function commentDays(db: Knex, p: Period): Promise<DayCounts> {
  const since = (table: string) => db(table).where('created_at', '>=', p.since).select({ day: utcDay(db, 'created_at') });
  const rows = await db.from(since('news_comments').unionAll(since('podcast_comments')).as('c')).select('day').count({ n: '*' }).groupBy('day');
  return byDay(rows);
}

export async function replyDays(db: Knex, p: Period): Promise<DayCounts> {
  return byDay(await dailyCount(db, 'forum_replies', 'created_at', p.since));
}

/** Likes per day, from the day counters every like and unlike keeps (counters.ts). */
export async function likeDays(db: Knex, p: Period): Promise<DayCounts> {
  return byDay(await db('like_days').where('day', '>=', p.sinceDay).select('day', { n: 'likes' }));
}

/** Plays per day, from the per-episode day counters recordPlay keeps. */
export async function playDays(db: Knex, p: Period): Promise<DayCounts> {
  return byDay(await db('podcast_play_days').where('day', '>=', p.sinceDay).select('day').sum({ n: 'plays' }).groupBy('day'));
}

export interface TopArticleRow {
  id: string;
  title: string;
  comments: number;
  likes: number;
}

const TOP_KINDS: readonly TopKind[] = ['article', 'episode'];
const todayOf = (p: Period) => p.dates[p.dates.length - 1];

/** The set counting the current period (counters.ts), counted now if this is the day's first ask. */
async function topSet(db: Knex, kind: TopKind, p: Period): Promise<string> {
  const fromDay = p.currentFrom.slice(0, 10);
  if (!(await db('dashboard_top_sets').where({ kind, from_day: fromDay }).first('from_day'))) await buildTopSet(db, kind, fromDay, todayOf(p));
  return fromDay;
}

/**
 * Counts the day's sets of every period before anyone asks (the publishing job's holder, each poll:
 * one query when they are there), so the first admin after midnight does not wait for them.
 */
export async function prepareTopSets(db: Knex, nowMs: number): Promise<void> {
  const periods = DASHBOARD_PERIODS.map((days) => periodOf(days, nowMs));
  const kept = await db('dashboard_top_sets').whereIn('from_day', periods.map((p) => p.currentFrom.slice(0, 10))).select('kind', 'from_day');
  const has = new Set(kept.map((s) => `${s.kind} ${s.from_day}`));
  for (const p of periods) {
    for (const kind of TOP_KINDS) if (!has.has(`${kind} ${p.currentFrom.slice(0, 10)}`)) await buildTopSet(db, kind, p.currentFrom.slice(0, 10), todayOf(p));
  }
}

/** Published articles with the most comments plus likes made in the current period. */
export async function topArticles(db: Knex, p: Period, limit: number): Promise<TopArticleRow[]> {
  const fromDay = await topSet(db, 'article', p);
  // The set's first rows in its ranking index; an unpublished article is passed over.
  const rows = await wherePublished(db('dashboard_top_articles as t').join('news_articles as a', 'a.id', 't.article_id'), 'a')
    .where('t.from_day', fromDay)
    .where('t.score', '>', 0)
    .select('a.id', 'a.title', 't.comments', 't.likes')
    .orderBy('t.score', 'desc')
    .orderBy('t.article_id', 'asc')
    .limit(limit);
  return rows.map((r) => ({ id: String(r.id), title: String(r.title), comments: toInt(r.comments), likes: toInt(r.likes) }));
}

export interface TopEpisodeRow {
  id: string;
  title: string;
  plays: number;
  comments: number;
}

/** Episodes with the most plays in the current period (then comments made in it). */
export async function topEpisodes(db: Knex, p: Period, limit: number): Promise<TopEpisodeRow[]> {
  const fromDay = await topSet(db, 'episode', p);
  const rows = await db('dashboard_top_episodes as t')
    .join('podcast_episodes as ep', 'ep.id', 't.episode_id')
    .where('t.from_day', fromDay)
    .where((q) => q.where('t.plays', '>', 0).orWhere('t.comments', '>', 0))
    .select('ep.id', 'ep.title', 't.plays', 't.comments')
    .orderBy('t.plays', 'desc')
    .orderBy('t.comments', 'desc')
    .orderBy('t.episode_id', 'asc')
    .limit(limit);
  return rows.map((r) => ({ id: String(r.id), title: String(r.title), plays: toInt(r.plays), comments: toInt(r.comments) }));
}

export interface ItemRow {
  kind: 'article' | 'episode';
  id: string;
  title: string;
  at: string;
}

/** Rows of both kinds, the first `limit` by `at`, and how many there are in all (a window count). */
async function itemsOfBothKinds(
  db: Knex,
  filter: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
  at: string,
  direction: 'asc' | 'desc',
  limit: number,
): Promise<{ count: number; items: ItemRow[] }> {
  const kind = (table: string, name: 'article' | 'episode') => filter(db(table)).select(db.raw(`'${name}' as kind`), 'id', 'title', { at });
  const rows = await db
    .from(kind('news_articles', 'article').unionAll(kind('podcast_episodes', 'episode')).as('i'))
    .select('kind', 'id', 'title', 'at', db.raw('count(*) over () as total'))
    .orderBy('at', direction)
    .orderBy('id', 'asc')
    .limit(limit);
  return {
    count: rows.length ? toInt(rows[0].total) : 0,
    items: rows.map((r) => ({ kind: r.kind === 'episode' ? 'episode' : 'article', id: String(r.id), title: String(r.title), at: toIso(r.at) ?? '' })),
  };
}

/** Drafts waiting (not scheduled, not archived), most recently saved first. */
export function drafts(db: Knex, limit: number) {
  return itemsOfBothKinds(db, (q) => q.where({ status: 'draft', is_archived: false }).whereNull('scheduled_at'), 'updated_at', 'desc', limit);
}

/** Drafts with a publish time, soonest first. */
export function scheduled(db: Knex, limit: number) {
  return itemsOfBothKinds(db, (q) => q.where({ status: 'draft' }).whereNotNull('scheduled_at'), 'scheduled_at', 'asc', limit);
}

export interface SignupRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role: string;
  created_at: unknown;
}

export function recentSignups(db: Knex, limit: number): Promise<SignupRow[]> {
  return db<SignupRow>('users').select('id', 'first_name', 'last_name', 'email', 'role', 'created_at').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}
