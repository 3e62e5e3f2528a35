import { z } from './zod';
import { safeText, Timestamp } from './common';

/**
 * Notifications (docs/notifications.md): what the server tells a member about replies,
 * mentions, comments and their articles, the per-type channel settings, and the mention syntax that
 * the composer's autocomplete writes and both the server (who to notify) and the client (how to
 * draw it) read.
 */

export const NOTIFICATION_TYPES = [
  'discussion_reply',
  'mention',
  'article_comment',
  'article_published',
  'article_featured',
  // The member's reply was marked as a discussion's answer (Solved).
  'answer_marked',
  // Watching: a reply in a discussion one watches; a new discussion in a category one watches.
  'watched_reply',
  'watched_discussion',
  // A moderator's decision on a reported item, told to its author and to its reporters.
  'moderation',
  'report_outcome',
] as const;
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** in_app: the list only; email: the list and a mail at once; digest: the list and one mail a day; off: nothing. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'digest', 'off'] as const;
export const NotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/** The channel of a type the member never set. */
export const DEFAULT_NOTIFICATION_CHANNEL: NotificationChannel = 'in_app';

export const NOTIFICATION_LIMITS = {
  /** Most members one comment or reply notifies by mention (the first ones in the text). */
  mentionsPerPost: 10,
  /** Most suggestions `GET /api/members/mentions` answers. */
  mentionSuggestions: 8,
  /** Longest `q` for the suggestions. */
  mentionQueryLength: 50,
  /** Characters of a group's excerpt (plain text, cut at a word). */
  groupExcerpt: 120,
  /** The list's page size and its cap. */
  pageSize: 20,
  pageSizeMax: 50,
} as const;

// ------------------------------------------------------------------------------- mention syntax

// In a zod-free module of its own, so the PWA's reading pages can draw mentions without zod.
export { mentionedIds, mentionMarkup, mentionsAsText, resolveMentions, splitMentions, type MentionSegment } from './mentions';

// ------------------------------------------------------------------------------------- API shapes

/** Who caused a notification, as the list shows them (null: a deleted account, or none). */
export const NotificationActor = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});

const TargetKind = z.enum(['article', 'episode', 'discussion']);

/**
 * What a notification is about, as this member may see it now: the article or discussion, its
 * current title and the PWA path to open; or, when the member can no longer open it (moved back to
 * draft), only its kind — never a title they cannot see, nor a link to a 404.
 */
export const NotificationTarget = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    kind: TargetKind,
    id: z.string(),
    title: z.string(),
    /** The PWA path, with `#comment-<id>` / `#reply-<id>` when it is about one comment or reply. */
    path: z.string(),
  }),
  z.object({ available: z.literal(false), kind: TargetKind }),
]);
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const Notification = z.object({
  id: z.string(),
  type: NotificationType,
  actor: NotificationActor.nullable(),
  target: NotificationTarget,
  read: z.boolean(),
  createdAt: Timestamp,
  /** `moderation` / `report_outcome`: what the moderator decided. */
  outcome: z.enum(['hidden', 'restored', 'deleted', 'dismissed']).nullable().optional(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * One line of the grouped list (`GET /api/notifications/groups`, docs/notifications.md "Groups"):
 * the notifications of one discussion's replies, one article's comments, one place's mentions, or a
 * single other notification. `id` is the group's key (what `POST /api/notifications/groups/:id/read`
 * takes); `type`, `target`, `outcome` and `excerpt` are its newest row's; `actors` the newest three
 * distinct ones, newest first, `actorCount` all of them; `read` false while any row is unread.
 */
export const NotificationGroup = Notification.extend({
  count: z.number().int(),
  unreadCount: z.number().int(),
  actors: z.array(NotificationActor.nullable()),
  actorCount: z.number().int(),
  /** The first words of the newest reply or comment, plain text; null when there are none to quote. */
  excerpt: z.string().nullable(),
});
export type NotificationGroup = z.infer<typeof NotificationGroup>;

/** `GET /api/notifications`: newest first; `X-Next-Cursor` names the next page, passed back as `cursor`. */
export const NotificationListQuery = z.object({
  cursor: safeText().max(200).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a positive integer' })
    .int('limit must be a positive integer')
    .min(1, 'limit must be a positive integer')
    .default(NOTIFICATION_LIMITS.pageSize)
    .transform((n) => Math.min(n, NOTIFICATION_LIMITS.pageSizeMax)),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** Every type with its channel (the default where the member set none). */
export const NotificationSettings = z.record(NotificationType, NotificationChannel);
export type NotificationSettings = z.infer<typeof NotificationSettings>;

const CHANNEL_MESSAGE = `Must be one of: ${NOTIFICATION_CHANNELS.join(', ')}`;
const channelInput = z.enum(NOTIFICATION_CHANNELS, { error: CHANNEL_MESSAGE });

/** `PUT /api/notifications/settings`: some types with their new channel; an unknown type is refused. */
export const NotificationSettingsInput = z
  .strictObject(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, channelInput.optional()])) as Record<NotificationType, z.ZodOptional<typeof channelInput>>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown notification type; use: ${NOTIFICATION_TYPES.join(', ')}` : undefined),
  })
  .refine((o) => Object.values(o).some((v) => v !== undefined), { message: 'Nothing to update' });
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>;

/** `GET /api/members/mentions?q=`: a prefix of a first or last name. */
export const MentionQuery = z.object({
  q: safeText('q is required')
    .trim()
    .min(1, 'q is required')
    .max(NOTIFICATION_LIMITS.mentionQueryLength, `q can be at most ${NOTIFICATION_LIMITS.mentionQueryLength} characters`),
});
export type MentionQuery = z.infer<typeof MentionQuery>;

/** A suggestion: only what a member page shows anyway. */
export const MentionSuggestion = z.object({
  id: z.string(),
  name: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type MentionSuggestion = z.infer<typeof MentionSuggestion>;

/** `/api/notifications/unsubscribe?token=`: the mail's signed token. */
export const UnsubscribeQuery = z.object({ token: safeText('token is required').min(1, 'token is required').max(300) });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;
