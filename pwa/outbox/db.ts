import { Dexie, type EntityTable } from 'dexie';

/**
 * The outbox: signed-in writes made offline, kept in their own IndexedDB database
 * `ledger-outbox` (the read cache is another database, `ledger-cache`, owned by the offline store)
 * until the server has taken them. See docs/outbox.md.
 */
export type OutboxKind =
  | 'like'
  | 'unlike'
  | 'comment'
  | 'deleteComment'
  // The author's new words for their comment (refId): replayed in order, the last one wins.
  | 'editComment'
  | 'reply'
  | 'discussion'
  // The author's new words for their forum reply (refId; targetId the discussion) or discussion (targetId): the last one wins.
  | 'editReply'
  | 'editDiscussion'
  // Notifications: one read, or all.
  | 'readNotification'
  | 'readAllNotifications'
  // The reading list: save, remove, progress (position and/or finished) of an article.
  | 'listSave'
  | 'listRemove'
  | 'listProgress'
  // Where the member is in an episode (replaceKey: the episode, so only the newest position waits).
  | 'listening'
  // A Watch / Normal / Mute level (targetId: the discussion or category; text: the level).
  | 'watch'
  // A topic's Follow / Mute (targetId: the topic; text: the level, '' for neither; replaceKey: kind and id).
  | 'topic'
  // A report of a comment, reply, discussion or member: the target is in the body.
  | 'report'
  // A stretch of reading or listening time for the CPD ledger (targetId: the item; the item's id is the record's).
  | 'cpdTime';

export interface OutboxItem {
  /** Insertion order: items are sent oldest first. */
  seq?: number;
  /** A UUID: the request's Idempotency-Key, and the client id of the row a comment, reply or discussion creates. */
  id: string;
  /** Whose write it is: only that user's session sends it. */
  userId: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** The article, episode or discussion it belongs to (the forum category for a new discussion; the notification read, '' for all read; the article for the reading list). */
  targetId: string;
  /** For a comment's deletion or edit: the comment it removes or changes. */
  refId?: string;
  /** For likes: which kind of item. */
  likeKind?: 'news' | 'podcasts';
  /** For comments and their deletions: an article's or an episode's (absent on items queued before episodes took comments: an article's). */
  commentKind?: 'news' | 'podcasts';
  /** The user's words (comment, reply, discussion title and body), for display and Copy. */
  text?: string;
  title?: string;
  /** When the user made it (ISO). */
  writtenAt: string;
  /**
   * Only the newest write of this kind and key matters (a position, a level): queuing it replaces
   * the same user's pending item of the same kind and key, so a long offline session leaves one write.
   */
  replaceKey?: string;
  /** 'failed' = refused by the server; it stays until the user retries or discards it. */
  state: 'pending' | 'failed';
  reason?: string;
}

export const outboxDb = new Dexie('ledger-outbox') as Dexie & { items: EntityTable<OutboxItem, 'seq'> };

outboxDb.version(1).stores({ items: '++seq, &id, userId' });

/**
 * The user's items still waiting to be sent, oldest first. Here rather than in the engine so the
 * service worker's download of the reading list can read the queue without the engine
 * (which shows toasts, and so brings React).
 */
export function pendingItemsOf(userId: string): Promise<OutboxItem[]> {
  return outboxDb.items.orderBy('seq').filter((i) => i.userId === userId && i.state === 'pending').toArray();
}

// Re-exported so the engine can load Dexie with this module, lazily (it stays out of the first load).
export { liveQuery } from 'dexie';
