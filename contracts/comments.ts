import { z } from './zod';
import { ClientId, LIMITS, safeText, Timestamp, WrittenAt } from './common';
import { HiddenState } from './moderation';

/*
 * Comments on articles and podcast episodes (spec sections 5, 7): one set of rules for both kinds.
 * An episode's comments name their parent `podcastId` where an article's say `articleId`.
 */

export const CommentAuthor = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  title: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

export const Comment = z.object({
  id: z.string(),
  articleId: z.string(),
  authorId: z.string().nullable(),
  content: z.string(),
  /** When it was written, if that was before it was posted (queued offline); else null. */
  writtenAt: Timestamp.nullable(),
  /** When the server posted it. */
  createdAt: Timestamp,
  /** When its author last changed it (the "edited" mark); null when never. */
  editedAt: Timestamp.nullable(),
  /** null when the author's account was deleted (the client shows 'Unknown User'). */
  author: CommentAuthor.nullable(),
  /** Hidden by a moderator: the reason for its author and moderators; others get no words. */
  hidden: HiddenState.nullable().optional(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentCreateInput = z.object({
  content: safeText('Comment required')
    .trim()
    .min(1, 'Comment required')
    .max(LIMITS.commentMax, `Comment must be at most ${LIMITS.commentMax} characters`),
  id: ClientId.optional(),
  writtenAt: WrittenAt.optional(),
});
export type CommentCreateInput = z.infer<typeof CommentCreateInput>;

/** PATCH …/comments/{id}: the author's new words, under the same rules as when they were posted. */
export const CommentEditInput = CommentCreateInput.pick({ content: true });
export type CommentEditInput = z.infer<typeof CommentEditInput>;

/** Comments come oldest first, up to `limit` (default 200, clamped to 500); `after` pages on. */
export const COMMENT_PAGE = 200;
export const COMMENT_PAGE_MAX = 500;
export const CommentListQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a positive integer' })
    .int('limit must be a positive integer')
    .min(1, 'limit must be a positive integer')
    .default(COMMENT_PAGE)
    .transform((n) => Math.min(n, COMMENT_PAGE_MAX)),
  after: safeText().max(512, 'Invalid cursor').optional(),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;
