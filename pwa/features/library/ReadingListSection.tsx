import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReadingListItem } from '../../../contracts/reading-list';
import { readingListQueries } from '../../api/reading-list';
import { Badge } from '../../components/Badge';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { Checkbox } from '../../components/Checkbox';
import { EmptyState } from '../../components/EmptyState';
import { Select } from '../../components/Select';
import { CardGridSkeleton } from '../../components/Skeleton';
import { formatDate } from '../../lib/format';
import type { OutboxItem } from '../../outbox/db';
import { useOutboxItems } from '../../outbox/hooks';
import type { SavedArticle } from '../../offline/db';
import { useDownloadArticle, useMarkFinished, useSaveForOffline } from './mutations';
import { savedQueries } from './savedQueries';
import './library.css';

/** One row of a member's Saved: the account list's entry, what this device holds of it, and its queued changes. */
interface Entry extends ReadingListItem {
  downloaded: boolean;
}

type Sort = 'saved' | 'reading';
const SORTS = [
  { id: 'saved', label: 'Saved time (newest first)' },
  { id: 'reading', label: 'Reading time (shortest first)' },
] as const;

/**
 * The member's list as this device knows it: the server's list (or its last copy, offline) and the
 * copies this device holds (the member's, and what was saved here before signing in), with the
 * member's changes still in the outbox applied on top. A copy of an article removed on another device
 * shows until the next sync drops it (readingListDownload.ts); offline, it is still readable here.
 */
function entriesOf(list: ReadingListItem[] | undefined, rows: SavedArticle[], queued: OutboxItem[], userId: string): Entry[] {
  const device = new Map(rows.filter((row) => row.owner === userId || row.owner === '').map((row) => [row.id, row]));
  const fromRow = (row: SavedArticle): ReadingListItem => ({
    articleId: row.id, title: row.title, gone: false, excerpt: row.excerpt, imageUrl: row.imageUrl, publishedAt: row.publishedAt,
    readingMinutes: null, savedAt: new Date(row.savedAt).toISOString(), position: 0, finished: false,
  });
  const entries = new Map([...device.values()].map((row) => [row.id, fromRow(row)]));
  for (const item of list ?? []) entries.set(item.articleId, item);
  for (const item of queued) {
    const id = item.targetId;
    const body = item.body as { position?: number; finished?: boolean } | undefined;
    if (item.kind === 'listRemove') entries.delete(id);
    else if (item.kind === 'listSave' && !entries.has(id)) {
      const row = device.get(id) ?? { id, title: item.title ?? '', excerpt: null, imageUrl: null, publishedAt: null, savedAt: 0, owner: userId };
      entries.set(id, { ...fromRow(row), savedAt: item.writtenAt });
    } else if (item.kind === 'listProgress' && entries.has(id)) {
      const entry = entries.get(id)!;
      entries.set(id, { ...entry, position: Math.max(entry.position, body?.position ?? 0), finished: body?.finished ?? entry.finished });
    }
  }
  return [...entries.values()].map((item) => ({ ...item, downloaded: device.has(item.articleId) }));
}

function sorted(entries: Entry[], sort: Sort): Entry[] {
  if (sort === 'saved') return [...entries].sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  // Unknown reading times (not yet on the server's list) last.
  return [...entries].sort((a, b) => (a.readingMinutes ?? Infinity) - (b.readingMinutes ?? Infinity) || b.savedAt.localeCompare(a.savedAt));
}

