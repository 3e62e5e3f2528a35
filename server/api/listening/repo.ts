import type { Knex } from 'knex';
import { FINISHED_SHARE, type ListeningInput } from '../../../contracts/listening';
import { now } from '../../db/dialect';
import { wherePublished } from '../content/visibility';

/*
 * The listening record's table (migration 20261130000000_listening_positions; docs/offline.md,
 * "Listening across devices"). Every write is one upsert whose every SET keeps the stored value
 * unless the incoming change is newer, so concurrent writes and replays in any order give one row:
 *  - the change with the latest device time wins as a whole; at the same time, the further position,
 *    then the finished one;
 *  - the duration is the change's, else the one stored, else the episode's;
 *  - finished when the change says so or its position reaches FINISHED_SHARE of that duration.
 * Repos return rows and results; the routes decide.
 */

const TABLE = 'listening_positions';

export interface ListenedEpisode {
  id: string;
  status: string;
  duration: number | null;
}

export interface ListeningRow {
  episode_id: string;
  position_seconds: unknown;
  duration_seconds: unknown;
  finished: unknown;
  device_time: unknown;
  updated_at: unknown;
}

export interface ListeningListRow extends ListeningRow {
  title: string;
  image_url: string | null;
}

const RETURNED = ['episode_id', 'position_seconds', 'duration_seconds', 'finished', 'device_time', 'updated_at'];

export function findEpisode(db: Knex, id: string): Promise<ListenedEpisode | undefined> {
  return db('podcast_episodes').where({ id }).first('id', 'status', 'duration');
}

export function findListening(db: Knex, userId: string, episodeId: string): Promise<ListeningRow | undefined> {
  return db(TABLE).where({ user_id: userId, episode_id: episodeId }).first(RETURNED);
}

/** The member's change time, never later than ours: a device clock ahead cannot outrank later changes. */
const clamped = (deviceTime: string) => new Date(Math.min(Date.parse(deviceTime), Date.now())).toISOString();

const reaches = (position: number, duration: number | null | undefined) => Boolean(duration && duration > 0 && position >= FINISHED_SHARE * duration);

/** Merges one change into the member's record and returns the record as it stands after it. */
export async function writeListening(db: Knex, userId: string, episode: ListenedEpisode, change: ListeningInput): Promise<ListeningRow> {
  const t = TABLE;
  const episodeDuration = episode.duration && episode.duration > 0 ? episode.duration : null;
  const duration = change.durationSeconds ?? episodeDuration;
  const explicit = change.finished === true;
  const updated_at = now();
  // Every SET reads the old row, so all of them follow the same comparison.
  // At the same device time: the further position, then finished (so arrival order never decides).
  const sameTime = `excluded.device_time = ${t}.device_time`;
  const newer = `(excluded.device_time > ${t}.device_time
    or (${sameTime} and excluded.position_seconds > ${t}.position_seconds)
    or (${sameTime} and excluded.position_seconds = ${t}.position_seconds and excluded.finished and not ${t}.finished))`;
  const pick = (column: string) => db.raw(`case when ${newer} then excluded.?? else ${t}.?? end`, [column, column]);
  const resolvedDuration = `coalesce(?, ${t}.duration_seconds, ?)`;
  const durationBindings = [change.durationSeconds ?? null, episodeDuration];
  const [row] = await db(t)
    .insert({
      user_id: userId,
      episode_id: episode.id,
      position_seconds: change.positionSeconds,
      duration_seconds: duration,
      finished: explicit || reaches(change.positionSeconds, duration),
      device_time: clamped(change.deviceTime),
      updated_at,
    })
    .onConflict(['user_id', 'episode_id'])
    .merge({
      duration_seconds: db.raw(`case when ${newer} then ${resolvedDuration} else ${t}.duration_seconds end`, durationBindings),
      finished: db.raw(
        `case when not ${newer} then ${t}.finished
              when ${explicit ? 'true' : 'false'} then true
              when ${resolvedDuration} > 0 and excluded.position_seconds >= ? * ${resolvedDuration} then true
              else false end`,
        [...durationBindings, FINISHED_SHARE, ...durationBindings],
      ),
      position_seconds: pick('position_seconds'),
      device_time: pick('device_time'),
      updated_at: db.raw(`case when ${newer} then excluded.updated_at else ${t}.updated_at end`),
    })
    .returning(RETURNED);
  return row;
}

/**
 * One page of the member's records, newest change first, after the cursor (device time, episode id),
 * with their episodes: one query whatever the page's size. Drafts only for those who may see them.
 */
export function listListening(
  db: Knex,
  userId: string,
  { limit, after, withDrafts }: { limit: number; after?: [string, string]; withDrafts: boolean },
): Promise<ListeningListRow[]> {
  const q = db(`${TABLE} as l`)
    .join('podcast_episodes as e', 'e.id', 'l.episode_id')
    .where('l.user_id', userId);
  if (!withDrafts) wherePublished(q, 'e');
  if (after) {
    const [deviceTime, id] = after;
    q.andWhere((w) => w.where('l.device_time', '<', deviceTime).orWhere((x) => x.where('l.device_time', '=', deviceTime).andWhere('l.episode_id', '<', id)));
  }
  return q
    .orderBy([
      { column: 'l.device_time', order: 'desc' },
      { column: 'l.episode_id', order: 'desc' },
    ])
    .limit(limit)
    .select(...RETURNED.map((c) => `l.${c}`), 'e.title', 'e.image_url');
}
