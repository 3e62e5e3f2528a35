import type { Role } from '../../../contracts/common';
import { hasRole, type CurrentUser } from '../../middleware/auth';

/** Who adds, edits, publishes, archives, features and deletes articles and episodes (spec 6). */
export const CONTENT_EDITORS: Role[] = ['editor', 'admin'];

/** Drafts exist only for editors and admins; everyone else is told they do not exist (404). */
export function canSeeDrafts(user: CurrentUser | undefined): boolean {
  return hasRole(user, ...CONTENT_EDITORS);
}

export function canSeeContent(user: CurrentUser | undefined, item: { status: string }): boolean {
  return item.status === 'published' || canSeeDrafts(user);
}
