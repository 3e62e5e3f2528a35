import { STAFF_ROLES, isStaffRole } from '../../../contracts/constants';
import type { CurrentUser } from '../../middleware/auth';

/** Who adds, edits, publishes, archives, features and deletes articles and episodes (spec 6). */
export const CONTENT_EDITORS = STAFF_ROLES;

/** Drafts exist only for editors and admins; everyone else is told they do not exist (404). */
export function canSeeDrafts(user: CurrentUser | undefined): boolean {
  return isStaffRole(user?.role);
}

export function canSeeContent(user: CurrentUser | undefined, item: { status: string }): boolean {
  return item.status === 'published' || canSeeDrafts(user);
}
