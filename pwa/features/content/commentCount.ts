import { useQuery } from '@tanstack/react-query';
import { commentQueries } from '../../api/comments';
import type { CommentKind } from '../../api/paths';
import { useQueuedItems } from '../../outbox/hooks';

/** The server sends at most this many comments in the first page (pwa/api/news.ts). */
const FIRST_PAGE = 200;

/**
 * An article's (or episode's) comment count as every place shows it (the article's stat, the Comments heading, the
 * cards): the server's count, plus the viewer's comments still waiting to be sent, minus the
 * comments they deleted offline. A comment the server refused ('Not sent') is not counted: it will
 * not appear unless it is retried (docs/offline.md, "Counting writes not yet sent").
 *
 * With the comment list in the cache (the article page), its length is the server's count: it is
 * the fresher of the two when a comment was just posted.
 */
export function useCommentCount(targetId: string, commentCount: number, kind: CommentKind = 'news'): number {
  // Never fetches: a card reads the comments only when the item's page already has them.
  const comments = useQuery({ ...commentQueries.list(kind, targetId), enabled: false }).data;
  const outbox = useQueuedItems(['comment', 'deleteComment'], { targetId, commentKind: kind, state: 'pending' });
  const posted = new Set(comments?.map((comment) => comment.id));
  const base = comments && comments.length < FIRST_PAGE ? comments.length : commentCount;
  const waiting = outbox.filter((item) => item.kind === 'comment' && !posted.has(item.id)).length;
  const deleted = outbox.filter((item) => item.kind === 'deleteComment' && (comments ? posted.has(item.refId!) : true)).length;
  return Math.max(0, base + waiting - deleted);
}
