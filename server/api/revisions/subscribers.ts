import type { EventRegistry } from '../../events/index';
import { kindOfEvent } from '../content/kinds';
import { deleteRevisionsOf, writeRevision } from './repo';

/** An item's revisions follow its writes in the same transaction: a saved version, and none left once it is deleted. */
export function subscribeRevisions(registry: EventRegistry): void {
  registry
    .onInTransaction('content.written', (trx, e) => writeRevision(trx, kindOfEvent(e.kind), e.itemId, e.actor))
    .onInTransaction('content.deleted', (trx, e) => deleteRevisionsOf(trx, kindOfEvent(e.kind), e.itemId));
}