/** /saved for a signed-in member: their reading list, which follows them to every device. */
export function ReadingList({ userId }: { userId: string }) {
  const list = useQuery(readingListQueries.list());
  const rows = useQuery(savedQueries.list());
  const queued = useOutboxItems().filter((item) => item.state === 'pending');
  const [offlineOnly, setOfflineOnly] = useState(false);
  const [sort, setSort] = useState<Sort>('saved');

  // Offline with no copy of the list yet, or any failure: what this device holds still shows.
  if ((list.isPending && list.fetchStatus !== 'idle') || rows.isPending) return <CardGridSkeleton count={3} label="Loading saved articles" />;
  if (rows.isError) return <EmptyState title="Saved articles could not be read on this device." description="Your browser may be blocking site storage." />;

  const own = rows.data.filter((row) => row.owner === userId || row.owner === '');
  const all = entriesOf(list.data, rows.data, queued, userId);
  const shown = sorted(offlineOnly ? all.filter((e) => e.downloaded) : all, sort);

  return (
    <>
      {/* What they take is in Saved's one storage figure, with the episodes. */}
      <p className="saved-storage">
        {own.length} {own.length === 1 ? 'article' : 'articles'} on this device
      </p>
      {all.length === 0 ? (
        <EmptyState
          title="No saved articles yet."
          description="Open an article and choose 'Save for offline': it is kept on every device you sign in on."
          action={<LinkButton to="/news">Browse News</LinkButton>}
        />
      ) : (
        <>
          <div className="saved-controls">
            <Checkbox isSelected={offlineOnly} onChange={setOfflineOnly}>
              Read offline
            </Checkbox>
            <Select label="Sort by" options={SORTS} selectedKey={sort} onSelectionChange={(key) => setSort(key as Sort)} />
          </div>
          {shown.length === 0 ? (
            <EmptyState title="No saved articles on this device yet." description="They download when you are online." />
          ) : (
            <ul className="grid-list" aria-label="Saved articles">
              {shown.map((entry) => (
                <li key={entry.articleId}>
                  <ReadingListEntry entry={entry} pending={queued.some((item) => item.targetId === entry.articleId)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

function ReadingListEntry({ entry, pending }: { entry: Entry; pending: boolean }) {
  const remove = useSaveForOffline(entry.articleId);
  const download = useDownloadArticle(entry.articleId);
  const finish = useMarkFinished(entry.articleId, entry.title);
  const percent = Math.round(entry.position * 100);
  const titleId = `saved-${entry.articleId}`;
  return (
    <Card as="article" className="saved-item" aria-labelledby={titleId} data-gone={entry.gone || undefined}>
      <div className="card__body">
        <p className="card__meta">
          <span>Saved {formatDate(entry.savedAt)}</span>
          {entry.readingMinutes ? <span>{entry.readingMinutes} min read</span> : null}
          {entry.gone ? null : <Badge tone={entry.downloaded ? 'green' : 'neutral'}>{entry.downloaded ? 'On this device' : 'Not downloaded'}</Badge>}
          {pending ? <Badge tone="amber">Pending sync</Badge> : null}
        </p>
        <h2 className="card__title" id={titleId}>
          {entry.gone ? entry.title : <Link to="/news/$id" params={{ id: entry.articleId }}>{entry.title}</Link>}
        </h2>
        {entry.gone ? (
          <p className="card__text">This article is no longer available.</p>
        ) : (
          <>
            {entry.excerpt ? <p className="card__text">{entry.excerpt}</p> : null}
            <div className="saved-progress">
              <progress max={100} value={entry.finished ? 100 : percent} aria-labelledby={`${titleId}-progress`} />
              <span id={`${titleId}-progress`}>{entry.finished ? 'Finished' : percent > 0 ? `${percent}% read` : 'Not started'}</span>
            </div>
          </>
        )}
        <div className="card__footer">
          {!entry.gone && !entry.downloaded ? (
            <Button size="sm" isPending={download.isPending} onPress={() => download.mutate()} aria-label={`Download "${entry.title}" now`}>
              {download.isPending ? 'Downloading...' : 'Download now'}
            </Button>
          ) : null}
          {entry.gone ? null : (
            <Button size="sm" variant="secondary" isPending={finish.isPending} onPress={() => finish.mutate(!entry.finished)} aria-label={`Mark "${entry.title}" as ${entry.finished ? 'unread' : 'finished'}`}>
              {entry.finished ? 'Mark as unread' : 'Mark as finished'}
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            isPending={remove.isPending}
            onPress={() => remove.mutate(false)}
            aria-label={`Remove "${entry.title}" from saved`}
          >
            {remove.isPending ? 'Removing...' : 'Remove from saved'}
          </Button>
        </div>
      </div>
    </Card>
  );
}
