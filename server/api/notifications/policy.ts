import type { Viewer } from '../../middleware/auth';
import { canOpen } from '../content/visibility';
import type { NotificationRow } from './repo';

/** A notification's target as the pages' own rule judges it: its kind and what content/visibility.ts reads. */
export interface OpenableTarget {
  kind: 'article' | 'episode' | 'discussion';
  status: string;
  author_id: string | null;
  hidden_at?: unknown;
}

/**
 * Whether `viewer` may open the target now, by the same rule as its page (content/visibility.ts:
 * a draft article, editors and admins; a draft or hidden discussion, moderators and its author).
 * Only then does a notification show its title and link, in the list and in mail: a title changed
 * while it was out of sight is never shown.
 */
export function canOpenTarget(viewer: Viewer, target: OpenableTarget): boolean {
  return canOpen(viewer, target.kind, target);
}

/** Whether `viewer` may open a listed notification's target now (no status: gone, which the cascade prevents). */
export function canOpenNotification(viewer: Viewer, row: NotificationRow): boolean {
  if (row.article_id) return row.article_status !== null && canOpenTarget(viewer, { kind: 'article', status: row.article_status, author_id: null });
  if (row.podcast_id) return row.episode_status !== null && canOpenTarget(viewer, { kind: 'episode', status: row.episode_status, author_id: null });
  return (
    row.discussion_status !== null &&
    canOpenTarget(viewer, { kind: 'discussion', status: row.discussion_status, author_id: row.discussion_author_id, hidden_at: row.discussion_hidden_at })
  );
}
