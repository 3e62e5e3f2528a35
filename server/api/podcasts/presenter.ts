import type { Podcast } from '../../../contracts/podcasts';
import type { Chapter, TranscriptCue } from '../../../contracts/transcripts';
import { fromJson } from '../../db/dialect';
import { presentContentFields } from '../content/presenter';
import type { Relations } from '../content/repo';
import type { PodcastRow } from './repo';

const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function presentPodcast(row: PodcastRow, rel: Relations): Podcast {
  return {
    id: row.id,
    title: row.title,
    showId: row.show_id,
    show: (row.show_id && rel.shows?.get(row.show_id)) || null,
    description: row.description,
    episodeNumber: intOrNull(row.episode_number),
    audioUrl: row.audio_url,
    externalUrl: row.external_url,
    audioBytes: intOrNull(row.audio_bytes),
    audioType: row.audio_type,
    imageUrl: row.image_url,
    duration: intOrNull(row.duration),
    hostName: row.host_name,
    guestName: row.guest_name,
    guestTitle: row.guest_title,
    playCount: Number(row.play_count) || 0,
    commentCount: Number(row.comment_count) || 0,
    ...presentContentFields(row, rel),
    chapters: fromJson<Chapter[]>(row.chapters, []),
    hasTranscript: row.transcript_kind !== null && row.transcript_kind !== undefined,
  };
}

/**
 * The episode's own answer (its GET, and an editor's create and edit): with its learning objectives
 * and transcript, which lists leave out (`detail`: the transcript column is read for it).
 */
export const presentPodcastDetail = Object.assign(
  (row: PodcastRow, rel: Relations): Podcast => ({
    ...presentPodcast(row, rel),
    learningObjectives: row.learning_objectives ?? null,
    transcript: fromJson<TranscriptCue[] | null>(row.transcript, null),
  }),
  { detail: true },
);
