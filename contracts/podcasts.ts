import { z } from './zod';
import { optionalText, safeText, singleLineText, Timestamp } from './common';
import { ContentListQuery, contentInputs, contentItemFields, featuredInput, learningObjectivesInput, learningObjectivesOutput, optionalMediaUrl, optionalWebUrl, scheduledAtInput } from './news';
import { Chapter, CHAPTER_TITLE_MAX, CHAPTERS_MAX, parseTranscript, TRANSCRIPT_MAX_CHARS, TranscriptCue, TranscriptFormatError } from './transcripts';

/*
 * Podcast episodes (spec sections 3, 5, 7 Podcasts). The list query, status/archive/featured
 * bodies and the like response are the article ones from ./news.
 */

/** The longest an episode may be, typed or read from its audio file. */
export const DURATION_MAX_SECONDS = 24 * 60 * 60;
/** An uploaded audio file whose own header claims more than DURATION_MAX_SECONDS is refused (422). */
export const AUDIO_TOO_LONG =
  'This file says it lasts more than 24 hours, and an episode may last at most 24 hours. Please check the file, or upload a shorter one.';
const DURATION_FORMAT = 'Duration must be a number of seconds, MM:SS or HH:MM:SS';

/**
 * Duration in seconds from a number of seconds, a string of digits (seconds), 'MM:SS' or
 * 'HH:MM:SS' (the admin panel's hint). Returns null for blank, undefined for an invalid value.
 */
export function parseDuration(value: number | string | null): number | null | undefined {
  if (value === null) return null;
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  const s = value.trim();
  if (!s) return null;
  if (/^\d{1,6}$/.test(s)) return Number(s);
  let m = /^(\d{1,4}):([0-5]\d)$/.exec(s);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/.exec(s);
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return undefined;
}

const durationInput = z
  .union([z.number(), safeText(), z.null()], { error: DURATION_FORMAT })
  .transform((v, ctx) => {
    const seconds = parseDuration(v);
    if (seconds === undefined) {
      ctx.addIssue({ code: 'custom', message: DURATION_FORMAT });
      return z.NEVER;
    }
    if (seconds !== null && seconds > DURATION_MAX_SECONDS) {
      ctx.addIssue({ code: 'custom', message: 'Duration must be at most 24 hours' });
      return z.NEVER;
    }
    return seconds;
  })
  .optional();

export const EPISODE_NUMBER_MAX = 1_000_000;
const EPISODE_NUMBER = 'Episode number must be a positive integer';

/** Optional positive integer; numeric strings (form inputs) are accepted, blank clears it. */
const episodeNumberInput = z
  .union([z.number(), safeText(), z.null()], { error: EPISODE_NUMBER })
  .transform((v, ctx) => {
    if (v === null) return null;
    const s = typeof v === 'string' ? v.trim() : v;
    if (s === '') return null;
    const n = typeof s === 'number' ? s : /^\d+$/.test(s) ? Number(s) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > EPISODE_NUMBER_MAX) {
      ctx.addIssue({ code: 'custom', message: EPISODE_NUMBER });
      return z.NEVER;
    }
    return n;
  })
  .optional();

/** The show an episode belongs to; absent on create means the default show (the first one). */
const showIdInput = z.uuid({ error: 'Unknown show' }).optional();

const TRANSCRIPT_FORMAT = 'Transcript must be WebVTT, SRT or plain text';
const TRANSCRIPT_TOO_LONG = `Transcript must be at most ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-GB')} characters`;

/** A cue as an API client (or a restored revision) may send it instead of a file's text. */
const cueInput = z.object({
  start: z.number().min(0).max(DURATION_MAX_SECONDS).nullable(),
  end: z.number().min(0).max(DURATION_MAX_SECONDS).nullable(),
  text: safeText('Cue text must be text').trim().min(1, 'Cue text is required'),
});

/**
 * The episode's transcript: the text of a WebVTT or SRT file, or pasted text (parseTranscript),
 * or its cues; blank, null or no cues removes it. A timed file that cannot be read is refused
 * with the line at fault.
 */
