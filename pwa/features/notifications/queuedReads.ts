import type { NotificationGroup } from '../../../contracts/notifications';
import type { OutboxItem } from '../../outbox/db';

/**
 * Reads still waiting in the outbox, applied over what the server (or the device's stored answer)
 * says: a refetch offline, or a reload, answers the list and count as they were before the member
 * read, and the outbox, which survives both, says otherwise (as queued comments are drawn from it).
 */
export interface QueuedReads {
  ids: ReadonlySet<string>;
  /** When the latest queued 'Mark all as read' was made: everything older counts as read. */
  allBefore: string | null;
}

// A refused one ('Not sent') did not happen: only those still to be sent count.
const isRead = (item: OutboxItem) => item.state === 'pending' && (item.kind === 'readNotification' || item.kind === 'readAllNotifications');

export function queuedReads(items: readonly OutboxItem[]): QueuedReads {
  const reads = items.filter(isRead);
  const all = reads.filter((item) => item.kind === 'readAllNotifications').map((item) => item.writtenAt).sort();
  return { ids: new Set(reads.filter((item) => item.kind === 'readNotification').map((item) => item.targetId)), allBefore: all.at(-1) ?? null };
}

export function withQueuedReads(notifications: readonly NotificationGroup[], queued: QueuedReads): NotificationGroup[] {
  return notifications.map((n) =>
    n.read || !(queued.ids.has(n.id) || (queued.allBefore !== null && n.createdAt <= queued.allBefore)) ? n : { ...n, read: true },
  );
}

/** The unread count to show: the server's, less the reads it has not received yet. */
export function unreadAfterQueued(count: number, queued: QueuedReads): number {
  return queued.allBefore ? 0 : Math.max(0, count - queued.ids.size);
}

