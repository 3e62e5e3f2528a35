import { CONTENT_EDITORS } from '../../../contracts/constants';
import { hasRole, type Viewer } from '../../middleware/auth';
import { isPublished } from './visibility';

/** Drafts exist only for the content editors (spec 6); everyone else is told they do not exist (404). */
export function canSeeDrafts(user: Viewer | undefined): boolean {
  return hasRole(user, ...CONTENT_EDITORS);
}

export function canSeeContent(user: Viewer | undefined, item: { status: string }): boolean {
  return isPublished(item) || canSeeDrafts(user);
}
