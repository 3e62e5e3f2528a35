import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { PodcastPatchInput } from '../../../contracts/podcasts';
import { transcriptText } from '../../../contracts/transcripts';
import { hitWindow } from '../../db/counters';
import { recordEvent } from '../../events/index';
import { contentWrite, type ContentRow, type ContentWrite } from '../content/repo';
import { PODCASTS } from '../content/kinds';
import type { EpisodeFileColumns } from './audio';
import { whereListedPublicly } from '../content/visibility';

export interface PodcastRow extends ContentRow {
  title: string;
  description: string | null;
  episode_number: number | null;
  audio_url: string | null;
  external_url: string | null;
  audio_bytes: number | string | null;
  audio_type: string | null;
  comment_count: number;
  image_url: string | null;
  duration: number | null;
  host_name: string | null;
  guest_name: string | null;
  guest_title: string | null;
  play_count: number;
  show_id: string | null;
  learning_objectives?: string | null;
  /** JSON text of the chapters (Chapter[]), null when none. */
  chapters: string | null;
  /** Computed in the read (PODCASTS.computedColumns): 'timed', 'text', or null when there is no transcript. */
  transcript_kind: 'timed' | 'text' | null;
  /** JSON text of the cues, read only for the episode's own answer (PODCASTS.detailColumns). */
  transcript?: string | null;
}

/**
 * A validated create/update body → columns; fields not sent (undefined) are left out. The file's
 * length and type are never in a client's body: episodeAudio (./audio.ts) adds them from the object.
 */
export function podcastWrite(input: PodcastPatchInput & EpisodeFileColumns): ContentWrite {
  const write = contentWrite(PODCASTS, input);
  const { transcript, chapters } = input;
  // Cues and chapters are stored as JSON text; the transcript's words beside it for search.
  if (transcript !== undefined) {
    write.columns.transcript = transcript ? JSON.stringify(transcript.map(({ start, end, text }) => ({ start, end, text }))) : null;
    write.columns.transcript_text = transcript ? transcriptText(transcript) : null;
  }
  if (chapters !== undefined) write.columns.chapters = chapters?.length ? JSON.stringify([...chapters].sort((a, b) => a.start - b.start)) : null;
  return write;
}

/**
 * A listener's plays of one episode count once per UTC day: the de-duplication window is a day
 * aligned to the epoch, which starts at UTC midnight (docs/decisions/2026-11-28-plays-counted-once-a-day.md).
 */
export const PLAY_DEDUP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The listener as the counter's key holds it: a SHA-256 prefix, so the table holds no addresses. */
const listenerKey = (listener: string) => createHash('sha256').update(listener).digest('hex').slice(0, 32);

/**
 * Counts a play unless `listener` (`user:<id>` signed in, `ip:<address>` otherwise) already played
 * this episode this UTC day; answers the episode's play count either way (undefined when there is
 * no such episode). The day's row is one atomic upsert on a unique (key, window) in
 * `rate_limit_windows` (server/db/counters.ts), so concurrent plays from any number of processes
 * count exactly once; the de-duplication row and the count (`play_count + 1` in the database)
 * change together.
 */
export async function recordPlay(db: Knex, id: string, listener: string, at: number): Promise<number | undefined> {
  return db.transaction(async (trx) => {
    const heard = await hitWindow(trx, `play:${id}:${listenerKey(listener)}`, PLAY_DEDUP_WINDOW_MS, at);
    const episode = trx('podcast_episodes').where({ id });
    const [row] =
      heard.count === 1
        ? await episode.update({ play_count: trx.raw('?? + 1', ['play_count']) }).returning('play_count')
        : await episode.select('play_count');
    // A counted play also counts on its UTC day: the dashboard's plays over time.
    if (row && heard.count === 1) {
      await trx('podcast_play_days')
        .insert({ episode_id: id, day: new Date(at).toISOString().slice(0, 10), plays: 1 })
        .onConflict(['episode_id', 'day'])
        .merge({ plays: trx.raw('?? + 1', ['podcast_play_days.plays']) });
      await recordEvent(trx, { type: 'episode.played', episodeId: id, day: new Date(at).toISOString().slice(0, 10) });
    }
    return row ? Number(row.play_count) : undefined;
  });
}

/** An episode's show and number (its place in a show), or undefined when there is no such episode. */
export function findEpisodePlacement(db: Knex, id: string): Promise<Pick<PodcastRow, 'show_id' | 'episode_number'> | undefined> {
  return db<PodcastRow>('podcast_episodes').where({ id }).first('show_id', 'episode_number');
}

/** The sitemap's episodes: id and last change of the newest `limit` public ones. */
export function listPublicEpisodeStamps(db: Knex, limit: number): Promise<Array<{ id: string; updated_at: unknown }>> {
  return whereListedPublicly(db('podcast_episodes'), 'episode').orderBy('published_at', 'desc').limit(limit).select('id', 'updated_at');
}
