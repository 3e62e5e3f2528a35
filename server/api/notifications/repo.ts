import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../contracts/common';
import type { NotificationChannel, NotificationType } from '../../../contracts/notifications';
import { now } from '../../db/dialect';

/*
 * The notifications' tables (docs/notifications.md). Repos return rows and results; the routes
 * and notify.ts decide. Every list here is one query.
 */

/**
 * What a notification row says mail-wise: none, mailed at once, waiting for the digest, digested;
 * `batch`: a watched discussion's reply waiting to be mailed with the others of its burst.
 */
export type EmailState = 'none' | 'sent' | 'digest' | 'digested' | 'batch';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  actorId: string | null;
  articleId?: string | null;
  discussionId?: string | null;
  commentId?: string | null;
  replyId?: string | null;
  podcastId?: string | null;
  podcastCommentId?: string | null;
  /** `moderation` / `report_outcome`: what the moderator decided. */
  outcome?: ModerationOutcomeWord | null;
  email: EmailState;
}

/** A notification with what the list and the mail show of its actor and target (one query). */
export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  created_at: unknown;
  read_at: unknown;
  comment_id: string | null;
  reply_id: string | null;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_image: string | null;
  article_id: string | null;
  article_title: string | null;
  /** The target's status and the discussion's author now: whether the member may still open it. */
  article_status: string | null;
  discussion_id: string | null;
  discussion_title: string | null;
  discussion_status: string | null;
  discussion_author_id: string | null;
  /** Hidden by a moderator or by reports: then only its author (and staff) may open it. */
  discussion_hidden_at: unknown;
  podcast_id: string | null;
  podcast_comment_id: string | null;
  episode_title: string | null;
  episode_status: string | null;
  /** The comment's or reply's text (null for publish/feature). */
  source_text: string | null;
  outcome?: ModerationOutcomeWord | null;
  /** What the digest's mute rule reads: the episode's show and the discussion's forum category. */
  episode_show_id?: string | null;
  discussion_category_id?: string | null;
}

/** Who a notification may go to: active accounts only, with what a mail needs. */
export interface RecipientRow {
  id: string;
  role: Role;
  email: string;
  first_name: string | null;
  last_name: string | null;
  /** Null while the address is unconfirmed: then nothing is mailed to it (docs/security.md §13). */
  email_confirmed_at: unknown;
}

/** What an event's target says about who to tell: its author, and what decides who may open it (content/visibility.ts). */
export interface NoticeTarget {
  author_id: string | null;
  status: string;
  hidden_at?: unknown;
}

export async function articleTarget(db: Knex, id: string): Promise<NoticeTarget | undefined> {
  return db('news_articles').where({ id }).first('author_id', 'status');
}

export async function episodeTarget(db: Knex, id: string): Promise<NoticeTarget | undefined> {
  return db('podcast_episodes').where({ id }).first('author_id', 'status');
}

export async function discussionTarget(db: Knex, id: string): Promise<NoticeTarget | undefined> {
  return db('forum_discussions').where({ id }).first('author_id', 'status', 'hidden_at');
}

/** The active accounts among `ids` (a deactivated member gets no notification; unknown ids are dropped). */
export async function activeRecipients(db: Knex, ids: string[]): Promise<RecipientRow[]> {
  if (!ids.length) return [];
  return db('users').whereIn('id', ids).andWhere('is_active', true).select('id', 'role', 'email', 'first_name', 'last_name', 'email_confirmed_at');
}

/** The channels members set, by user id then type (no entry: the default). */
export async function channelsOf(db: Knex, userIds: string[]): Promise<Map<string, Map<string, NotificationChannel>>> {
  const out = new Map<string, Map<string, NotificationChannel>>();
  if (!userIds.length) return out;
  const rows: Array<{ user_id: string; type: string; channel: NotificationChannel }> = await db('notification_settings')
    .whereIn('user_id', userIds)
    .select('user_id', 'type', 'channel');
  for (const r of rows) {
    if (!out.has(r.user_id)) out.set(r.user_id, new Map());
    out.get(r.user_id)!.set(r.type, r.channel);
  }
  return out;
}

export async function insertNotifications(trx: Knex.Transaction, rows: NewNotification[]): Promise<string[]> {
  if (!rows.length) return [];
  const created_at = now();
  const records = rows.map((r) => ({
    id: uuidv7(),
    user_id: r.userId,
    type: r.type,
    actor_id: r.actorId,
    article_id: r.articleId ?? null,
    discussion_id: r.discussionId ?? null,
    comment_id: r.commentId ?? null,
    reply_id: r.replyId ?? null,
    podcast_id: r.podcastId ?? null,
    podcast_comment_id: r.podcastCommentId ?? null,
    ...(r.outcome ? { outcome: r.outcome } : {}),
    created_at,
    read_at: null,
    email: r.email,
  }));
  await trx('notifications').insert(records);
  return records.map((r) => r.id);
}

