import type { User } from '../../../contracts/auth';
import type { Discussion } from '../../../contracts/forums';
import { isStaffRole } from '../../../contracts/constants';

/*
 * The server's forum rules (server/api/forums/policy.ts), used here only to hide controls: editors
 * and admins moderate (status, any edit or delete); an author may edit and delete their own.
 */

export function canModerateForums(user: User | null | undefined): boolean {
  return isStaffRole(user?.role);
}

export function canEditDiscussion(user: User | null | undefined, discussion: Pick<Discussion, 'authorId'>): boolean {
  return canModerateForums(user) || Boolean(user && discussion.authorId === user.id);
}
