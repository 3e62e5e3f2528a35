import type { EventRegistry, LikeRef } from '../../events/index';
import { countComment, countLike, countPlay, forgetLikes, resetDashboardCounters, type LikeEvent } from './counters';

const asLike = (like: LikeRef): LikeEvent => ({ target_type: like.targetType, target_id: like.targetId, created_at: like.createdAt });

/**
 * The dashboard's counters follow the writes that change what they count, in each write's
 * transaction (docs/decisions/2026-11-22-counters-in-the-write-transaction.md).
 */
export function subscribeDashboardCounters(registry: EventRegistry): void {
  registry
    .onInTransaction('comment.created', (trx, e) => countComment(trx, e.parentTable, e.parentId, e.createdAt, 1))
    .onInTransaction('comment.deleted', (trx, e) => countComment(trx, e.parentTable, e.parentId, e.createdAt, -1))
    .onInTransaction('like.added', (trx, e) => countLike(trx, asLike(e.like), 1))
    .onInTransaction('likes.removed', (trx, e) => forgetLikes(trx, e.likes.map(asLike)))
    .onInTransaction('episode.played', (trx, e) => countPlay(trx, e.episodeId, e.day))
    .onInTransaction('site.seeded', (trx) => resetDashboardCounters(trx));
}
