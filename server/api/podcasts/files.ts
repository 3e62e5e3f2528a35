/**
 * An episode's transcript and chapters as files (podcasts/routes.ts serves them, the feed points
 * to them): their paths under /api/podcasts/{id} and media types (Podcasting 2.0's
 * podcast:transcript and podcast:chapters).
 */
export const TRANSCRIPT_VTT_TYPE = 'text/vtt; charset=utf-8';
export const TRANSCRIPT_TEXT_TYPE = 'text/plain; charset=utf-8';
export const CHAPTERS_TYPE = 'application/json+chapters; charset=utf-8';

/** Where the episode's timed transcript (WebVTT), plain-text transcript and chapters are. */
export const episodeFilePaths = (id: string) => ({
  vtt: `/api/podcasts/${id}/transcript.vtt`,
  text: `/api/podcasts/${id}/transcript.txt`,
  chapters: `/api/podcasts/${id}/chapters.json`,
});
