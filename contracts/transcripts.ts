import { z } from './zod';

/*
 * An episode's chapters and transcript (Podcasting 2.0's podcast:chapters and podcast:transcript):
 * what the editor sends, the episode page and the player show, the feed and the search carry.
 */

/** A chapter: where it starts, in whole seconds from the episode's start, and its title. */
export const Chapter = z.object({ start: z.number().int().min(0), title: z.string() });
export type Chapter = z.infer<typeof Chapter>;

/**
 * One cue of a transcript: its words and, when the transcript was timed (WebVTT or SRT), where it
 * starts and ends in seconds. Pasted plain text has one cue per paragraph, with no times.
 */
export const TranscriptCue = z.object({ start: z.number().min(0).nullable(), end: z.number().min(0).nullable(), text: z.string() });
export type TranscriptCue = z.infer<typeof TranscriptCue>;
