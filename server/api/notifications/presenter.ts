import { actorsPhrase } from '../../../contracts/notification-groups';
import { mentionsAsText, NOTIFICATION_LIMITS, type Notification, type NotificationGroup, type NotificationType } from '../../../contracts/notifications';
import { plainText, truncateWords } from '../../../contracts/text';
import { toIso } from '../../db/dialect';
import type { Viewer } from '../../middleware/auth';
import { canOpenNotification } from './policy';
import type { GroupActorRow, GroupHead, NotificationRow } from './repo';

/** The PWA path of a notification's target, down to the comment or reply when it is about one. */
export function targetPath(row: NotificationRow): string {
  if (row.article_id) return `/news/${row.article_id}${row.comment_id ? `#comment-${row.comment_id}` : ''}`;
  if (row.podcast_id) return `/podcasts/${row.podcast_id}${row.podcast_comment_id ? `#comment-${row.podcast_comment_id}` : ''}`;
  return `/forums/${row.discussion_id}${row.reply_id ? `#reply-${row.reply_id}` : ''}`;
}

/** What a notification is about: exactly one of its article, episode or discussion is set. */
function targetKindOf(row: NotificationRow): 'article' | 'episode' | 'discussion' {
  return row.article_id ? 'article' : row.podcast_id ? 'episode' : 'discussion';
}

const titleOf = (row: NotificationRow) => row.article_title ?? row.episode_title ?? row.discussion_title ?? '';

/**
 * A notification as `viewer` (its member) may see it now: the target's current title and path while
 * they can open it, else only that it is no longer available (docs/notifications.md, "What a
 * notification shows").
 */
export function presentNotification(row: NotificationRow, viewer: Viewer): Notification {
  const kind = targetKindOf(row);
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
          id: (row.article_id ?? row.podcast_id ?? row.discussion_id)!,
          title: titleOf(row),
          path: targetPath(row),
        }
      : { available: false, kind },
    read: row.read_at !== null && row.read_at !== undefined,
    createdAt: toIso(row.created_at)!,
    ...(row.outcome ? { outcome: row.outcome } : {}),
  };
}

/** What a moderator did, as a verb in the notices of moderation. */
export const OUTCOME_WORDS = { hidden: 'hid', restored: 'restored', deleted: 'deleted', dismissed: 'kept' } as const;

const MENTION_PLACES = { article: 'an article', episode: 'an episode', discussion: 'a discussion' } as const;

/** How each type is named where a member chooses or stops it ("mail about …"). */
export const TYPE_NAMES: Record<NotificationType, string> = {
  discussion_reply: 'mail about replies to your discussions',
  mention: 'mail about mentions of you',
  article_comment: 'mail about comments on your articles',
  article_published: 'mail about your articles being published',
  article_featured: 'mail about your articles being featured',
  answer_marked: 'mail about your replies marked as the answer',
  watched_reply: 'mail about replies in discussions you watch',
  watched_discussion: 'mail about new discussions in categories you watch',
  moderation: 'mail about moderators\' decisions on your posts',
  report_outcome: 'mail about what became of your reports',
};

/**
 * The notification as one sentence, for mail ("Ada Lovelace replied to your discussion “…”"); with
 * `open` false (the member can no longer open the target) it names no title.
 */
export function summaryOf(row: NotificationRow, open: boolean): string {
  const who = [row.actor_first_name, row.actor_last_name].filter(Boolean).join(' ') || 'Someone';
  const title = `“${titleOf(row)}”`;
  switch (row.type) {
    case 'discussion_reply':
      return open ? `${who} replied to your discussion ${title}` : `${who} replied to your discussion, which is no longer available`;
    case 'mention': {
      const kind = targetKindOf(row);
      const where = kind === 'discussion' ? 'a reply in' : 'a comment on';
      return open ? `${who} mentioned you in ${where} ${title}` : `${who} mentioned you in ${where} ${MENTION_PLACES[kind]} that is no longer available`;
    }
    case 'article_comment':
      return open ? `${who} commented on your article ${title}` : `${who} commented on your article, which is no longer available`;
    case 'article_published':
      return open ? `Your article ${title} was published` : 'Your article was published; it is no longer available';
    case 'article_featured':
      return open ? `Your article ${title} was featured` : 'Your article was featured; it is no longer available';
    case 'answer_marked':
      return open ? `${who} marked your reply as the answer in ${title}` : `${who} marked your reply as the answer in a discussion that is no longer available`;
    case 'watched_reply':
      return open ? `${who} replied in ${title}` : `${who} replied in a discussion you watch, which is no longer available`;
    case 'watched_discussion':
      return open ? `${who} started the discussion ${title}` : `${who} started a discussion that is no longer available`;
    case 'moderation':
      return `A moderator ${OUTCOME_WORDS[row.outcome ?? 'dismissed']} your post${open ? ` in ${title}` : ''}`;
    case 'report_outcome':
      return `A moderator reviewed your report and ${OUTCOME_WORDS[row.outcome ?? 'dismissed']} the post${open ? ` in ${title}` : ''}`;
  }
}

