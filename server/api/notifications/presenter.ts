import { mentionsAsText, type Notification, type NotificationType } from '../../../contracts/notifications';
import { toIso } from '../../db/dialect';
import type { Viewer } from '../../middleware/auth';
import { canOpenNotification } from './policy';
import type { NotificationRow } from './repo';

/** The PWA path of a notification's target, down to the comment or reply when it is about one. */
export function targetPath(row: NotificationRow): string {
  if (row.article_id) return `/news/${row.article_id}${row.comment_id ? `#comment-${row.comment_id}` : ''}`;
  return `/forums/${row.discussion_id}${row.reply_id ? `#reply-${row.reply_id}` : ''}`;
}

/**
 * A notification as `viewer` (its member) may see it now: the target's current title and path while
 * they can open it, else only that it is no longer available (docs/notifications.md, "What a
 * notification shows").
 */
export function presentNotification(row: NotificationRow, viewer: Viewer): Notification {
  const kind = row.article_id !== null ? 'article' : 'discussion';
  return {
    id: row.id,
    type: row.type,
    actor: row.actor_id
      ? { id: row.actor_id, firstName: row.actor_first_name, lastName: row.actor_last_name, profileImageUrl: row.actor_image }
      : null,
    target: canOpenNotification(viewer, row)
      ? {
          available: true,
          kind,
          id: (kind === 'article' ? row.article_id : row.discussion_id)!,
          title: (kind === 'article' ? row.article_title : row.discussion_title) ?? '',
          path: targetPath(row),
        }
      : { available: false, kind },
    read: row.read_at !== null && row.read_at !== undefined,
    createdAt: toIso(row.created_at)!,
  };
}

/** How each type is named where a member chooses or stops it ("mail about …"). */
export const TYPE_NAMES: Record<NotificationType, string> = {
  discussion_reply: 'mail about replies to your discussions',
  mention: 'mail about mentions of you',
  article_comment: 'mail about comments on your articles',
  article_published: 'mail about your articles being published',
  article_featured: 'mail about your articles being featured',
};

/**
 * The notification as one sentence, for mail ("Ada Lovelace replied to your discussion “…”"); with
 * `open` false (the member can no longer open the target) it names no title.
 */
export function summaryOf(row: NotificationRow, open: boolean): string {
  const who = [row.actor_first_name, row.actor_last_name].filter(Boolean).join(' ') || 'Someone';
  const title = `“${row.article_title ?? row.discussion_title ?? ''}”`;
  switch (row.type) {
    case 'discussion_reply':
      return open ? `${who} replied to your discussion ${title}` : `${who} replied to your discussion, which is no longer available`;
    case 'mention': {
      const where = row.article_id ? 'a comment on' : 'a reply in';
      return open ? `${who} mentioned you in ${where} ${title}` : `${who} mentioned you in ${where} ${row.article_id ? 'an article' : 'a discussion'} that is no longer available`;
    }
    case 'article_comment':
      return open ? `${who} commented on your article ${title}` : `${who} commented on your article, which is no longer available`;
    case 'article_published':
      return open ? `Your article ${title} was published` : 'Your article was published; it is no longer available';
    case 'article_featured':
      return open ? `Your article ${title} was featured` : 'Your article was featured; it is no longer available';
  }
}

/** The comment's or reply's words for mail: mentions as @Name, one paragraph, at most 300 characters. */
export function excerptOf(row: NotificationRow): string | null {
  if (!row.source_text) return null;
  const text = mentionsAsText(row.source_text).replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