/** Notifications joined with their actor, target and source: the one shape the list and mail read. */
function withDetails(db: Knex) {
  return db('notifications as n')
    .leftJoin('users as a', 'a.id', 'n.actor_id')
    .leftJoin('news_articles as na', 'na.id', 'n.article_id')
    .leftJoin('forum_discussions as fd', 'fd.id', 'n.discussion_id')
    .leftJoin('news_comments as nc', 'nc.id', 'n.comment_id')
    .leftJoin('forum_replies as fr', 'fr.id', 'n.reply_id')
    .leftJoin('podcast_episodes as pe', 'pe.id', 'n.podcast_id')
    .leftJoin('podcast_comments as pc', 'pc.id', 'n.podcast_comment_id')
    .select(
      'n.id',
      'n.user_id',
      'n.type',
      'n.created_at',
      'n.read_at',
      'n.comment_id',
      'n.reply_id',
      'n.actor_id',
      'a.first_name as actor_first_name',
      'a.last_name as actor_last_name',
      'a.profile_image_url as actor_image',
      'n.article_id',
      'na.title as article_title',
      'na.status as article_status',
      'n.discussion_id',
      'fd.title as discussion_title',
      'fd.status as discussion_status',
      'fd.author_id as discussion_author_id',
      'fd.hidden_at as discussion_hidden_at',
      'n.podcast_id',
      'n.podcast_comment_id',
      'pe.title as episode_title',
      'pe.status as episode_status',
      'pe.show_id as episode_show_id',
      'fd.category_id as discussion_category_id',
      db.raw('coalesce(??, ??, ??) as source_text', ['nc.content', 'fr.content', 'pc.content']),
      'n.outcome',
    )
    // A comment or reply hidden by a moderator is not listed nor mailed, except in the
    // notices of the moderation itself, which tell its author and reporters about it.
    .where((w) =>
      w.whereIn('n.type', MODERATION_NOTICES).orWhere((x) => x.whereNull('nc.hidden_at').whereNull('fr.hidden_at').whereNull('pc.hidden_at')),
    );
}

const MODERATION_NOTICES: NotificationType[] = ['moderation', 'report_outcome'];
export type ModerationOutcomeWord = 'hidden' | 'restored' | 'deleted' | 'dismissed';

/** One page of a member's notifications, newest first, after the cursor (created_at, id); one query. */
export async function listNotifications(db: Knex, userId: string, limit: number, before?: [string, string]): Promise<NotificationRow[]> {
  const q = withDetails(db).where('n.user_id', userId);
  if (before) {
    const [createdAt, id] = before;
    q.andWhere((w) => w.where('n.created_at', '<', createdAt).orWhere((x) => x.where('n.created_at', '=', createdAt).andWhere('n.id', '<', id)));
  }
  return q
    .orderBy([
      { column: 'n.created_at', order: 'desc' },
      { column: 'n.id', order: 'desc' },
    ])
    .limit(limit);
}

/** The given notifications (by id) with details, newest first: what a mail says. */
export async function notificationsByIds(db: Knex, ids: string[]): Promise<NotificationRow[]> {
  if (!ids.length) return [];
  return withDetails(db)
    .whereIn('n.id', ids)
    .orderBy([
      { column: 'n.created_at', order: 'desc' },
      { column: 'n.id', order: 'desc' },
    ]);
}

/**
 * The group a notification belongs to (docs/notifications.md, "Groups"), as SQL: replies in one
 * discussion (to one's own discussion or a watched one), comments on one article, mentions of the
 * member in one article, episode or discussion; every other notification is a group of its own.
 * Constant SQL text (no input in it); the same rule as `groupKeyOf` below, which the digest uses.
 */
const GROUP_KEY_SQL = `case
  when n.type in ('discussion_reply', 'watched_reply') then 'reply-' || n.discussion_id
  when n.type = 'article_comment' then 'comment-' || n.article_id
  when n.type = 'mention' then 'mention-' || coalesce(n.article_id, n.podcast_id, n.discussion_id)
  else 'one-' || n.id
end`;

