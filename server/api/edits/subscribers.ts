import type { EventRegistry } from '../../events/index';
import { recordEdit } from './repo';

/** What an edit replaced joins the post's history in the edit's transaction, so a saved change always has its history row. */
export function subscribeEdits(registry: EventRegistry): void {
  registry.onInTransaction('post.edited', (trx, e) => recordEdit(trx, e.post, e.postId, e.editorId, e.previous, e.at));
}
