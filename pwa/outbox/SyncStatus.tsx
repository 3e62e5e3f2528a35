import { Button, LinkButton } from '../components/Button';
import { Dialog, DialogTrigger } from '../components/Dialog';
import type { OutboxItem } from './db';
import { formatDateTime } from './format';
import { useNeedsSignIn, useOutboxItems } from './hooks';
import { kindLabel, OutboxNotice } from './OutboxNotice';
import { syncNow } from './outbox';
import { useOnline } from '../offline/useOnline';
import './outbox.css';


/**
 * The header's sync status (issue 7): how many changes wait to be sent, how many were refused, and
 * 'Sync now'. The count is a live region, so a screen reader hears it change. Opening the count
 * lists every item with its state (refused ones with Retry / Copy / Discard). Nothing is shown
 * while the queue is empty.
 */
export function SyncStatus() {
  const items = useOutboxItems();
  const needsSignIn = useNeedsSignIn();
  const isOnline = useOnline();
  const pending = items.filter((item) => item.state === 'pending').length;
  const failed = items.length - pending;

  return (
    <div className="sync-status" role="group" aria-label="Sync status" hidden={items.length === 0}>
      <span role="status" className="sync-status__count" data-failed={failed > 0 || undefined}>
        {items.length === 0 ? '' : `${pending} pending${failed ? `, ${failed} not sent` : ''}`}
      </span>
      {items.length ? (
        <>
          <DialogTrigger>
            <Button variant="ghost" size="sm">
              Details
            </Button>
            <Dialog title="Changes waiting to sync">
              <OutboxList items={items} />
            </Dialog>
          </DialogTrigger>
          {needsSignIn ? (
            <LinkButton to="/login" size="sm">
              Sign in to sync
            </LinkButton>
          ) : (
            <Button size="sm" variant="secondary" isDisabled={!isOnline || pending === 0} onPress={() => void syncNow()}>
              Sync now
            </Button>
          )}
        </>
      ) : null}
    </div>
  );
}

function OutboxList({ items }: { items: OutboxItem[] }) {
  return (
    <ul className="outbox-list" aria-label="Queued changes">
      {items.map((item) => (
        <li key={item.id}>
          <p>
            <span className="outbox-list__kind">{kindLabel(item)}</span> · <time dateTime={item.writtenAt}>{formatDateTime(item.writtenAt)}</time>
          </p>
          {item.title ? <p className="outbox-entry__title">{item.title}</p> : null}
          {item.text ? <p>{item.text}</p> : null}
          <OutboxNotice item={item} />
        </li>
      ))}
    </ul>
  );
}