/** A notification's group key in JS: the same rule as GROUP_KEY_SQL. */
export function groupKeyOf(row: Pick<NotificationRow, 'id' | 'type' | 'article_id' | 'podcast_id' | 'discussion_id'>): string {
  if (row.type === 'discussion_reply' || row.type === 'watched_reply') return `reply-${row.discussion_id}`;
  if (row.type === 'article_comment') return `comment-${row.article_id}`;
  if (row.type === 'mention') return `mention-${row.article_id ?? row.podcast_id ?? row.discussion_id}`;
  return `one-${row.id}`;
}

const GROUP_KEY = /^(reply|comment|mention|one)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The rows of a group as plain conditions on `notifications` (for updates; undefined: not a key we make). */
function groupWhere(key: string): ((q: Knex.QueryBuilder) => void) | undefined {
  const m = GROUP_KEY.exec(key);
  if (!m) return undefined;
  const [, family, id] = m;
  switch (family) {
    case 'reply':
      return (q) => q.whereIn('type', ['discussion_reply', 'watched_reply']).andWhere('discussion_id', id);
    case 'comment':
      return (q) => q.where({ type: 'article_comment', article_id: id });
    case 'mention':
      return (q) => q.where('type', 'mention').andWhere((w) => w.where('article_id', id).orWhere('podcast_id', id).orWhere('discussion_id', id));
    default:
      return (q) => q.where('id', id);
  }
}

/** A group of the member's list: its key, newest time, rows and unread rows. */
export interface GroupHead {
  group_key: string;
  newest_at: unknown;
  row_count: number | string;
  unread_count: number | string;
}

/** A group's actors, newest first: one row per actor (null: a deleted account). */
export interface GroupActorRow {
  group_key: string;
  actor_id: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  last_at: unknown;
}

/**
 * One page of the member's groups, newest first by their newest row then key, after the cursor;
 * one grouped query. Rows the list leaves out (a hidden comment or reply) are in no group.
 */
export async function listGroupHeads(db: Knex, userId: string, limit: number, before?: [string, string]): Promise<GroupHead[]> {
  const q = withDetails(db)
    .clearSelect()
    .where('n.user_id', userId)
    .select(
      db.raw(`${GROUP_KEY_SQL} as group_key`),
      db.raw('max(n.created_at) as newest_at'),
      db.raw('count(*) as row_count'),
      db.raw('sum(case when n.read_at is null then 1 else 0 end) as unread_count'),
    )
    .groupByRaw(GROUP_KEY_SQL);
  if (before) {
    const [newestAt, key] = before;
    q.havingRaw(`max(n.created_at) < ? or (max(n.created_at) = ? and ${GROUP_KEY_SQL} < ?)`, [newestAt, newestAt, key]);
  }
  return q.orderByRaw(`max(n.created_at) desc, ${GROUP_KEY_SQL} desc`).limit(limit);
}

/** The newest listed row of each of the member's groups `keys`, with details: one query (a window). */
export async function newestOfGroups(db: Knex, userId: string, keys: string[]): Promise<Array<NotificationRow & { group_key: string }>> {
  if (!keys.length) return [];
  const ranked = withDetails(db)
    .where('n.user_id', userId)
    .whereRaw(`${GROUP_KEY_SQL} in (${keys.map(() => '?').join(', ')})`, keys)
    .select(db.raw(`${GROUP_KEY_SQL} as group_key`), db.raw(`row_number() over (partition by ${GROUP_KEY_SQL} order by n.created_at desc, n.id desc) as rank_in_group`));
  return db.from(ranked.as('g')).where('g.rank_in_group', 1).select('g.*');
}

/** Who acted in each of the member's groups `keys`, newest first: one grouped query. */
export async function actorsOfGroups(db: Knex, userId: string, keys: string[]): Promise<GroupActorRow[]> {
  if (!keys.length) return [];
  return withDetails(db)
    .clearSelect()
    .where('n.user_id', userId)
    .whereRaw(`${GROUP_KEY_SQL} in (${keys.map(() => '?').join(', ')})`, keys)
    .select(
      db.raw(`${GROUP_KEY_SQL} as group_key`),
      'n.actor_id',
      'a.first_name',
      'a.last_name',
      'a.profile_image_url',
      db.raw('max(n.created_at) as last_at'),
    )
    .groupByRaw(`${GROUP_KEY_SQL}, n.actor_id, a.first_name, a.last_name, a.profile_image_url`)
    .orderByRaw('max(n.created_at) desc');
}

