import { toIso } from '../db/dialect';
import type { RebuildCounts } from '../../contracts/admin';

/**
 * Every domain event a write records (docs/events.md lists who listens to each). A payload holds what
 * a subscriber needs without reading the write's rows again: times as ISO strings, ids as strings.
 */

/** Who did it, as the audit log names them (a job acting for a person carries that person's id). */
export interface EventActor {
  id: string | null;
  name: string;
}

/** A like as the counters see it: what it is on and when it was given. */
export interface LikeRef {
  targetType: string;
  targetId: string;
  createdAt: string;
}

/** Which kind of post a member edited, named as the edit history names it (post_edits' column for it). */
export type EditedPost = 'news_comment_id' | 'podcast_comment_id' | 'reply_id' | 'discussion_id';

/**
 * A member's write that may tell others (server/api/notifications/subscribers.ts): who wrote it, and
 * the site origin their request came in on, which the mail's links are built on (PUBLIC_URL, else the checked Host).
 */
export interface Written {
  actorId: string;
  origin: string;
}

/** What a moderator decided on a reported item, and whom it concerns. */
export interface ModerationDecision extends Written {
  targetType: 'article_comment' | 'episode_comment' | 'reply' | 'discussion' | 'member';
  itemId: string;
  /** The comment's article or episode, the reply's discussion (null for a discussion or a member). */
  parentId: string | null;
  action: 'hide' | 'restore' | 'delete' | 'dismiss';
  reporterIds: string[];
  authorId: string | null;
}

/** An article's change that tells its author; the actor is null for the publishing job acting for an account since deleted. */
type ArticleChange = { articleId: string; actorId: string | null; origin: string };

export type DomainEvent =
  | { type: 'comment.created'; parentTable: 'news_articles' | 'podcast_episodes'; parentId: string; commentId: string; createdAt: string }
  | { type: 'comment.deleted'; parentTable: 'news_articles' | 'podcast_episodes'; parentId: string; commentId: string; createdAt: string }
  | { type: 'like.added'; like: LikeRef }
  | { type: 'likes.removed'; likes: LikeRef[] }
  | { type: 'episode.played'; episodeId: string; day: string }
  | { type: 'content.written'; kind: 'article' | 'episode'; itemId: string; actor: EventActor }
  | { type: 'content.deleted'; kind: 'article' | 'episode'; itemId: string }
  | { type: 'content.scheduled'; target: { type: 'article' | 'episode'; id: string; label: string }; actor: EventActor; before: string | null; after: string | null }
  | { type: 'site.seeded'; actor: EventActor; deleted?: RebuildCounts }
  | { type: 'post.edited'; post: EditedPost; postId: string; editorId: string; previous: { content: string; title: string | null }; at: string }
  | { type: 'user.password_changed'; userId: string; at: string }
  | { type: 'user.email_changed'; userId: string; at: string }
  | { type: 'user.deactivated'; userId: string; at: string }
  | { type: 'user.signed_out_everywhere'; userId: string; at: string }
  | ({ type: 'discussion.created'; discussionId: string } & Written)
  | ({ type: 'reply.posted'; replyId: string; discussionId: string; content: string } & Written)
  | ({ type: 'reply.edited'; replyId: string; discussionId: string; content: string; previousContent: string } & Written)
  | ({ type: 'answer.marked'; replyId: string; discussionId: string; replyAuthorId: string | null } & Written)
  | ({ type: 'comment.posted'; post: 'article' | 'episode'; parentId: string; commentId: string; content: string } & Written)
  | ({ type: 'comment.edited'; post: 'article' | 'episode'; parentId: string; commentId: string; content: string; previousContent: string } & Written)
  | ({ type: 'article.published' } & ArticleChange)
  | ({ type: 'article.featured' } & ArticleChange)
  | ({ type: 'moderation.decided' } & ModerationDecision);

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** A `user_interactions` like row as the events carry it. */
export function likeRefOf(row: { target_type: string; target_id: string; created_at: unknown }): LikeRef {
  return { targetType: row.target_type, targetId: row.target_id, createdAt: toIso(row.created_at)! };
}
