import type { Viewer } from '../../middleware/auth';
import { isAuthorOf, isPublished, isStaff } from '../content/visibility';

/**
 * Who may do what in the forums (spec 6). The handlers call these before reading or writing;
 * the client uses the same rules only to hide controls. Whether a discussion or reply may be seen
 * or changed now (draft, hidden) is the one rule of content/visibility.ts.
 */
interface OwnedDiscussion {
  author_id: string | null;
}

/** Editors and admins moderate: status, featured, pinned and locked, and any edit or delete. */
export function canModerateForums(user: Viewer | undefined): boolean {
  return isStaff(user);
}

/** Its author or a moderator (when: the discussion must be open to them for `edit`, content/visibility.ts). */
export function canEditDiscussion(user: Viewer | undefined, discussion: OwnedDiscussion): boolean {
  return canModerateForums(user) || isAuthorOf(user, discussion);
}

/**
 * Moderators set either status; an author publishes their own draft (and may resend its status).
 * Taking a published discussion off the forum is moderation: hiding it, which its author cannot undo.
 */
export function canSetDiscussionStatus(user: Viewer | undefined, discussion: OwnedDiscussion & { status: string }, status: string): boolean {
  if (canModerateForums(user)) return true;
  return isAuthorOf(user, discussion) && (status === discussion.status || (!isPublished(discussion) && isPublished({ status })));
}

export function canDeleteReply(user: Viewer | undefined, reply: { author_id: string | null }): boolean {
  return canModerateForums(user) || isAuthorOf(user, reply);
}

/** Only its author changes a reply's words (a moderator hides or deletes, never rewrites: as comments). */
export function canEditReply(user: Viewer | undefined, reply: { author_id: string | null }): boolean {
  return isAuthorOf(user, reply);
}

/** The discussion's author or a moderator marks (and unmarks) its answer (Solved). */
export function canMarkAnswer(user: Viewer | undefined, discussion: OwnedDiscussion): boolean {
  return canModerateForums(user) || isAuthorOf(user, discussion);
}

/** A moderator acting on someone else's discussion: what the audit log records (an author's own change is not). */
export function isModeratingOthers(user: Viewer | undefined, discussion: { author_id: string | null }): boolean {
  return canModerateForums(user) && !isAuthorOf(user, discussion);
}
