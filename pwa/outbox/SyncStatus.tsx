import { mentionsAsText } from '../../contracts/mentions';
import { Button, LinkButton } from '../components/Button';
import { Dialog, DialogTrigger } from '../components/Dialog';
import type { OutboxItem } from './db';
import { formatDateTime } from './format';
import { useNeedsSignIn, useOutboxItems } from './hooks';
import { kindLabel, OutboxNotice, PENDING_SYNC } from './OutboxNotice';
import { measuredWords, outboxLines, type QueuedTime } from './queued';
import { syncNow } from './outbox';
import { useOnline } from '../offline/useOnline';
import './outbox.css';


/**
 * The header's sync status: one compact indicator (an icon and the number of queued
 * changes) that opens the details: every item with its state (refused ones with Retry / Copy /
 * Discard) and 'Sync now'. The words ('1 pending, 1 not sent') are a live region, so a screen reader
 * hears the count change. 'Sign in to sync' stays beside the indicator: it is the one thing to do.
 * Nothing is shown while the queue is empty. Compact so the header fits a 320px phone.
 * Measured CPD time is listed too, one line per item, but not counted among the member's changes:
 * it is measured a minute at a time, not something they did.
 */
export function SyncStatus() {
  const items = useOutboxItems();
  const needsSignIn = useNeedsSignIn();
  const isOnline = useOnline();
  const { changes, time } = outboxLines(items);
  const pending = changes.filter((item) => item.state === 'pending').length;
  const failed = changes.length - pending;
  const summary = changes.length ? `${pending} pending${failed ? `, ${failed} not sent` : ''}` : time.length ? 'CPD time waiting to sync' : '';
  const count = changes.length || time.length;

  return (
    <div className="sync-status" role="group" aria-label="Sync status" hidden={items.length === 0}>
      <span role="status" className="visually-hidden">
        {summary}
      </span>
      {items.length ? (
        <>
          <DialogTrigger>
            <Button variant="ghost" size="sm" className="sync-status__button" aria-label={`Sync details: ${summary}`}>
              <SyncIcon />
              <span className="sync-status__count" data-failed={failed > 0 || undefined} aria-hidden="true">
                {count}
              </span>
            </Button>
            <Dialog title="Changes waiting to sync">
              <div className="sync-status__dialog-actions">
                <p>{summary}</p>
                {needsSignIn ? null : (
                  <Button size="sm" variant="secondary" isDisabled={!isOnline || pending + time.length === 0} onPress={() => void syncNow()}>
                    Sync now
                  </Button>
                )}
              </div>
              <OutboxList items={changes} time={time} />
            </Dialog>
          </DialogTrigger>
          {needsSignIn ? (
            <LinkButton to="/login" size="sm" className="sync-status__sign-in">
              Sign in<span className="sync-status__words"> to sync</span>
            </LinkButton>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** Two arrows in a circle: changes going to and from the server. */
function SyncIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
      <path
        d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16m0 4v-4h-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function OutboxList({ items, time }: { items: OutboxItem[]; time: QueuedTime[] }) {
  return (
    <ul className="outbox-list" aria-label="Queued changes">
      {items.map((item) => (
        <li key={item.id}>
          <p>
            <span className="outbox-list__kind">{kindLabel(item)}</span> · <time dateTime={item.writtenAt}>{formatDateTime(item.writtenAt)}</time>
          </p>
          {item.title ? <p className="outbox-entry__title">{item.title}</p> : null}
          {item.text ? <p>{mentionsAsText(item.text)}</p> : null}
          <OutboxNotice item={item} />
        </li>
      ))}
      {time.map((line) => (
        <li key={`time-${line.targetId}`}>
          <p>
            <span className="outbox-list__kind">CPD time</span> · <time dateTime={line.writtenAt}>{formatDateTime(line.writtenAt)}</time>
          </p>
          {line.title ? <p className="outbox-entry__title">{line.title}</p> : null}
          <p>{measuredWords(line.seconds)}</p>
          <span className="outbox-badge">{PENDING_SYNC}</span>
        </li>
      ))}
    </ul>
  );
}
