import type { ReportTargetType } from '../../../contracts/moderation';
import { ARTICLE_COMMENTS, EPISODE_COMMENTS, type CommentTarget } from '../comments/targets';

/**
 * What can be reported, each as the `reports` column naming it and the table it lives in. Members
 * (users) are reported but never hidden: they have no `hidden_at`.
 */
export interface ModerationTarget {
  type: ReportTargetType;
  /** The column of `reports` (and of `notifications`, where one exists) naming the item. */
  column: 'news_comment_id' | 'podcast_comment_id' | 'reply_id' | 'discussion_id' | 'member_id';
  table: 'news_comments' | 'podcast_comments' | 'forum_replies' | 'forum_discussions' | 'users';
  /** Whether it can be hidden, restored and deleted from the queue (all but members). */
  hideable: boolean;
  /** The comment kind, for deleting through the comments repo (its counter). */
  comments?: CommentTarget;
  /** What a member reads in messages ("comment", "reply"). */
  noun: string;
}

export const MODERATION_TARGETS: Record<ReportTargetType, ModerationTarget> = {
  article_comment: { type: 'article_comment', column: 'news_comment_id', table: 'news_comments', hideable: true, comments: ARTICLE_COMMENTS, noun: 'comment' },
  episode_comment: { type: 'episode_comment', column: 'podcast_comment_id', table: 'podcast_comments', hideable: true, comments: EPISODE_COMMENTS, noun: 'comment' },
  reply: { type: 'reply', column: 'reply_id', table: 'forum_replies', hideable: true, noun: 'reply' },
  discussion: { type: 'discussion', column: 'discussion_id', table: 'forum_discussions', hideable: true, noun: 'discussion' },
  member: { type: 'member', column: 'member_id', table: 'users', hideable: false, noun: 'member' },
};

export const TARGET_LIST = Object.values(MODERATION_TARGETS);

/** The target a `reports` row names (exactly one column is set). */
export function targetOfReport(row: Record<string, unknown>): { target: ModerationTarget; id: string } {
  for (const t of TARGET_LIST) if (row[t.column]) return { target: t, id: String(row[t.column]) };
  throw new Error('report without a target');
}
