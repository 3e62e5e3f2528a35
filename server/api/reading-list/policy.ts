import type { CurrentUser } from '../../middleware/auth';
import { canOpen } from '../content/visibility';

/**
 * A member may keep on their list what they may open (a draft: only editors and admins). An article
 * that stops being openable (deleted, set back to draft) stays on the list as a note.
 */
export function canKeep(user: CurrentUser, article: { status: string | null } | undefined): boolean {
  return Boolean(article?.status) && canOpen(user, 'article', { status: article!.status });
}
