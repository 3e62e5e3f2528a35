import { z } from './zod';
import { ClientId, CONTENT_STATUSES, ContentStatus, Id, LIMITS, LimitParam, safeText, singleLineText, Timestamp, WrittenAt } from './common';

const LIMIT = { title: 300, content: 20_000 } as const;

const title = singleLineText('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(LIMIT.title, `Title must be at most ${LIMIT.title} characters`);
const content = safeText('Content is required')
  .trim()
  .min(1, 'Content is required')
  .max(LIMIT.content, `Content must be at most ${LIMIT.content} characters`);
const status = z.enum(CONTENT_STATUSES, { error: 'Status must be draft or published' });
export const CATEGORY_REQUIRED = 'Category is required';
/** A draft may wait for its category (null or absent); publishing needs one (publishedNeedsCategory). */
const categoryId = z.uuid({ error: CATEGORY_REQUIRED }).nullable();

/** Whether a discussion in this state may be saved: a published one must have a category. */
export const publishedNeedsCategory = (state: { status?: ContentStatus; categoryId?: string | null }): boolean =>
  state.status === 'draft' || Boolean(state.categoryId);

// ---------------------------------------------------------------------------------------------
// Responses
import { HiddenState } from './moderation';

export const ForumCategory = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  /** Published discussions in the category (drafts are not counted). */
  discussionCount: z.number().int(),
  /** When its newest public discussion or reply was posted; null when it has none. */
  lastActivityAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type ForumCategory = z.infer<typeof ForumCategory>;

/** The author shown on discussions and replies; null when the account was deleted. */
export const ForumAuthor = z
  .object({
    id: Id,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    title: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  })
  .nullable();
export type ForumAuthor = z.infer<typeof ForumAuthor>;

export const DiscussionNewsCategory = z.object({ id: Id, name: z.string(), slug: z.string(), color: z.string() });

export const Discussion = z.object({
  id: Id,
  title: z.string(),
  content: z.string(),
  categoryId: Id.nullable(),
  category: z.object({ id: Id, name: z.string() }).nullable(),
  newsCategories: z.array(DiscussionNewsCategory),
  authorId: Id.nullable(),
  author: ForumAuthor,
  replyCount: z.number().int(),
  likes: z.number().int(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  isFeatured: z.boolean(),
  status: ContentStatus,
  lastReplyAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** When its title or words last changed (the "Edited" mark); null: never. */
  editedAt: Timestamp.nullable(),
  /** The reply marked as the answer (Solved); null: unanswered. */
  answerReplyId: Id.nullable(),
  /** Hidden by a moderator: only its author and moderators get it at all. */
  hidden: HiddenState.nullable().optional(),
});
export type Discussion = z.infer<typeof Discussion>;

export const Reply = z.object({
  id: Id,
  content: z.string(),
  discussionId: Id,
  parentReplyId: Id.nullable(),
  authorId: Id.nullable(),
  author: ForumAuthor,
  likes: z.number().int(),
  /** When it was written, if that was before it was posted (queued offline); else null. */
  writtenAt: Timestamp.nullable(),
  createdAt: Timestamp,
  /** When its author last changed its words (the "Edited" mark); null: never. */
  editedAt: Timestamp.nullable(),
  /** Hidden by a moderator: the reason for its author and moderators; others get no words. */
  hidden: HiddenState.nullable().optional(),
});
export type Reply = z.infer<typeof Reply>;

/** GET /api/forum/discussions/{id}: the discussion with its replies, oldest first. */
export const DiscussionDetail = Discussion.extend({ replies: z.array(Reply) });
export type DiscussionDetail = z.infer<typeof DiscussionDetail>;

export const DeletedResponse = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Requests

/** `?categoryId=` (the "All" choice) means no filter. */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/forum/discussions: pinned first, then newest; `before` is the opaque X-Next-Cursor value. */
export const DiscussionListQuery = z.object({
  categoryId: z.preprocess(emptyToUndefined, z.uuid({ error: 'Invalid category' }).optional()),
  limit: LimitParam,
  before: z.preprocess(emptyToUndefined, safeText('Invalid cursor').max(200, 'Invalid cursor').optional()),
  /** `unanswered=1`: only discussions without a marked answer (Solved). */
  unanswered: z.preprocess((v) => (v === '' || v === '0' || v === 'false' ? undefined : v), z.enum(['1', 'true'], { error: 'unanswered must be 1' }).optional()),
});
export type DiscussionListQuery = z.infer<typeof DiscussionListQuery>;

/** POST /api/forum/discussions: published unless `status: 'draft'`; only a draft may leave the category empty. */
export const DiscussionCreateInput = z
  .object({ title, content, categoryId: categoryId.optional(), status: status.optional(), id: ClientId.optional() })
  .refine((input) => publishedNeedsCategory({ status: input.status ?? 'published', categoryId: input.categoryId }), {
    path: ['categoryId'],
    message: CATEGORY_REQUIRED,
    // Also when the title or content is missing, so every field's message shows at once.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type DiscussionCreateInput = z.infer<typeof DiscussionCreateInput>;

/**
 * PATCH /api/forum/discussions/{id}: any subset. isPinned and isLocked are moderation fields:
 * only editors and admins may send them (the author gets 403 rather than a silent no-op). `status`
 * publishes a draft (its author or a moderator); categoryId null empties a draft's category. Whether
 * the result is publishable depends on the stored discussion too, so the route checks that.
 */
export const DiscussionUpdateInput = z.object({
  title: title.optional(),
  content: content.optional(),
  categoryId: categoryId.optional(),
  status: status.optional(),
  isPinned: z.boolean({ error: 'isPinned must be true or false' }).optional(),
  isLocked: z.boolean({ error: 'isLocked must be true or false' }).optional(),
});
export type DiscussionUpdateInput = z.infer<typeof DiscussionUpdateInput>;

export const DiscussionStatusInput = z.object({ status });
export type DiscussionStatusInput = z.infer<typeof DiscussionStatusInput>;

export const DiscussionFeaturedInput = z.object({
  isFeatured: z.boolean({ error: 'isFeatured must be true or false' }),
});
export type DiscussionFeaturedInput = z.infer<typeof DiscussionFeaturedInput>;

export const ReplyCreateInput = z.object({
  content: safeText('Reply content is required')
    .trim()
    .min(1, 'Reply content is required')
    .max(LIMITS.commentMax, `Reply must be at most ${LIMITS.commentMax} characters`),
  discussionId: z.uuid({ error: 'Discussion is required' }),
  parentReplyId: z.uuid({ error: 'Invalid parent reply' }).nullable().optional(),
  id: ClientId.optional(),
  writtenAt: WrittenAt.optional(),
});
export type ReplyCreateInput = z.infer<typeof ReplyCreateInput>;

/** PATCH /api/forum/replies/{id}: the author's new words. */
export const ReplyEditInput = ReplyCreateInput.pick({ content: true });
export type ReplyEditInput = z.infer<typeof ReplyEditInput>;

/** PUT /api/forum/discussions/{id}/answer: the reply marked as the answer, or null to unmark it. */
export const DiscussionAnswerInput = z.object({
  replyId: z.uuid({ error: 'replyId must be a reply id or null' }).nullable(),
});
export type DiscussionAnswerInput = z.infer<typeof DiscussionAnswerInput>;
