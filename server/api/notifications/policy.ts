import type { Viewer } from '../../middleware/auth';
import { canSeeContent } from '../content/policy';
import { canViewDiscussion } from '../forums/policy';
import type { NotificationRow } from './repo';

/** A notification's target as the pages' own rules judge it: its kind, status and (discussions) author. */
export interface OpenableTarget {
  kind: 'article' | 'episode' | 'discussion';
  status: string;
  author_id: string | null;
}

/**
 * Whether `viewer` may open the target now, by the same rule as its page (a draft article: editors
 * and admins; a draft discussion: moderators and its author). Only then does a notification show
 * its title and link, in the list and in mail: a title changed while it was hidden is never shown.
 */
export function canOpenTarget(viewer: Viewer, target: OpenableTarget): boolean {
  return target.kind === 'discussion' ? canViewDiscussion(viewer, target) : canSeeContent(viewer, target);
}

/** Whether `viewer` may open a listed notification's target now (no status: gone, which the cascade prevents). */
export function canOpenNotification(viewer: Viewer, row: NotificationRow): boolean {
  if (row.article_id) return row.article_status !== null && canOpenTarget(viewer, { kind: 'article', status: row.article_status, author_id: null });
  if (row.podcast_id) return row.episode_status !== null && canOpenTarget(viewer, { kind: 'episode', status: row.episode_status, author_id: null });
  return row.discussion_status !== null && canOpenTarget(viewer, { kind: 'discussion', status: row.discussion_status, author_id: row.discussion_author_id });
}
