import type { ComponentProps } from 'react';
import type { OutboxItem } from '../../outbox/db';
import { postedLate } from '../../outbox/format';
import { QueuedPost } from '../../outbox/OutboxNotice';
import { Time } from '../../components/Time';

/**
 * When a comment or a forum reply was posted. Written offline and posted later: both times, so a
 * late arrival does not confuse the thread.
 */
export function PostedTime({ writtenAt, createdAt, show }: { writtenAt?: string | null; createdAt: string; show: ComponentProps<typeof Time>['show'] }) {
  return postedLate(writtenAt, createdAt) ? (
    <span>
      Written <Time value={writtenAt} show="dayTime" /> · posted <Time value={createdAt} show="dayTime" />
    </span>
  ) : (
    <Time value={createdAt} show={show} />
  );
}

/** The list items of posts still in the outbox, after the sent ones of a list (comments, replies, discussions). */
export function QueuedPostItems({ items }: { items: OutboxItem[] }) {
  return items.map((item) => (
    <li key={item.id}>
      <QueuedPost item={item} />
    </li>
  ));
}