const transcriptInput = z
  .union([safeText(TRANSCRIPT_FORMAT), z.array(cueInput), z.null()], { error: TRANSCRIPT_FORMAT })
  .transform((v, ctx): TranscriptCue[] | null => {
    if (v === null) return null;
    const length = typeof v === 'string' ? v.length : v.reduce((n, c) => n + c.text.length, 0);
    if (length > TRANSCRIPT_MAX_CHARS) {
      ctx.addIssue({ code: 'custom', message: TRANSCRIPT_TOO_LONG });
      return z.NEVER;
    }
    if (typeof v !== 'string') {
      const backwards = v.findIndex((c) => c.start !== null && c.end !== null && c.end < c.start);
      if (backwards >= 0) {
        ctx.addIssue({ code: 'custom', path: [backwards, 'end'], message: 'A cue cannot end before it starts' });
        return z.NEVER;
      }
      if (v.some((c) => c.start === null) && v.some((c) => c.start !== null)) {
        ctx.addIssue({ code: 'custom', message: 'Either every cue has a start time or none has' });
        return z.NEVER;
      }
      return v.length ? v : null;
    }
    try {
      const cues = parseTranscript(v);
      return cues.length ? cues : null;
    } catch (err) {
      if (!(err instanceof TranscriptFormatError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
      return z.NEVER;
    }
  })
  .optional();

const CHAPTER_START = 'Start must be a number of seconds, MM:SS or HH:MM:SS';
const chapterInput = z.object(
  {
    start: z.union([z.number(), safeText(), z.null()], { error: CHAPTER_START }).transform((v, ctx) => {
      const seconds = parseDuration(v);
      if (seconds === null || seconds === undefined || seconds > DURATION_MAX_SECONDS) {
        ctx.addIssue({ code: 'custom', message: seconds === null ? 'Start is required' : CHAPTER_START });
        return z.NEVER;
      }
      return seconds;
    }),
    title: singleLineText('Title is required')
      .trim()
      .min(1, 'Title is required')
      .max(CHAPTER_TITLE_MAX, `Title must be at most ${CHAPTER_TITLE_MAX} characters`),
  },
  { error: 'A chapter needs a start and a title' },
);

/** The text of "Two chapters start at 1:30" (seconds as M:SS or H:MM:SS). */
export function clockTime(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor(seconds / 60) % 60;
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * The episode's chapters: at most CHAPTERS_MAX, no two at the same start
 * (an empty list or null removes them; the server stores them sorted). That none starts past the episode's end is checked
 * against its duration on the server (podcasts/chapters.ts), which may come from the audio file.
 */
const chaptersInput = z
  .array(chapterInput, { error: 'Chapters must be a list' })
  .max(CHAPTERS_MAX, `An episode may have at most ${CHAPTERS_MAX} chapters`)
  .nullable()
  .superRefine((chapters, ctx) => {
    const seen = new Set<number>();
    chapters?.forEach((c, i) => {
      if (seen.has(c.start)) ctx.addIssue({ code: 'custom', path: [i, 'start'], message: `Another chapter already starts at ${clockTime(c.start)}` });
      seen.add(c.start);
    });
  })
  // Kept in the order sent, so the server's later checks name the row the editor sees; stored sorted.
  .transform((chapters): Chapter[] | null => (chapters?.length ? chapters : null))
  .optional();

const podcastOptionalFields = {
  showId: showIdInput,
  description: optionalText('Description', 10_000, true),
  episodeNumber: episodeNumberInput,
  /**
   * The episode's audio file (an upload, `/objects/<id>`); blank removes it. An http(s) link to
   * another site is kept as `externalUrl` (what the spec's clients send as "a YouTube link").
   */
  audioUrl: optionalMediaUrl('Audio URL'),
  /** A page elsewhere that has the episode (YouTube and the like): opened, never played in the app. */
  externalUrl: optionalWebUrl('External link'),
  imageUrl: optionalMediaUrl('Image URL'),
  duration: durationInput,
  hostName: optionalText('Host name', 200),
  guestName: optionalText('Guest name', 200),
  guestTitle: optionalText('Guest title', 200),
  isFeatured: featuredInput.optional(),
  scheduledAt: scheduledAtInput,
  learningObjectives: learningObjectivesInput,
  transcript: transcriptInput,
  chapters: chaptersInput,
};

const podcastInputs = contentInputs({}, podcastOptionalFields);

/** POST /api/podcasts. */
export const PodcastCreateInput = podcastInputs.create;
export type PodcastCreateInput = z.infer<typeof PodcastCreateInput>;

/** PATCH /api/podcasts/{id}: only the fields sent change; `categoryIds`, when sent, still needs one. */
export const PodcastPatchInput = podcastInputs.patch;
export type PodcastPatchInput = z.infer<typeof PodcastPatchInput>;

/** The show as embedded in an episode. */
export const ShowRef = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type ShowRef = z.infer<typeof ShowRef>;

export const Podcast = z.object({
  id: z.string(),
  title: z.string(),
  showId: z.string().nullable(),
  /** Null only for a row written around the API with no show (the API always sets one). */
  show: ShowRef.nullable(),
  description: z.string().nullable(),
  episodeNumber: z.number().int().nullable(),
  /** A playable file on this site (`/objects/<id>`), null when the episode has none. */
  audioUrl: z.string().nullable(),
  /** A page elsewhere (YouTube and the like): "Watch on YouTube", never played in the app. */
  externalUrl: z.string().nullable(),
  /** The audio file's length in bytes and media type (the feed's enclosure, the library's sizes). */
  audioBytes: z.number().int().nullable(),
  audioType: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Seconds (read from the uploaded file when there is one). */
  duration: z.number().int().nullable(),
  hostName: z.string().nullable(),
  guestName: z.string().nullable(),
  guestTitle: z.string().nullable(),
  playCount: z.number().int(),
  ...contentItemFields,
  learningObjectives: learningObjectivesOutput,
  /** In order of start; empty when the episode has none. */
  chapters: z.array(Chapter),
  hasTranscript: z.boolean(),
  /** The transcript's cues: only in GET /api/podcasts/{id} (null when there is none), never in lists. */
  transcript: z.array(TranscriptCue).nullable().optional(),
});
export type Podcast = z.infer<typeof Podcast>;

export const PlayResponse = z.object({ playCount: z.number().int() });
export type PlayResponse = z.infer<typeof PlayResponse>;

/** 409 on create/edit when the show already has an episode with that number (under `episodeNumber`). */
export function episodeNumberTakenMessage(episodeNumber: number, showName: string): string {
  return `Episode ${episodeNumber} already exists in ${showName}`;
}

// ---------------------------------------------------------------- shows

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** GET /api/podcasts?show=<slug>: only that show's episodes (an unknown slug lists none). */
export const PodcastListQuery = ContentListQuery.extend({
  show: safeText()
    .trim()
    .toLowerCase()
    .max(120, 'Invalid show')
    .refine((v) => v === '' || SLUG_PATTERN.test(v), 'Invalid show')
    .transform((v) => v || undefined)
    .optional(),
});
export type PodcastListQuery = z.infer<typeof PodcastListQuery>;

/** GET /api/podcast-shows: every show in display order. */
export const PodcastShow = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  hostName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  displayOrder: z.number().int(),
  /** Episodes editors can see (drafts and archived included); published, non-archived ones for others. */
  episodeCount: z.number().int(),
  /**
   * Editors and admins only: one more than the highest episode number in the show (1 when none),
   * what the episode forms suggest.
   */
  nextEpisodeNumber: z.number().int().optional(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type PodcastShow = z.infer<typeof PodcastShow>;

const showName = singleLineText('Name is required')
  .trim()
  .min(1, 'Name is required')
  .max(120, 'Name must be at most 120 characters');
const showSlug = safeText('Slug is required')
  .trim()
  .min(1, { error: 'Slug is required', abort: true })
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and dashes');
const showDisplayOrder = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Display order must be a number' })
    .int('Display order must be a whole number')
    .min(-1_000_000, 'Display order is out of range')
    .max(1_000_000, 'Display order is out of range')
    .optional(),
);

/** A slug made from a name: lowercase ASCII letters and digits joined by dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** POST /api/admin/podcast-shows; a missing slug is made from the name. */
export const PodcastShowCreateInput = z
  .object({
    name: showName,
    slug: showSlug.optional(),
    description: optionalText('Description', 2000, true),
    hostName: optionalText('Host name', 200),
    imageUrl: optionalMediaUrl('Image URL'),
    displayOrder: showDisplayOrder,
  })
  .transform((v, ctx) => {
    const slug = v.slug ?? slugify(v.name);
    if (!slug) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: 'Slug is required' });
      return z.NEVER;
    }
    return { ...v, slug };
  });
export type PodcastShowCreateInput = z.infer<typeof PodcastShowCreateInput>;

/** PATCH /api/admin/podcast-shows/{id}: only the fields sent change. */
export const PodcastShowUpdateInput = z.object({
  name: showName.optional(),
  slug: showSlug.optional(),
  description: optionalText('Description', 2000, true),
  hostName: optionalText('Host name', 200),
  imageUrl: optionalMediaUrl('Image URL'),
  displayOrder: showDisplayOrder,
});
export type PodcastShowUpdateInput = z.infer<typeof PodcastShowUpdateInput>;
