import { z } from './zod';
import { WRITTEN_AT_FLOOR, WRITTEN_AT_SKEW_MS } from './common';

/**
 * The reading list (docs/offline.md, "Reading list across devices"): a signed-in member's
 * saved articles, kept on the server so every device of theirs holds the same list. Every write
 * carries the time the member made it on their device (`changedAt`), because a write queued offline
 * arrives late: the server merges by those times, not by arrival, so two devices' changes give the
 * same list in whatever order they arrive.
 */

export const CHANGED_AT_MESSAGES = {
  format: 'changedAt must be an ISO-8601 timestamp',
  tooEarly: 'changedAt is too far in the past',
  future: "changedAt is in the future: check this device's clock",
} as const;

/**
 * When the member made the change (the device's clock), normalised to the app's ISO text so both
 * engines compare it alike. Bounded like `WrittenAt` (the floor, and the skew ahead of this clock);
 * the server clamps a time within the skew to its own, so a fast clock cannot win every later change.
 */
export const ChangedAt = z.iso
  .datetime({ offset: true, error: CHANGED_AT_MESSAGES.format, abort: true })
  .refine((v) => Date.parse(v) >= Date.parse(WRITTEN_AT_FLOOR), { error: CHANGED_AT_MESSAGES.tooEarly, abort: true })
  .refine((v) => Date.parse(v) <= Date.now() + WRITTEN_AT_SKEW_MS, { error: CHANGED_AT_MESSAGES.future })
  .transform((v) => new Date(v).toISOString());

/** `PUT /api/reading-list/{articleId}`: save (or save again after a removal). */
export const ReadingListSaveInput = z.object({ changedAt: ChangedAt });
export type ReadingListSaveInput = z.infer<typeof ReadingListSaveInput>;

/** `DELETE /api/reading-list/{articleId}?changedAt=…` (a query: DELETE bodies are not parsed everywhere). */
export const ReadingListRemoveQuery = z.object({ changedAt: ChangedAt });
export type ReadingListRemoveQuery = z.infer<typeof ReadingListRemoveQuery>;

/** `PATCH /api/reading-list/{articleId}`: how far the member has read (0–1) and/or whether they finished. */
export const ReadingListPatchInput = z
  .object({
    changedAt: ChangedAt,
    position: z.number({ error: 'position must be a number from 0 to 1' }).min(0, 'position must be a number from 0 to 1').max(1, 'position must be a number from 0 to 1').optional(),
    finished: z.boolean({ error: 'finished must be true or false' }).optional(),
  })
  .refine((v) => v.position !== undefined || v.finished !== undefined, { error: 'Send position or finished', path: ['position'] });
export type ReadingListPatchInput = z.infer<typeof ReadingListPatchInput>;

/**
 * One entry of `GET /api/reading-list`, newest saved first. `gone`: the article was deleted or is no
 * longer published (a draft again); it stays in the list, with the title it had when saved, so the
 * member is told "This article is no longer available" and can remove it, rather than meeting a
 * broken row. A gone entry has no excerpt, image or reading time.
 */
export interface ReadingListItem {
  articleId: string;
  title: string;
  gone: boolean;
  excerpt: string | null;
  imageUrl: string | null;
  publishedAt: string | null;
  /** Minutes to read the article, as its page shows them (`readingMinutes`, contracts/text.ts). */
  readingMinutes: number | null;
  savedAt: string;
  /** How far the member read, 0–1: the furthest any of their devices reported. */
  position: number;
  finished: boolean;
}

/** What a write answers: the entry as merged (`onList`: whether it is on the list now). */
export interface ReadingListEntry {
  articleId: string;
  onList: boolean;
  savedAt: string | null;
  position: number;
  finished: boolean;
}
