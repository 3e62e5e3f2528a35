// Reads waiting in the outbox are shown over the server's (or the device's stored) answers, which
// do not know them yet: the items read, the count lowered, and a refused read shown as not read.
import { describe, expect, it } from 'vitest';
import type { NotificationGroup } from '../../../contracts/notifications';
import type { OutboxItem } from '../../outbox/db';
import { queuedReads, unreadAfterQueued, withQueuedReads } from './queuedReads';

const notification = (id: string, createdAt: string, read = false) =>
  ({ id, createdAt, read, type: 'mention', actor: null, target: { kind: 'article', id: 'a', title: 'T', path: '/news/a' } }) as NotificationGroup;
const item = (kind: OutboxItem['kind'], targetId: string, writtenAt: string, state: OutboxItem['state'] = 'pending'): OutboxItem =>
  ({ id: `${kind}-${targetId}-${writtenAt}`, userId: 'u', kind, method: 'POST', path: '/p', targetId, writtenAt, state }) as OutboxItem;

const list = [notification('n1', '2026-11-25T10:00:00.000Z'), notification('n2', '2026-11-25T11:00:00.000Z'), notification('n3', '2026-11-25T12:00:00.000Z', true)];

describe('reads waiting in the outbox', () => {
  it('nothing queued: the answer as it is', () => {
    const queued = queuedReads([item('comment', 'a1', '2026-11-25T10:30:00.000Z')]);
    expect(withQueuedReads(list, queued)).toEqual(list);
    expect(unreadAfterQueued(2, queued)).toBe(2);
  });

  it('one read queued: that item read, the count one lower', () => {
    const queued = queuedReads([item('readNotification', 'n2', '2026-11-25T13:00:00.000Z')]);
    expect(withQueuedReads(list, queued).map((n) => n.read)).toEqual([false, true, true]);
    expect(unreadAfterQueued(2, queued)).toBe(1);
  });

  it("'Mark all as read' queued: everything made before it read, the count 0", () => {
    const queued = queuedReads([item('readAllNotifications', '', '2026-11-25T10:30:00.000Z')]);
    expect(withQueuedReads(list, queued).map((n) => n.read)).toEqual([true, false, true]);
    expect(unreadAfterQueued(2, queued)).toBe(0);
  });

  it('a refused read (Not sent) did not happen', () => {
    const queued = queuedReads([item('readNotification', 'n1', '2026-11-25T13:00:00.000Z', 'failed')]);
    expect(withQueuedReads(list, queued)).toEqual(list);
    expect(unreadAfterQueued(2, queued)).toBe(2);
  });
});
