import { Link } from '@tanstack/react-router';
import type { Notification } from '../../../contracts/notifications';
import { Avatar } from '../../components/Avatar';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { Time } from '../../components/Time';
import { fullName } from '../../lib/format';
import { useMarkRead } from './mutations';
import './notifications.css';

/** What happened, by type; the actor's name goes first where there is one ('Your article was …' has none). */
function sentence(n: Notification): { actor: string | null; words: string } {
  const actor = fullName(n.actor, 'Someone');
  switch (n.type) {
    case 'discussion_reply':
      return { actor, words: 'replied to your discussion' };
    case 'mention':
      return { actor, words: n.target.kind === 'article' ? 'mentioned you in a comment on' : 'mentioned you in a reply in' };
    case 'article_comment':
      return { actor, words: 'commented on your article' };
    case 'article_published':
      return { actor: null, words: 'Your article was published' };
    case 'article_featured':
      return { actor: null, words: 'Your article was featured' };
  }
}

/**
 * The notifications as a list (the bell's popover and /notifications): the actor's avatar, the
 * sentence and the target's title as one link to the item (its comment or reply by the path's
 * fragment), the time since; unread ones are marked, for the eye and in the link's name. Opening
 * one marks it read.
 */
export function NotificationList({ notifications, onOpen }: { notifications: readonly Notification[]; onOpen?: () => void }) {
  const markRead = useMarkRead();
  return (
    <ul className="notification-list" aria-label="Notifications">
      {notifications.map((n) => {
        const { actor, words } = sentence(n);
        const hash = n.target.path.split('#')[1];
        return (
          <li key={n.id} className="notification" data-unread={n.read ? undefined : true}>
            <Avatar person={n.actor} size="md" />
            <div className="notification__body">
              <Link
                to={n.target.kind === 'article' ? '/news/$id' : '/forums/$id'}
                params={{ id: n.target.id }}
                hash={hash}
                className="notification__link"
                onClick={() => {
                  if (!n.read) markRead.mutate({ id: n.id });
                  onOpen?.();
                }}
              >
                {n.read ? null : <span className="visually-hidden">Unread: </span>}
                <span className="notification__sentence">
                  {actor ? <strong>{actor}</strong> : null}
                  {actor ? ' ' : null}
                  {words}
                </span>{' '}
                <span className="notification__title">“{n.target.title}”</span>
              </Link>
              <span className="notification__time">
                <Time value={n.createdAt} show="relative" />
              </span>
            </div>
            {n.read ? null : <span className="notification__dot" aria-hidden="true" />}
          </li>
        );
      })}
    </ul>
  );
}

/** The list's loading state, in the popover and on the screen: `rows` placeholders shaped like items. */
export function NotificationSkeleton({ rows, className }: { rows: number; className: string }) {
  return (
    <SkeletonGroup label="Loading notifications" className={className}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="notification">
          <Skeleton shape="circle" width="2.25rem" height="2.25rem" />
          <div className="notification__body">
            <Skeleton width="85%" />
            <Skeleton width="30%" />
          </div>
        </div>
      ))}
    </SkeletonGroup>
  );
}
