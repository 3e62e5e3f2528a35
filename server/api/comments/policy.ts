import { hasRole, type CurrentUser } from '../../middleware/auth';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import type { CommentRow } from './repo';

/** Authors delete their own comments; editors and admins moderate any (articles and episodes alike). */
export function canDeleteComment(user: CurrentUser, comment: CommentRow): boolean {
  return comment.author_id === user.id || hasRole(user, ...CONTENT_EDITORS);
}

/** Only its author changes a comment's words (a moderator hides or deletes, never rewrites). */
export function canEditComment(user: CurrentUser, comment: CommentRow): boolean {
  return comment.author_id !== null && comment.author_id === user.id;
}

/** Who reads a comment's edit history: moderators (editors and admins). */
export function canReadEditHistory(user: CurrentUser): boolean {
  return hasRole(user, ...CONTENT_EDITORS);
}
