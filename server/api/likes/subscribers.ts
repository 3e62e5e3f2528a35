import type { EventRegistry } from '../../events/index';
import { kindOfEvent } from '../content/kinds';
import { deleteLikesOf } from './repo';

/** A deleted item's likes go with it, in the delete's transaction (taking them off the counters as they go). */
export function subscribeLikes(registry: EventRegistry): void {
  registry.onInTransaction('content.deleted', (trx, e) => deleteLikesOf(trx, kindOfEvent(e.kind).likeTarget, e.itemId));
}
