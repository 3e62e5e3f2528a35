import type { HomeDiscussion, HomeItem, HomeReason } from '../../../contracts/home';
import { unreadText } from '../../../contracts/home';
import { toIso } from '../../db/dialect';
import type { DiscussionRow, ItemRow } from './repo';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function presentArticle(row: ItemRow, reason: HomeReason): HomeItem {
  const share = num(row.position);
  return {
    kind: 'article',
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    publishedAt: toIso(row.published_at),
    showName: null,
    progress: share ? { share, positionSeconds: null, durationSeconds: null } : null,
    reason,
  };
}

export function presentEpisode(row: ItemRow, reason: HomeReason): HomeItem {
  const position = num(row.position_seconds);
  const duration = num(row.duration_seconds) ?? (num(row.duration) || null);
  return {
    kind: 'episode',
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    publishedAt: toIso(row.published_at),
    showName: row.show_name ?? null,
    progress: position ? { share: duration ? Math.min(1, position / duration) : null, positionSeconds: position, durationSeconds: duration } : null,
    reason,
  };
}

export const reasons = {
  reading: (): HomeReason => ({ code: 'reading', text: 'Continue reading' }),
  listening: (): HomeReason => ({ code: 'listening', text: 'Continue listening' }),
  followedShow: (show: string): HomeReason => ({ code: 'followed_show', text: `You follow ${show}` }),
  followedCategory: (category: string): HomeReason => ({ code: 'followed_category', text: `New in ${category}` }),
  latest: (): HomeReason => ({ code: 'latest', text: 'Latest' }),
  saved: (): HomeReason => ({ code: 'saved', text: 'Saved' }),
};

/** The strongest reason first: unread replies, then the member's own, watched, replied to. */
export function presentDiscussion(row: DiscussionRow, userId: string, unread: number): HomeDiscussion {
  const reason: HomeReason =
    unread > 0
      ? { code: 'unread_replies', text: unreadText(unread) }
      : row.author_id === userId
        ? { code: 'own', text: 'You started this' }
        : row.watch_level === 'watching'
          ? { code: 'watching', text: 'You watch this' }
          : { code: 'replied', text: 'You replied' };
  return {
    id: row.id,
    title: row.title,
    replyCount: Number(row.reply_count ?? 0),
    unread,
    answered: Boolean(row.answer_reply_id),
    lastActivityAt: toIso(row.last_reply_at) ?? toIso(row.created_at),
    reason,
  };
}
