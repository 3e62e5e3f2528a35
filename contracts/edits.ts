import { z } from 'zod';
import { Timestamp } from './common';
import { CommentAuthor } from './comments';

/**
 * A saved change to a member's own comment, reply or discussion, as moderators read the history:
 * the words as they were before the change, who changed them and when. Oldest first.
 */
export const PostEdit = z.object({
  id: z.string(),
  /** null when the editor's account was deleted. */
  editor: CommentAuthor.nullable(),
  previousContent: z.string(),
  /** A discussion's title before the change; null for comments and replies, or when it did not change. */
  previousTitle: z.string().nullable(),
  createdAt: Timestamp,
});
export type PostEdit = z.infer<typeof PostEdit>;
