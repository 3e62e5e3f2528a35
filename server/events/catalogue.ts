import { toIso } from '../db/dialect';
import type { RebuildCounts } from '../../contracts/admin';
import type { AuditTargetType } from '../../contracts/audit';
import type { ModerationAction, ReportTargetType } from '../../contracts/moderation-constants';

/**
 * Every domain event a write records (docs/events.md lists who listens to each). A payload holds what
 * a subscriber needs without reading the write's rows again: times as ISO strings, ids as strings.
 */

/** Who did it, as the audit log names them (a job acting for a person carries that person's id). */
export interface EventActor {
  id: string | null;
  name: string;
}

/** What a change is about, as the audit log names it (a type, the id, a label that outlives the thing). */
export interface EventTarget {
  type: AuditTargetType;
  id?: string | null;
  label?: string | null;
}

/**
 * An admin's or editor's change to others' work or access: who, to what, and only the fields that
 * changed (neither for a plain fact such as an invitation sent). Several facts share this shape.
 */
export interface ChangeFacts {
  actor: EventActor;
  target: EventTarget;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The facts recorded as ChangeFacts; the audit log keeps an entry of each (server/api/audit/subscribers.ts). */
export type ChangeEventType =
  | 'user.created'
  | 'user.updated'
  | 'user.role_changed'
  | 'user.activated'
  | 'user.deactivated'
  | 'user.deleted'
  | 'user.signed_out_everywhere'
  | 'user.two_factor_reset'
  | 'invitation.created'
  | 'invitation.revoked'
  | 'content.published'
  | 'content.unpublished'
  | 'content.archived'
  | 'content.unarchived'
  | 'content.featured'
  | 'content.unfeatured'
  | 'revision.restored'
  | 'discussion.published'
  | 'discussion.unpublished'
  | 'discussion.deleted'
  | 'discussion.featured'
  | 'discussion.unfeatured'
  | 'menu.changed'
  | 'category.created'
  | 'category.updated'
  | 'category.deleted'
  | 'show.created'
  | 'show.updated'
  | 'show.deleted';

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
  targetType: ReportTargetType;
  itemId: string;
  /** The comment's article or episode, the reply's discussion (null for a discussion or a member). */
  parentId: string | null;
  action: ModerationAction;
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
  // `actor` when an editor deleted it (then the audit log keeps `title` and `was`).
  | { type: 'content.deleted'; kind: 'article' | 'episode'; itemId: string; title: string; was: { status: string; isArchived: boolean }; actor?: EventActor }
  | { type: 'content.scheduled'; target: { type: 'article' | 'episode'; id: string; label: string }; actor: EventActor; before: string | null; after: string | null }
  | { type: 'site.seeded'; actor: EventActor; deleted?: RebuildCounts }
  | { type: 'post.edited'; post: EditedPost; postId: string; editorId: string; previous: { content: string; title: string | null }; at: string }
  | { type: 'user.password_changed'; userId: string; at: string }
  | { type: 'user.email_changed'; userId: string; at: string }
  | ({ type: 'discussion.created'; discussionId: string } & Written)
  // A draft published (by its author or a moderator): news to its category's watchers, as a new public one is.
  | ({ type: 'discussion.went_public'; discussionId: string } & Written)
  | ({ type: 'reply.posted'; replyId: string; discussionId: string; content: string } & Written)
  | ({ type: 'reply.edited'; replyId: string; discussionId: string; content: string; previousContent: string } & Written)
  | ({ type: 'answer.marked'; replyId: string; discussionId: string; replyAuthorId: string | null } & Written)
  | ({ type: 'comment.posted'; post: 'article' | 'episode'; parentId: string; commentId: string; content: string } & Written)
  | ({ type: 'comment.edited'; post: 'article' | 'episode'; parentId: string; commentId: string; content: string; previousContent: string } & Written)
  | ({ type: 'article.published' } & ArticleChange)
  | ({ type: 'article.featured' } & ArticleChange)
  // A moderator's decision on a reported item: the audit log's entry and the reporters' and author's notices.
  | ({ type: 'moderation.decided' } & ModerationDecision & { actor: EventActor; target: EventTarget & { wasHidden: boolean; note?: string } })
  | ({ type: ChangeEventType } & ChangeFacts);

export type EventType = DomainEvent['type'];
/** The variant of `T` (one shared variant holds the ChangeFacts types, which a plain Extract would miss). */
export type EventOf<T extends EventType> = T extends ChangeEventType ? { type: T } & ChangeFacts : Extract<DomainEvent, { type: T }>;

/** A `user_interactions` like row as the events carry it. */
export function likeRefOf(row: { target_type: string; target_id: string; created_at: unknown }): LikeRef {
  return { targetType: row.target_type, targetId: row.target_id, createdAt: toIso(row.created_at)! };
}
