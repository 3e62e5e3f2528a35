import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { mentionsAsText } from '../../contracts/mentions';
import { authQueries } from '../session/queries';
import { Avatar } from '../components/Avatar';
import { PlainButton } from '../components/PlainButton';
import { MentionText } from '../components/MentionText';
import { toast } from '../components/Toast';
import { fullName } from '../lib/format';
import type { OutboxItem } from './db';
import { formatDateTime } from './format';
import { useOutboxItems } from './hooks';
import { discardItem, retryItem } from './outbox';
import './outbox.css';

export const PENDING_SYNC = 'Pending sync';
export const NOT_SENT = 'Not sent';

const KIND_LABELS: Record<OutboxItem['kind'], string> = {
  like: 'Like',
  unlike: 'Unlike',
  comment: 'Comment',
  deleteComment: 'Comment deletion',
  editComment: 'Comment edit',
  reply: 'Reply',
  discussion: 'New discussion',
  editReply: 'Reply edit',
  editDiscussion: 'Discussion edit',
  readNotification: 'Notification marked read',
  readAllNotifications: 'All notifications marked read',
  listSave: 'Save to reading list',
  listRemove: 'Removal from reading list',
  listProgress: 'Reading progress',
  listening: 'Listening position',
  watch: 'Follow setting',
  topic: 'Topic follow or mute',
  report: 'Report',
  cpdTime: 'CPD time',
};

export const kindLabel = (item: OutboxItem) => KIND_LABELS[item.kind];

/** 'Pending sync', or 'Not sent' with the reason and what the user can do about it. */
export function OutboxNotice({ item }: { item: OutboxItem }) {
  if (item.state === 'pending') return <span className="outbox-badge">{PENDING_SYNC}</span>;
  // The words as the member wrote them: mentions as `@Name`, not their markup.
  const words = [item.title, item.text && mentionsAsText(item.text)].filter(Boolean).join('\n\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(words);
      toast({ title: 'Copied', description: 'The text is on your clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy the text.', variant: 'destructive' });
    }
  };
  const reasonId = `outbox-reason-${item.id}`;
  return (
    <div className="outbox-failed">
      <p>
        <strong className="outbox-failed__state">{NOT_SENT}</strong> <span id={reasonId}>{item.reason}</span>
      </p>
      <div className="outbox-failed__actions">
        <PlainButton size="sm" variant="secondary" aria-describedby={reasonId} onPress={() => void retryItem(item)}>
          Retry
        </PlainButton>
        {words ? (
          <PlainButton size="sm" variant="ghost" onPress={() => void copy()}>
            Copy
          </PlainButton>
        ) : null}
        <PlainButton size="sm" variant="ghost" onPress={() => void discardItem(item)}>
          Discard
        </PlainButton>
      </div>
    </div>
  );
}

/** A comment, reply or discussion still in the outbox, shown where it will appear once sent. */
export function QueuedPost({ item }: { item: OutboxItem }) {
  const { data: user = null } = useQuery(authQueries.user());
  const name = fullName(user, 'You');
  return (
    <article className="comment outbox-entry" aria-label={`${kindLabel(item)} by ${name}`} data-outbox-state={item.state}>
      <Avatar person={user} />
      <div className="comment__body">
        <p className="post-meta">
          <span className="post-meta__author">{name}</span>
          <time dateTime={item.writtenAt}>Written {formatDateTime(item.writtenAt)}</time>
        </p>
        {item.title ? <p className="outbox-entry__title">{item.title}</p> : null}
        {item.text ? (
          <p className="comment__content">
            <MentionText text={item.text} />
          </p>
        ) : null}
        <OutboxNotice item={item} />
      </div>
    </article>
  );
}

/**
 * Writes refused by the server, shown where they were written when that place is gone (the article
 * or discussion was deleted while they waited): their text with Retry / Copy / Discard, as in the
 * header's list. Where the place still exists, its list shows them among the others (QueuedPost).
 */
export function RefusedHere({ targetId, kind }: { targetId: string; kind: OutboxItem['kind'] }) {
  const titleId = useId();
  const items = useOutboxItems().filter((item) => item.state === 'failed' && item.targetId === targetId && item.kind === kind);
  if (items.length === 0) return null;
  return (
    <section className="outbox-here" aria-labelledby={titleId}>
      <h2 id={titleId}>{NOT_SENT}</h2>
      <p>What you wrote here could not be sent. Retry, copy it to keep it, or discard it.</p>
      <ul className="outbox-here__list">
        {items.map((item) => (
          <li key={item.id}>
            <QueuedPost item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
