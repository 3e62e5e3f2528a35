/**
 * Plain constants of reports and the moderation queue: the report dialog and the queue
 * screen import these, never the zod schemas of ./moderation (docs/decisions/2026-11-22-no-zod-in-the-first-load.md).
 */
export const REPORT_REASONS = ['spam', 'abusive', 'off-topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_NAMES: Record<ReportReason, string> = {
  spam: 'Spam',
  abusive: 'Abusive or harassing',
  'off-topic': 'Off-topic',
  other: 'Something else',
};

/** What a member can report: the five target columns of `reports`. */
export const REPORT_TARGET_TYPES = ['article_comment', 'episode_comment', 'reply', 'discussion', 'member'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_NOTE_MAX = 500;

/** What a moderator does with a reported item; a member (a person, not a post) is only dismissed. */
export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'dismiss'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const REPORT_THANKS = 'Thanks — a moderator will review this.';
export const HIDDEN_PLACEHOLDER = 'This comment was hidden by a moderator.';
/** hidden_reason of an item hidden by members' reports until a moderator reviews it. */
export const AUTO_HIDDEN_REASON = 'Reported by members; hidden until a moderator reviews it.';
export const HIDDEN_BY_MODERATOR = 'Hidden by a moderator.';
