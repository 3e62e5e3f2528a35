import { useInfiniteQuery } from '@tanstack/react-query';
import { notificationQueries } from '../../api/notifications';
import { Button, LinkButton } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailure } from '../content';
import { LoadMore } from '../content';
import { useMarkRead, useQueuedReads, useUnreadCount } from './mutations';
import { withQueuedReads } from './queuedReads';
import { NotificationList, NotificationSkeleton } from './NotificationList';
import './notifications.css';

/**
 * /notifications: the member's notifications, newest first, a page at a time; opening one
 * goes to the item and marks it read; 'Mark all as read'; the settings. The route sends visitors to
 * /login and back (pwa/router.tsx). Offline it reads what this device last loaded (the offline
 * banner says so), and marking read waits in the outbox.
 */
export function NotificationsScreen() {
  const list = useInfiniteQuery(notificationQueries.list());
  const queued = useQueuedReads();
  const unread = useUnreadCount() ?? 0;
  const markRead = useMarkRead();
  const notifications = withQueuedReads(list.data?.pages.flatMap((page) => page.items) ?? [], queued);

  let body;
  if (list.isPending) {
    body = <NotificationSkeleton rows={4} className="notification-list" />;
  } else if (list.isError) {
    body = <LoadFailure error={list.error} title="Your notifications could not be loaded." retry={() => void list.refetch()} level={2} />;
  } else if (notifications.length === 0) {
    body = (
      <EmptyState
        title="No notifications yet"
        description="When someone replies to your discussions, mentions you or comments on your articles, or an editor publishes or features your article, it will show here."
        action={
          <LinkButton to="/forums" variant="secondary">
            Browse the forums
          </LinkButton>
        }
      />
    );
  } else {
    body = (
      <>
        <NotificationList notifications={notifications} />
        <LoadMore list={list} label="Load more" what="notifications" />
      </>
    );
  }

  return (
    <div className="notifications-page">
      <header className="page-header heading-row heading-row--end">
        <div>
          <h1>Notifications</h1>
          <p>Replies, mentions and news about your articles.</p>
        </div>
        <div className="notifications-page__actions">
          <Button variant="secondary" size="sm" isDisabled={unread === 0 && notifications.every((n) => n.read)} onPress={() => markRead.mutate('all')}>
            Mark all as read
          </Button>
          <LinkButton to="/notifications/settings" variant="ghost" size="sm">
            Settings
          </LinkButton>
        </div>
      </header>
      {body}
    </div>
  );
}
