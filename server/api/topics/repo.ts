import type { Knex } from 'knex';
import type { TopicKind, TopicLevel } from '../../../contracts/topics';
import { now } from '../../db/dialect';
import { categoryExists } from '../forums/repo';
import { findNewsCategory } from '../news-categories/repo';
import { findShow } from '../podcast-shows/repo';
import { categoryLevel, categoryLevelsOf, setCategoryLevel } from '../watches/repo';
import type { TopicRow } from './presenter';

/*
 * topic_follows (member_home migration) holds news categories and podcast shows; a forum category's
 * level is its category_watches row (watches/repo.ts), read and written through that resource.
 */

type FollowKind = Exclude<TopicKind, 'forum_category'>;

/** Every topic with the member's level: five queries whatever the number of topics. */
export async function listTopics(db: Knex, userId: string): Promise<TopicRow[]> {
  const [news, shows, forums, follows, watches] = await Promise.all([
    db('news_categories').where('is_active', true).select('id', 'name'),
    db('podcast_shows').select('id', 'name'),
    db('forum_categories').select('id', 'name'),
    db('topic_follows').where({ user_id: userId }).select('kind', 'topic_id', 'level'),
    categoryLevelsOf(db, userId),
  ]);
  const followed = new Map<string, Exclude<TopicLevel, null>>(
    (follows as Array<{ kind: string; topic_id: string; level: 'following' | 'muted' }>).map((r) => [`${r.kind}:${r.topic_id}`, r.level]),
  );
  const rows = (kind: FollowKind, list: Array<{ id: string; name: string }>): TopicRow[] =>
    list.map((t) => ({ kind, id: t.id, name: t.name, level: followed.get(`${kind}:${t.id}`) ?? null }));
  return [
    ...rows('news_category', news),
    ...rows('podcast_show', shows),
    ...(forums as Array<{ id: string; name: string }>).map((t) => ({ kind: 'forum_category' as const, id: t.id, name: t.name, level: fromWatch(watches.get(t.id)) })),
  ];
}

const fromWatch = (level: string | undefined): TopicLevel => (level === 'watching' ? 'following' : level === 'muted' ? 'muted' : null);

export async function topicExists(db: Knex, kind: TopicKind, id: string): Promise<boolean> {
  if (kind === 'news_category') return Boolean(await findNewsCategory(db, id));
  if (kind === 'podcast_show') return Boolean(await findShow(db, id));
  return categoryExists(db, id);
}

/** Sets (or, for null, clears) the member's level; idempotent. */
export async function setTopicLevel(db: Knex, userId: string, kind: TopicKind, id: string, level: TopicLevel): Promise<void> {
  if (kind === 'forum_category') {
    await setCategoryLevel(db, userId, id, level === 'following' ? 'watching' : level === 'muted' ? 'muted' : 'normal');
    return;
  }
  const key = { user_id: userId, kind, topic_id: id };
  if (level === null) await db('topic_follows').where(key).delete();
  else await db('topic_follows').insert({ ...key, level, created_at: now() }).onConflict(['user_id', 'kind', 'topic_id']).merge(['level']);
}

/** The member's level for one topic (after a write, what the answer reports). */
export async function topicLevel(db: Knex, userId: string, kind: TopicKind, id: string): Promise<TopicLevel> {
  if (kind === 'forum_category') return fromWatch(await categoryLevel(db, userId, id));
  const row = await db('topic_follows').where({ user_id: userId, kind, topic_id: id }).first('level');
  return row?.level ?? null;
}

/** A deleted news category or show takes its follows with it (the forum's rows go by foreign key). */
export async function deleteFollowsOf(db: Knex, kind: FollowKind, topicId: string): Promise<void> {
  await db('topic_follows').where({ kind, topic_id: topicId }).delete();
}
