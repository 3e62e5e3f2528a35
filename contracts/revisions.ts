import { z } from './zod';
import { Timestamp } from './common';

/**
 * Revisions of an article or episode: the last 20 saved versions of its text and
 * fields, newest first. `data` holds the fields under their input names (ArticlePatchInput,
 * PodcastPatchInput) with `categoryIds`.
 */
export const REVISIONS_KEPT = 20;

export const RevisionSummary = z.object({
  id: z.string(),
  /** Who saved it; `id` null once their account is gone (the name is kept). */
  author: z.object({ id: z.string().nullable(), name: z.string() }),
  createdAt: Timestamp,
});
export type RevisionSummary = z.infer<typeof RevisionSummary>;

export const Revision = RevisionSummary.extend({
  data: z.record(z.string(), z.unknown()),
});
export type Revision = z.infer<typeof Revision>;
