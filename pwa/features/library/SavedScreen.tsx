import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { CardGridSkeleton } from '../../components/Skeleton';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { formatDate } from '../../lib/format';
import { stopWaiting } from '../../offline/afterWorker';
import type { SavedArticle } from '../../offline/db';
import { downloadBytesOf, bytesOf, storageSize } from '../../offline/storageBudget';
import { useSessionUserId } from '../../session/useSession';
import { downloadQueries, EpisodesSection } from '../listening';
import { useSaveForOffline } from './mutations';
import { ReadingList } from './ReadingListSection';
import { savedQueries } from './savedQueries';
import './library.css';

/**
 * /saved, the library: Articles (for a visitor, the articles kept on this device, newest saved first;
 * for a signed-in member, their reading list, which every device of theirs downloads) and Episodes
 * (downloads and, for a member, episodes in progress), under one storage figure.
 */
export function SavedScreen() {
  const userId = useSessionUserId();
  // Everything here is read from the device's store: load it now, not after the worker takes over.
  useEffect(stopWaiting, []);
  return (
    <div className="saved-page">
      <header className="page-header">
        <h1>Saved</h1>
        <p>
          {userId
            ? 'Articles you save are kept on every device you sign in on, and open without a connection.'
            : 'Articles you saved stay on this device and open without a connection.'}{' '}
          Episodes you download play without a connection.
        </p>
      </header>
      <StorageFigure userId={userId} />
      <Tabs className="library-tabs" defaultSelectedKey="articles">
        <TabList aria-label="Library">
          <Tab id="articles">Articles</Tab>
          <Tab id="episodes">Episodes</Tab>
        </TabList>
        <TabPanel id="articles">{userId ? <ReadingList userId={userId} /> : <DeviceSaved />}</TabPanel>
        <TabPanel id="episodes">
          <EpisodesSection userId={userId} />
        </TabPanel>
      </Tabs>
    </div>
  );
}

/** The one figure for reading and listening: 'Using 12.3 MB of 500 MB on this device'. */
function StorageFigure({ userId }: { userId: string | null }) {
  const saved = useQuery(savedQueries.list());
  const downloads = useQuery(downloadQueries.list());
  const budget = useQuery(downloadQueries.budget());
  if (!saved.data || !downloads.data || budget.data === undefined) return null;
  const mine = (row: { owner: string }) => row.owner === '' || row.owner === userId;
  const used = bytesOf(saved.data.filter(mine)) + downloadBytesOf(downloads.data.filter(mine));
  return (
    <p className="saved-storage" role="status">
      Using {storageSize(used)} of {Math.round(budget.data / 1_000_000)} MB on this device
    </p>
  );
}

/** A visitor's Saved: this device's copies only. */
function DeviceSaved() {
  const saved = useQuery(savedQueries.list());

  let body;
  if (saved.isPending) {
    body = <CardGridSkeleton count={3} label="Loading saved articles" />;
  } else if (saved.isError) {
    body = <EmptyState title="Saved articles could not be read on this device." description="Your browser may be blocking site storage." />;
  } else if (saved.data.length === 0) {
    body = (
      <EmptyState
        title="No saved articles yet."
        description="Open an article and choose 'Save for offline' to read it here without a connection."
        action={<LinkButton to="/news">Browse News</LinkButton>}
      />
    );
  } else {
    body = (
      <ul className="grid-list" aria-label="Saved articles">
        {saved.data.map((article) => (
          <li key={article.id}>
            <SavedItem article={article} />
          </li>
        ))}
      </ul>
    );
  }

  return body;
}

function SavedItem({ article }: { article: SavedArticle }) {
  const remove = useSaveForOffline(article.id);
  return (
    <Card as="article" className="saved-item" aria-labelledby={`saved-${article.id}`}>
      <div className="card__body">
        <p className="card__meta">
          {article.publishedAt ? <time dateTime={article.publishedAt}>{formatDate(article.publishedAt)}</time> : null}
          <span>Saved {formatDate(new Date(article.savedAt))}</span>
        </p>
        <h2 className="card__title" id={`saved-${article.id}`}>
          <Link to="/news/$id" params={{ id: article.id }}>
            {article.title}
          </Link>
        </h2>
        {article.excerpt ? <p className="card__text">{article.excerpt}</p> : null}
        <div className="card__footer">
          <Button
            variant="secondary"
            size="sm"
            isPending={remove.isPending}
            onPress={() => remove.mutate(false)}
            aria-label={`Remove "${article.title}" from saved`}
          >
            {remove.isPending ? 'Removing...' : 'Remove from saved'}
          </Button>
        </div>
      </div>
    </Card>
  );
}
