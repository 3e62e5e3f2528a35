import type { ComponentProps } from 'react';
import type { OutboxItem } from '../../outbox/db';
import { postedLate } from '../../outbox/format';
import { QueuedPost } from '../../outbox/OutboxNotice';
import { Time } from '../../components/Time';
import { MemberLink } from './MemberLink';

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

/** A comment's or reply's byline: its author (a link to their page) and when it was posted. */
export function PostByline({ post, show, className = 'post-meta' }: {
  post: { author: ComponentProps<typeof MemberLink>['person']; writtenAt?: string | null; createdAt: string };
  show: ComponentProps<typeof Time>['show'];
  className?: string;
}) {
  return (
    <p className={className}>
      <MemberLink person={post.author} className="post-meta__author" />
      <PostedTime writtenAt={post.writtenAt} createdAt={post.createdAt} show={show} />
    </p>
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