/** The comment's or reply's words for mail: mentions as @Name, one paragraph, at most 300 characters. */
export function excerptOf(row: NotificationRow): string | null {
  if (!row.source_text) return null;
  const text = mentionsAsText(row.source_text).replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** A Markdown emphasis or code span: its marks, then the words between them (not snake_case inside a word). */
const EMPHASIS = /(?<!\w)(\*\*|__|~~|\*|_|`)(\S(?:[^\n]*?\S)?)\1(?!\w)/g;

/** Types whose source is a reply or comment a group may quote (a moderation notice's post is not quoted). */
const QUOTED: ReadonlySet<NotificationType> = new Set(['discussion_reply', 'watched_reply', 'article_comment', 'mention']);

/**
 * A group's first words: its newest reply's or comment's text as plain text (Markdown and mention
 * markup dropped), cut at a word near NOTIFICATION_LIMITS.groupExcerpt; none while the member may
 * not open the target. Hidden sources never get here: the list's query leaves their rows out.
 */
export function groupExcerptOf(row: NotificationRow, open: boolean): string | null {
  if (!open || !row.source_text || !QUOTED.has(row.type)) return null;
  // Emphasis first, so "**accruals**:" reads "accruals:" (plainText alone leaves a space where the marks were).
  const text = plainText(mentionsAsText(row.source_text).replace(EMPHASIS, '$2'));
  return text ? truncateWords(text, NOTIFICATION_LIMITS.groupExcerpt) : null;
}

/** Who acted in a group, as the list and the digest name them (first names; a deleted account "Someone"). */
export function groupActors(actors: readonly GroupActorRow[]): NotificationGroup['actors'] {
  return actors.map((a) => (a.actor_id ? { id: a.actor_id, firstName: a.first_name, lastName: a.last_name, profileImageUrl: a.profile_image_url } : null));
}

/** A group of the list as its member may see it now (its newest row decides title, link and words). */
export function presentGroup(head: GroupHead, newest: NotificationRow, actors: readonly GroupActorRow[], viewer: Viewer): NotificationGroup {
  const base = presentNotification(newest, viewer);
  const people = groupActors(actors);
  return {
    ...base,
    id: head.group_key,
    read: Number(head.unread_count) === 0,
    createdAt: toIso(head.newest_at)!,
    count: Number(head.row_count),
    unreadCount: Number(head.unread_count),
    actor: people[0] ?? null,
    actors: people.slice(0, 3),
    actorCount: people.length,
    excerpt: groupExcerptOf(newest, base.target.available),
  };
}

/**
 * A group as one sentence, for the digest ("Maya and 2 others replied to “…”", rows newest first).
 * A group of one notification is said as its own mail says it (full name, the type's sentence).
 */
export function groupSummaryOf(rows: readonly NotificationRow[], open: boolean): string {
  const newest = rows[0];
  if (rows.length === 1) return summaryOf(newest, open);
  const seen = new Map<string, { firstName: string | null; lastName: string | null } | null>();
  for (const r of rows) {
    const key = r.actor_id ?? 'none';
    if (!seen.has(key)) seen.set(key, r.actor_id ? { firstName: r.actor_first_name, lastName: r.actor_last_name } : null);
  }
  const who = actorsPhrase([...seen.values()], seen.size);
  const title = open ? `“${titleOf(newest)}”` : null;
  switch (newest.type) {
    case 'discussion_reply':
    case 'watched_reply':
      return title ? `${who} replied to ${title}` : `${who} replied in a discussion that is no longer available`;
    case 'article_comment':
      return title ? `${who} commented on ${title}` : `${who} commented on your article, which is no longer available`;
    case 'mention':
      return title ? `${who} mentioned you in ${title}` : summaryOf(newest, open);
    default:
      return summaryOf(newest, open);
  }
}