/** The bell's number: the member's groups with an unread row (rows the list leaves out do not count). */
export async function countUnread(db: Knex, userId: string): Promise<number> {
  const groups = withDetails(db).clearSelect().where('n.user_id', userId).whereNull('n.read_at').select(db.raw(`${GROUP_KEY_SQL} as group_key`)).groupByRaw(GROUP_KEY_SQL);
  const row = await db.from(groups.as('g')).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Marks every row of one of the member's groups read; 'not_found' when the key is not one of theirs. */
export async function markGroupRead(db: Knex, userId: string, key: string): Promise<'read' | 'not_found'> {
  const where = groupWhere(key);
  if (!where) return 'not_found';
  const n = await db('notifications').where('user_id', userId).where(where).whereNull('read_at').update({ read_at: now() });
  if (n) return 'read';
  const mine = await db('notifications').where('user_id', userId).where(where).first('id');
  return mine ? 'read' : 'not_found';
}

/** Marks one of the member's notifications read (kept as it was when already read); 'not_found' for none of theirs. */
export async function markRead(db: Knex, userId: string, id: string): Promise<'read' | 'not_found'> {
  const n = await db('notifications').where({ id, user_id: userId }).whereNull('read_at').update({ read_at: now() });
  if (n) return 'read';
  const mine = await db('notifications').where({ id, user_id: userId }).first('id');
  return mine ? 'read' : 'not_found';
}

export async function markAllRead(db: Knex, userId: string): Promise<number> {
  return db('notifications').where({ user_id: userId }).whereNull('read_at').update({ read_at: now() });
}

/** The member's own settings rows (types they never set are absent). */
export async function settingsOf(db: Knex, userId: string): Promise<Map<string, NotificationChannel>> {
  return (await channelsOf(db, [userId])).get(userId) ?? new Map();
}

/**
 * Sets channels per type for the member (insert or replace each). Notifications of a type that
 * leaves `digest` stop waiting for the digest in the same transaction: no mail after "stop".
 */
export async function saveSettings(db: Knex, userId: string, channels: Array<[NotificationType, NotificationChannel]>): Promise<void> {
  if (!channels.length) return;
  await db.transaction(async (trx) => {
    await trx('notification_settings')
      .insert(channels.map(([type, channel]) => ({ user_id: userId, type, channel })))
      .onConflict(['user_id', 'type'])
      .merge(['channel']);
    const leaving = channels.filter(([, channel]) => channel !== 'digest').map(([type]) => type);
    if (leaving.length) await trx('notifications').where({ user_id: userId, email: 'digest' }).whereIn('type', leaving).update({ email: 'none' });
    const leavingMail = channels.filter(([, channel]) => channel !== 'email').map(([type]) => type);
    if (leavingMail.length) await trx('notifications').where({ user_id: userId, email: 'batch' }).whereIn('type', leavingMail).update({ email: 'none' });
  });
}

/** Members whose oldest notification waiting for the digest is from `dueBefore` or earlier, up to `limit`. */
export async function digestRecipientIds(db: Knex, dueBefore: string, limit: number): Promise<string[]> {
  return db('notifications')
    .where({ email: 'digest' })
    .groupBy('user_id')
    .havingRaw('min(??) <= ?', ['created_at', dueBefore])
    .orderBy('user_id')
    .limit(limit)
    .pluck('user_id');
}

/** A member's waiting digest rows (locked for the digest's transaction on PostgreSQL), with details. */
export async function waitingDigest(trx: Knex.Transaction, userId: string): Promise<NotificationRow[]> {
  const ids: string[] = await trx('notifications').where({ user_id: userId, email: 'digest' }).forUpdate().pluck('id');
  return notificationsByIds(trx, ids);
}

export async function markDigested(trx: Knex.Transaction, ids: string[]): Promise<void> {
  if (ids.length) await trx('notifications').whereIn('id', ids).andWhere({ email: 'digest' }).update({ email: 'digested' });
}

/**
 * Watched discussions' waiting replies whose oldest is from `dueBefore` or earlier: one entry per
 * member and discussion, up to `limit` (the `(email, user_id)` index narrows to waiting rows).
 */
export async function watchBatchesDue(db: Knex, dueBefore: string, limit: number): Promise<Array<{ user_id: string; discussion_id: string }>> {
  return db('notifications')
    .where({ email: 'batch' })
    .groupBy('user_id', 'discussion_id')
    .havingRaw('min(??) <= ?', ['created_at', dueBefore])
    .orderBy(['user_id', 'discussion_id'])
    .limit(limit)
    .select('user_id', 'discussion_id');
}

/** A member's waiting replies of one discussion (locked for the batch's transaction on PostgreSQL), oldest first. */
export async function waitingWatchBatch(trx: Knex.Transaction, userId: string, discussionId: string): Promise<NotificationRow[]> {
  const ids: string[] = await trx('notifications').where({ user_id: userId, discussion_id: discussionId, email: 'batch' }).forUpdate().pluck('id');
  return (await notificationsByIds(trx, ids)).reverse();
}

export async function markBatchSent(trx: Knex.Transaction, ids: string[]): Promise<void> {
  if (ids.length) await trx('notifications').whereIn('id', ids).andWhere({ email: 'batch' }).update({ email: 'sent' });
}

/** The topics a member muted, by kind (news categories and shows from topic_follows; forum categories from category_watches). */
export interface MutedTopics {
  newsCategories: ReadonlySet<string>;
  shows: ReadonlySet<string>;
  forumCategories: ReadonlySet<string>;
}

export async function mutedTopicsOf(db: Knex, userId: string): Promise<MutedTopics> {
  const [follows, forums] = await Promise.all([
    db('topic_follows').where({ user_id: userId, level: 'muted' }).select('kind', 'topic_id') as Promise<Array<{ kind: string; topic_id: string }>>,
    db('category_watches').where({ user_id: userId, level: 'muted' }).pluck('category_id') as Promise<string[]>,
  ]);
  return {
    newsCategories: new Set(follows.filter((f) => f.kind === 'news_category').map((f) => f.topic_id)),
    shows: new Set(follows.filter((f) => f.kind === 'podcast_show').map((f) => f.topic_id)),
    forumCategories: new Set(forums),
  };
}

/** The news categories of the given articles (one query): what decides whether a muted category covers one. */
export async function categoriesOfArticles(db: Knex, articleIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!articleIds.length) return out;
  const rows: Array<{ article_id: string; category_id: string }> = await db('article_categories').whereIn('article_id', articleIds).select('article_id', 'category_id');
  for (const r of rows) out.set(r.article_id, [...(out.get(r.article_id) ?? []), r.category_id]);
  return out;
}

