import { hasRole, type Viewer } from '../../middleware/auth';
import { FORUM_MODERATORS } from '../../../contracts/constants';
import { isPublicDiscussion } from '../content/visibility';

/**
 * Who may do what in the forums (spec 6). The handlers call these before reading or writing;
 * the client uses the same rules only to hide controls.
 */
interface OwnedDiscussion {
  author_id: string | null;
  status: string;
}

/** Editors and admins moderate: status, featured, pinned and locked, and any edit or delete. */
export function canModerateForums(user: Viewer | undefined): boolean {
  return hasRole(user, ...FORUM_MODERATORS);
}

/** Published discussions are public; a draft is seen by moderators and by its own author. */
export function canViewDiscussion(user: Viewer | undefined, discussion: OwnedDiscussion): boolean {
  if (isPublicDiscussion(discussion)) return true;
  return canModerateForums(user) || isAuthor(user, discussion);
}

export function canEditDiscussion(user: Viewer | undefined, discussion: OwnedDiscussion): boolean {
  return canModerateForums(user) || isAuthor(user, discussion);
}

export function canDeleteReply(user: Viewer | undefined, reply: { author_id: string | null }): boolean {
  return canModerateForums(user) || isAuthor(user, reply);
}

/** Only its author changes a reply's words (a moderator hides or deletes, never rewrites: as comments). */
export function canEditReply(user: Viewer | undefined, reply: { author_id: string | null }): boolean {
  return isAuthor(user, reply);
}

/** The discussion's author or a moderator marks (and unmarks) its answer (issue 36, Solved). */
export function canMarkAnswer(user: Viewer | undefined, discussion: OwnedDiscussion): boolean {
  return canModerateForums(user) || isAuthor(user, discussion);
}

/** A moderator acting on someone else's discussion: what the audit log records (an author's own change is not). */
export function isModeratingOthers(user: Viewer | undefined, discussion: { author_id: string | null }): boolean {
  return canModerateForums(user) && !isAuthor(user, discussion);
}

function isAuthor(user: Viewer | undefined, row: { author_id: string | null }): boolean {
  return Boolean(user && row.author_id && row.author_id === user.id);
}
