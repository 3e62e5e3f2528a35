import type { Knex } from 'knex';
import { toIso } from '../../db/dialect';
import { entryTime, presentEntry, presentRevision } from '../cpd/presenter';
import { countedDays, DEFAULT_SETTINGS, findSettings, type EntryRow } from '../cpd/repo';
import { presentSettings } from '../cpd/presenter';
import type { UserRow } from '../users/presenter';
import { presentProfile } from './presenter';

/*
 * `GET /api/profile/export` (docs/privacy.md, "Download"): everything the site holds about the
 * signed-in member, as one JSON document. Each part is one query, whatever the member's history;
 * secrets (the password hash, two-step secrets and recovery codes, session ids, upload tokens) are
 * never in it: they are the site's means of checking the member, not facts about them.
 */

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** A row as JSON: camelCase keys, times as ISO-8601 UTC. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camel(key)] = value instanceof Date ? toIso(value) : value;
  return out;
}

const rows = async (q: Knex.QueryBuilder) => ((await q) as Array<Record<string, unknown>>).map(plain);

export async function memberExport(db: Knex, user: UserRow, origin: string) {
  const id = user.id;
  const entries: EntryRow[] = await db('cpd_entries').where({ user_id: id }).orderBy('created_at').select('*');
  const days = await countedDays(db, id);
  const daysOf = (entryId: string) => days.filter((d) => d.entry_id === entryId);
  const settingsRow = await db('cpd_settings').where({ user_id: id }).first('body');
  return {
    exportedAt: new Date().toISOString(),
    account: { id: user.id, email: user.email, role: user.role, createdAt: toIso(user.created_at), emailConfirmed: Boolean(user.email_confirmed_at) },
    profile: presentProfile(user),
    posts: {
      discussions: await rows(db('forum_discussions').where({ author_id: id }).orderBy('created_at').select('id', 'title', 'content', 'category_id', 'status', 'created_at', 'updated_at')),
      replies: await rows(db('forum_replies').where({ author_id: id }).orderBy('created_at').select('id', 'discussion_id', 'content', 'created_at')),
      articles: await rows(db('news_articles').where({ author_id: id }).orderBy('created_at').select('id', 'title', 'status', 'created_at', 'updated_at')),
      episodes: await rows(db('podcast_episodes').where({ author_id: id }).orderBy('created_at').select('id', 'title', 'status', 'created_at', 'updated_at')),
    },
    comments: {
      articles: await rows(db('news_comments').where({ author_id: id }).orderBy('created_at').select('id', 'article_id', 'content', 'created_at')),
      episodes: await rows(db('podcast_comments').where({ author_id: id }).orderBy('created_at').select('id', 'podcast_id', 'content', 'created_at')),
    },
    likes: await rows(db('user_interactions').where({ user_id: id }).orderBy('created_at').select('target_type', 'target_id', 'interaction_type', 'created_at')),
    readingList: await rows(db('reading_list').where({ user_id: id }).orderBy('article_id').select('article_id', 'title', 'saved_at', 'removed_at', 'position', 'finished', 'updated_at')),
    listening: await rows(db('listening_positions').where({ user_id: id }).orderBy('device_time').select('episode_id', 'position_seconds', 'duration_seconds', 'finished', 'device_time', 'updated_at')),
    notificationSettings: await rows(db('notification_settings').where({ user_id: id }).orderBy('type').select('type', 'channel')),
    cpd: {
      settings: settingsRow ? presentSettings(await findSettings(db, id)) : presentSettings(DEFAULT_SETTINGS),
      entries: entries.map((row) => presentEntry(row, entryTime(row, daysOf(row.id)), origin)),
      timeRecords: await rows(
        db('cpd_time_records').where({ user_id: id }).orderBy('started_at').select('id', 'entry_id', 'medium', 'started_at', 'ended_at', 'active_seconds', 'counted_seconds', 'synced_later', 'received_at'),
      ),
      revisions: (await db('cpd_revisions').where({ user_id: id }).orderBy([{ column: 'changed_at' }, { column: 'id' }]).select('id', 'entry_id', 'changed_at', 'before', 'after')).map(
        (r: { entry_id: string } & Parameters<typeof presentRevision>[0]) => ({ entryId: r.entry_id, ...presentRevision(r) }),
      ),
    },
  };
}