/** Something new in a topic the member follows, for the digest. */
export interface FollowedItemRow {
  kind: 'article' | 'episode';
  id: string;
  title: string;
  topic_name: string;
  published_at: unknown;
}

/**
 * Articles and episodes published in (`since`, `until`] in the member's followed news categories and
 * shows, none in a category or show they muted; newest first, at most `limit` of each (two queries).
 * An article in two followed categories comes once per category: the caller keeps the first.
 */
export async function newInFollowedTopics(db: Knex, userId: string, since: string, until: string, limit: number): Promise<FollowedItemRow[]> {
  const follows = (kind: string, level: string) => db('topic_follows').where({ user_id: userId, kind, level }).select('topic_id');
  const articles = db('news_articles as a')
    .join('article_categories as ac', 'ac.article_id', 'a.id')
    .join('news_categories as c', 'c.id', 'ac.category_id')
    .whereIn('ac.category_id', follows('news_category', 'following'))
    .whereNotExists(db('article_categories as m').whereRaw('?? = ??', ['m.article_id', 'a.id']).whereIn('m.category_id', follows('news_category', 'muted')))
    .where({ 'a.status': 'published', 'a.is_archived': false })
    .where('a.published_at', '>', since)
    .andWhere('a.published_at', '<=', until)
    .orderBy([
      { column: 'a.published_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ])
    .limit(limit)
    .select(db.raw("'article' as kind"), 'a.id', 'a.title', 'c.name as topic_name', 'a.published_at');
  const episodes = db('podcast_episodes as e')
    .join('podcast_shows as s', 's.id', 'e.show_id')
    .whereIn('e.show_id', follows('podcast_show', 'following'))
    .whereNotExists(db('podcast_categories as m').whereRaw('?? = ??', ['m.podcast_id', 'e.id']).whereIn('m.category_id', follows('news_category', 'muted')))
    .where({ 'e.status': 'published', 'e.is_archived': false })
    .where('e.published_at', '>', since)
    .andWhere('e.published_at', '<=', until)
    .orderBy([
      { column: 'e.published_at', order: 'desc' },
      { column: 'e.id', order: 'desc' },
    ])
    .limit(limit)
    .select(db.raw("'episode' as kind"), 'e.id', 'e.title', 's.name as topic_name', 'e.published_at');
  const [a, e] = await Promise.all([articles, episodes]);
  return [...a, ...e] as FollowedItemRow[];
}

/** When the member's last digest was built (null: never). */
export async function lastDigestAt(db: Knex, userId: string): Promise<unknown> {
  return (await db('users').where({ id: userId }).first('last_digest_at'))?.last_digest_at ?? null;
}

export async function setLastDigestAt(trx: Knex.Transaction, userId: string, at: string): Promise<void> {
  await trx('users').where({ id: userId }).update({ last_digest_at: at });
}
