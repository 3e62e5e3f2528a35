import type { EventRegistry } from '../../events/index';
import { deleteFollowsOf } from './repo';

/** A deleted news category or show leaves no follows behind, in the delete's transaction. */
export function subscribeTopics(registry: EventRegistry): void {
  registry.onInTransaction('category.deleted', async (trx, e) => {
    if (e.target.id) await deleteFollowsOf(trx, 'news_category', e.target.id);
  });
  registry.onInTransaction('show.deleted', async (trx, e) => {
    if (e.target.id) await deleteFollowsOf(trx, 'podcast_show', e.target.id);
  });
}
