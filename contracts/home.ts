import { z } from './zod';

/**
 * `GET /api/home`: the signed-in member's home in one answer (docs/home.md). Every item says why it
 * is there: `reason.code` for machines (tests, styling), `reason.text` for people.
 */

export const HOME_REASON_CODES = ['reading', 'listening', 'followed_show', 'followed_category', 'latest', 'unread_replies', 'watching', 'own', 'replied', 'saved'] as const;
export const HomeReason = z.object({ code: z.enum(HOME_REASON_CODES), text: z.string() });
export type HomeReason = z.infer<typeof HomeReason>;

/** How many items a section carries at most. */
export const HOME_LIMITS = { continue: 12, upNext: 12, newSinceLastVisit: 12, latest: 6, discussions: 12, saved: 3 } as const;
/** Up Next looks back at least this far for new episodes of followed shows. */
export const UP_NEXT_DAYS = 14;

export const HomeItem = z.object({
  kind: z.enum(['article', 'episode']),
  id: z.string(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** The show an episode belongs to, when it has one. */
  showName: z.string().nullable(),
  /** How far along: articles 0–1 of the page, episodes seconds of their duration; null when not started. */
  progress: z.object({ share: z.number().nullable(), positionSeconds: z.number().nullable(), durationSeconds: z.number().nullable() }).nullable(),
  reason: HomeReason,
});
export type HomeItem = z.infer<typeof HomeItem>;

export const HomeDiscussion = z.object({
  id: z.string(),
  title: z.string(),
  replyCount: z.number(),
  /** Replies by others the member has not seen (docs/home.md, "Unread"). */
  unread: z.number(),
  /** A reply was marked as the answer. */
  answered: z.boolean(),
  lastActivityAt: z.string().nullable(),
  reason: HomeReason,
});
export type HomeDiscussion = z.infer<typeof HomeDiscussion>;

export const Home = z.object({
  /** Where "since your last visit" is drawn: the previous visit's end, else the account's creation. */
  since: z.string(),
  continue: z.array(HomeItem),
  upNext: z.array(HomeItem),
  newSinceLastVisit: z.array(HomeItem),
  latest: z.array(HomeItem),
  discussions: z.array(HomeDiscussion),
  saved: z.object({ count: z.number(), items: z.array(HomeItem) }),
  /** Minutes the CPD ledger counted today; null while the member's tracking is paused. */
  cpdMinutesToday: z.number().nullable(),
  generatedAt: z.string(),
});
export type Home = z.infer<typeof Home>;

/** `PUT /api/forum/discussions/:id/read`: the member opened the discussion now. */
export const DiscussionRead = z.object({ discussionId: z.string(), lastReadAt: z.string() });
export type DiscussionRead = z.infer<typeof DiscussionRead>;

/** "1 new reply", "2 new replies". */
export function unreadText(n: number): string {
  return `${n} new ${n === 1 ? 'reply' : 'replies'}`;
}
