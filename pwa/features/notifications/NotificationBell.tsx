import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { notificationQueries } from '../../api/notifications';
import { Button, buttonClassName, LinkButton } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { BellIcon } from '../../components/icons';
import { LoadFailure } from '../content';
import { useMarkRead, useQueuedReads, useUnreadCount } from './mutations';
import { withQueuedReads } from './queuedReads';
import { NotificationList, NotificationSkeleton } from './NotificationList';
import './notifications.css';

/** How many of the newest the popover shows; 'See all' opens the rest. */
const IN_POPOVER = 8;

/** 'Notifications, 3 unread': the bell's name carries the count its badge shows. */
const bellLabel = (count: number | undefined) => (count ? `Notifications, ${count} unread` : 'Notifications');

/**
 * The header's bell for signed-in members (lazy, so a visitor's first load does without it). On a
 * desktop it opens a popover with the newest few, 'Mark all as read' and 'See all'; on a phone
 * (narrow, or a phone on its side) it is a link to /notifications, as phone apps open a screen of
 * their own: a popover of eight rows under the header would be a cramped copy of that screen, which
 * has room for long titles, Load more and Back. CSS shows one of the two (notifications.css), so a
 * rotation needs no script.
 */
export function NotificationBell() {
  const count = useUnreadCount();
  const [isOpen, setOpen] = useState(false);
  const pathname = useLocation({ select: (location) => location.pathname });
  // Any navigation closes it (an item opened, See all, Settings).
  useEffect(() => setOpen(false), [pathname]);
  const badge = count ? (
    <span className="bell__badge" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  ) : null;

  return (
    <>
      <Link to="/notifications" className={buttonClassName({ variant: 'ghost', size: 'icon' }, 'bell bell--link')} aria-label={bellLabel(count)}>
        <BellIcon />
        {badge}
      </Link>
      <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <Button variant="ghost" size="icon" className="bell bell--popover" aria-label={bellLabel(count)}>
          <BellIcon />
          {badge}
        </Button>
        <Popover className="popover bell-popover" placement="bottom end">
          <Dialog className="bell-popover__dialog">
            <BellPopoverContent unread={count ?? 0} close={() => setOpen(false)} />
          </Dialog>
        </Popover>
      </DialogTrigger>
    </>
  );
}

function BellPopoverContent({ unread, close }: { unread: number; close: () => void }) {
  const list = useInfiniteQuery(notificationQueries.list());
  const queued = useQueuedReads();
  const markRead = useMarkRead();
  const newest = withQueuedReads(list.data?.pages[0]?.items.slice(0, IN_POPOVER) ?? [], queued);

  let body;
  if (list.isPending) {
    body = <NotificationSkeleton rows={3} className="bell-popover__loading" />;
  } else if (list.isError) {
    body = <LoadFailure error={list.error} title="Notifications could not be loaded." retry={() => void list.refetch()} />;
  } else if (newest.length === 0) {
    body = <EmptyState title="No notifications yet" description="Replies to your discussions, mentions and comments on your articles will show here." />;
  } else {
    body = <NotificationList notifications={newest} onOpen={close} />;
  }

  return (
    <>
      <div className="bell-popover__header">
        <Heading slot="title" level={2}>
          Notifications
        </Heading>
        <Button variant="ghost" size="sm" isDisabled={unread === 0} onPress={() => markRead.mutate('all')}>
          Mark all as read
        </Button>
      </div>
      {body}
      <div className="bell-popover__footer">
        <LinkButton to="/notifications/settings" variant="ghost" size="sm">
          Settings
        </LinkButton>
        <LinkButton to="/notifications" variant="secondary" size="sm">
          See all
        </LinkButton>
      </div>
    </>
  );
}
