import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { REPORT_REASON_NAMES, type ModerationAction } from '../../../../contracts/moderation-constants';
import type { QueueItem } from '../../../../contracts/moderation';
import { moderationQueries } from '../../../api/moderation';
import { Button } from '../../../components/Button';
import { DeleteDialog, DialogTrigger } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { TextField } from '../../../components/TextField';
import { Time } from '../../../components/Time';
import { Skeleton, SkeletonGroup } from '../../../components/Skeleton';
import { useViewer } from '../../../session/viewer';
import { AdminPage } from '../AdminPage';
import { useModerate } from './moderationMutations';
import './moderation.css';

const KIND_NAMES: Record<QueueItem['target']['type'], string> = {
  article_comment: 'Comment on an article',
  episode_comment: 'Comment on an episode',
  reply: 'Forum reply',
  discussion: 'Discussion',
  member: 'Member',
};

const DONE: Record<ModerationAction, string> = {
  hide: 'Hidden',
  restore: 'Restored',
  delete: 'Deleted',
  dismiss: 'Reports dismissed',
};

/**
 * /admin/moderation: what members reported, newest report first, each item with its
 * reports; Hide, Restore, Delete or Dismiss with an optional note. Editors and admins.
 */
export function ModerationScreen() {
  const [after, setAfter] = useState<string | null>(null);
  const [earlier, setEarlier] = useState<Array<string | null>>([]);
  const viewer = useViewer();
  const page = useQuery({ ...moderationQueries.queue(after), enabled: viewer.isEditor });
  return (
    <AdminPage title="Moderation" description="Reported comments, replies, discussions and members, newest report first." allow="editor" showBackLink>
      {page.isPending ? (
        <SkeletonGroup label="Loading reports" className="moderation-queue">
          {[0, 1].map((i) => (
            <div key={i} className="moderation-item">
              <Skeleton width="40%" />
              <Skeleton width="90%" />
            </div>
          ))}
        </SkeletonGroup>
      ) : page.isError ? (
        <EmptyState
          title="The reports could not be loaded."
          action={
            <Button variant="secondary" onPress={() => void page.refetch()}>
              Try again
            </Button>
          }
        />
      ) : page.data.items.length === 0 ? (
        <EmptyState title="Nothing to review." description="Reports members send appear here." />
      ) : (
        <>
          <ul className="moderation-queue" aria-label="Reported items">
            {page.data.items.map((item) => (
              <li key={item.target.id}>
                <QueueCard item={item} />
              </li>
            ))}
          </ul>
          <nav className="split-row" aria-label="Pages">
            {earlier.length ? (
              <Button variant="secondary" onPress={() => { setAfter(earlier[earlier.length - 1]); setEarlier(earlier.slice(0, -1)); }}>
                Newer
              </Button>
            ) : <span />}
            {page.data.nextCursor ? (
              <Button variant="secondary" onPress={() => { setEarlier([...earlier, after]); setAfter(page.data.nextCursor); }}>
                Older
              </Button>
            ) : null}
          </nav>
        </>
      )}
    </AdminPage>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const [note, setNote] = useState('');
  const act = useModerate(item.target, () => note.trim() || null, DONE);
  const isMember = item.target.type === 'member';
  const headingId = `moderation-${item.target.id}`;
  return (
    <article className="moderation-item" aria-labelledby={headingId}>
      <div className="moderation-item__head">
        <h2 id={headingId} className="moderation-item__title">
          {KIND_NAMES[item.target.type]}
          {item.author && !isMember ? ` by ${item.author.name}` : ''}
          {isMember && item.label ? `: ${item.label}` : ''}
        </h2>
        <span>
          {item.reports.length} {item.reports.length === 1 ? 'report' : 'reports'} · {item.hidden ? 'Hidden' : 'Visible'}
        </span>
      </div>
      {item.label && !isMember ? <p className="moderation-item__excerpt"><strong>{item.label}</strong></p> : null}
      {item.excerpt ? <blockquote className="moderation-item__excerpt">{item.excerpt}</blockquote> : null}
      {item.path ? (
        <p>
          <Link to={item.path}>{isMember ? 'Open the member page' : 'Open where it was posted'}</Link>
          {isMember ? (
            <>
              {' · '}
              <Link to="/admin/users">Manage members</Link>
            </>
          ) : null}
        </p>
      ) : null}
      <ul className="moderation-item__reports" aria-label="Reports">
        {item.reports.map((r) => (
          <li key={r.id}>
            <strong>{REPORT_REASON_NAMES[r.reason]}</strong>
            {r.note ? `: ${r.note}` : ''} — {r.reporter?.name ?? 'Deleted account'}, <Time value={r.createdAt} show="relative" />
          </li>
        ))}
      </ul>
      <div className="moderation-item__actions">
        <div className="moderation-item__note">
          <TextField label="Note (optional; the author reads it when hidden)" value={note} onChange={setNote} maxLength={500} />
        </div>
        {!isMember && !item.hidden ? (
          <Button variant="secondary" isPending={act.isPending && act.variables === 'hide'} onPress={() => act.mutate('hide')}>
            Hide
          </Button>
        ) : null}
        {!isMember && item.hidden ? (
          <Button variant="secondary" isPending={act.isPending && act.variables === 'restore'} onPress={() => act.mutate('restore')}>
            Restore
          </Button>
        ) : null}
        <Button variant="secondary" isPending={act.isPending && act.variables === 'dismiss'} onPress={() => act.mutate('dismiss')}>
          Dismiss
        </Button>
        {!isMember ? (
          <DialogTrigger>
            <Button variant="destructive">Delete</Button>
            <DeleteDialog title="Delete this item?" isPending={act.isPending} onAction={(close) => act.mutate('delete', { onSettled: close })}>
              <p>It will be removed for everyone, with its reports. This cannot be undone.</p>
            </DeleteDialog>
          </DialogTrigger>
        ) : null}
      </div>
    </article>
  );
}
