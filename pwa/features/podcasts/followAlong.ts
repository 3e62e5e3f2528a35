import type { Chapter, TranscriptCue } from '../../../contracts/transcripts';

/*
 * Where playback is, in an episode's chapters and transcript (docs/episode-page.md): what the
 * episode page marks as current. Pure, so the selectors the page hands the player's store stay cheap.
 */

/**
 * The index of the last item starting at or before `position` in `starts` (ascending, `null` for an
 * untimed item, which is never current), or -1 before the first.
 */
function lastStartedAt(starts: ReadonlyArray<number | null>, position: number): number {
  let found = -1;
  for (let i = 0; i < starts.length; i += 1) {
    const start = starts[i];
    if (start == null) continue;
    if (start > position) break;
    found = i;
  }
  return found;
}

/** The chapter playing at `position` seconds (chapters sorted by start), or -1 before the first. */
export function chapterAt(chapters: readonly Chapter[], position: number): number {
  return lastStartedAt(
    chapters.map((c) => c.start),
    position,
  );
}

/**
 * The cue being spoken at `position`, or -1. Between two cues the earlier one stays current (a
 * pause in the speech should not blank the highlight), but not past the last cue's end: the
 * transcript is over then.
 */
export function cueAt(cues: readonly TranscriptCue[], position: number): number {
  const index = lastStartedAt(
    cues.map((c) => c.start),
    position,
  );
  if (index === -1) return -1;
  const cue = cues[index]!;
  const isLast = !cues.slice(index + 1).some((c) => c.start != null);
  return isLast && cue.end != null && position >= cue.end ? -1 : index;
}

/** Whether the transcript carries times (WebVTT, SRT) rather than being pasted paragraphs. */
export const isTimed = (cues: readonly TranscriptCue[]): boolean => cues.some((c) => c.start != null);

/** A transcript longer than this (cues or characters) starts as a box of its own with "Show full transcript". */
export const LONG_TRANSCRIPT = { cues: 12, characters: 1_500 };

export function isLongTranscript(cues: readonly TranscriptCue[]): boolean {
  if (cues.length > LONG_TRANSCRIPT.cues) return true;
  let characters = 0;
  for (const cue of cues) {
    characters += cue.text.length;
    if (characters > LONG_TRANSCRIPT.characters) return true;
  }
  return false;
}

/** How long after the listener scrolls the transcript it is left where they put it. */
export const USER_SCROLL_PAUSE_MS = 5_000;

/**
 * How far to scroll a box so that a cue (its top and bottom relative to the box's scrolled content)
 * sits a third of the way down; null when the cue is already well inside the view (no jitter for
 * each cue of a paragraph already on screen).
 */
export function scrollTarget(cue: { top: number; bottom: number }, box: { scrollTop: number; clientHeight: number; scrollHeight: number }): number | null {
  const viewTop = box.scrollTop;
  const viewBottom = box.scrollTop + box.clientHeight;
  const margin = box.clientHeight / 6;
  if (cue.top >= viewTop + margin && cue.bottom <= viewBottom - margin) return null;
  const target = cue.top - box.clientHeight / 3;
  return Math.max(0, Math.min(target, box.scrollHeight - box.clientHeight));
}
