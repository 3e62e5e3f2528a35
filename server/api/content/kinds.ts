import type { ArticlePatchInput } from '../../../contracts/news';
import type { PodcastPatchInput } from '../../../contracts/podcasts';
import type { LikeTargetType } from '../likes/repo';
import type { PostKind } from './visibility';

/**
 * Articles and podcast episodes are the same kind of thing to the database: a row with status,
 * archive and featured flags, a maintained `likes` counter, and news categories through a link
 * table. A kind names the tables so the shared repo in this folder serves both.
 */
export interface ContentKind {
  table: 'news_articles' | 'podcast_episodes';
  /** Its kind in the one rule of who may open it (visibility.ts). */
  post: Extract<PostKind, 'article' | 'episode'>;
  linkTable: 'article_categories' | 'podcast_categories';
  linkColumn: 'article_id' | 'podcast_id';
  likeTarget: LikeTargetType;
  notFoundMessage: string;
  /** Episodes belong to a show (podcast_shows); its reference is loaded with the other relations. */
  showColumn?: 'show_id';
  /**
   * The columns an item is read with: all but PostgreSQL's `search_vector`, which `select *` would
   * turn into text and send with every row, as long as the text itself (about half of a list's
   * bytes; docs/performance.md). server/db/migrations/migrations.test.ts keeps the list whole.
   */
  columns: readonly string[];
  /**
   * The text and fields an editor writes, by input name → column: what a create or update body
   * writes (contentWrite, with the status and featured flags) and what a revision keeps.
   */
  fields: Readonly<Record<string, string>>;
  /** Columns of `fields` that hold JSON text: a revision keeps their value, not the text. */
  jsonColumns?: readonly string[];
  /**
   * Columns too large for lists, read only for the item's own answer (a presenter marked `detail`,
   * handlers.ts): an episode's transcript.
   */
  detailColumns?: readonly string[];
  /** What lists and items read instead, computed from those columns in the same statement. */
  computedColumns?: Readonly<Record<string, string>>;
  /** Columns the item is never read with: text kept for search (and the transcript's plain text). */
  searchColumns?: readonly string[];
}

export const ARTICLES: ContentKind = {
  table: 'news_articles',
  post: 'article',
  linkTable: 'article_categories',
  linkColumn: 'article_id',
  likeTarget: 'article',
  notFoundMessage: 'Article not found',
  fields: {
    title: 'title',
    content: 'content',
    excerpt: 'excerpt',
    imageUrl: 'image_url',
    thumbnailUrl: 'thumbnail_url',
    sourceUrl: 'source_url',
    sourceName: 'source_name',
    category: 'category',
    learningObjectives: 'learning_objectives',
  } satisfies Partial<Record<keyof ArticlePatchInput, string>>,
  columns: ['id', 'title', 'content', 'excerpt', 'image_url', 'thumbnail_url', 'source_url', 'source_name', 'category', 'learning_objectives', 'author_id', 'published_at', 'scheduled_at', 'scheduled_by', 'likes', 'comment_count', 'is_archived', 'is_featured', 'status', 'created_at', 'updated_at'],
};

export const PODCASTS: ContentKind = {
  table: 'podcast_episodes',
  post: 'episode',
  linkTable: 'podcast_categories',
  linkColumn: 'podcast_id',
  likeTarget: 'podcast',
  notFoundMessage: 'Podcast episode not found',
  showColumn: 'show_id',
  fields: {
    title: 'title',
    showId: 'show_id',
    description: 'description',
    episodeNumber: 'episode_number',
    // The file's length and type go with its address (podcasts/audio.ts adds them from the stored
    // object, never from a client's body), so a restored revision keeps them true.
    audioUrl: 'audio_url',
    audioBytes: 'audio_bytes',
    audioType: 'audio_type',
    externalUrl: 'external_url',
    imageUrl: 'image_url',
    duration: 'duration',
    hostName: 'host_name',
    guestName: 'guest_name',
    guestTitle: 'guest_title',
    learningObjectives: 'learning_objectives',
    // The transcript's plain text (transcript_text) goes with its cues: podcasts/repo.ts writes both.
    transcript: 'transcript',
    chapters: 'chapters',
  } satisfies Partial<Record<keyof PodcastPatchInput | 'audioBytes' | 'audioType', string>>,
  jsonColumns: ['transcript', 'chapters'],
  detailColumns: ['transcript'],
  // 'timed' (WebVTT or SRT: served as /transcript.vtt) or 'text' (pasted text: /transcript.txt),
  // null when none. A transcript's cues are all timed or none (contracts/podcasts.ts), and stored
  // as JSON with `start` first (podcasts/repo.ts), so the first cue's start tells.
  computedColumns: {
    transcript_kind: `case when podcast_episodes.transcript is null then null when podcast_episodes.transcript like '[{"start":null%' then 'text' else 'timed' end`,
  },
  searchColumns: ['transcript_text'],
  columns: ['id', 'title', 'description', 'episode_number', 'audio_url', 'image_url', 'duration', 'host_name', 'guest_name', 'guest_title', 'play_count', 'likes', 'is_archived', 'is_featured', 'published_at', 'scheduled_at', 'scheduled_by', 'status', 'author_id', 'created_at', 'updated_at', 'show_id', 'external_url', 'audio_bytes', 'audio_type', 'comment_count', 'learning_objectives', 'chapters'],
};

/** How the domain events name a kind (server/events/catalogue.ts), and back. */
export const eventKind = (kind: ContentKind): 'article' | 'episode' => (kind === ARTICLES ? 'article' : 'episode');
export const kindOfEvent = (name: 'article' | 'episode'): ContentKind => (name === 'article' ? ARTICLES : PODCASTS);
