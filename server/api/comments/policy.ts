import { hasRole, type CurrentUser } from '../../middleware/auth';
import { CONTENT_EDITORS } from '../../../contracts/constants';
import type { CommentRow } from './repo';

/** Authors delete their own comments; editors and admins moderate any (articles and episodes alike). */
export function canDeleteComment(user: CurrentUser, comment: CommentRow): boolean {
  return comment.author_id === user.id || hasRole(user, ...CONTENT_EDITORS);
}
