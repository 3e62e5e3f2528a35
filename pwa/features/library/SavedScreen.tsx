import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { CardGridSkeleton } from '../../components/Skeleton';
import { formatDate } from '../../lib/format';
import type { SavedArticle } from '../../offline/db';
import { useSessionUserId } from '../../session/useSession';
import { useSaveForOffline } from './mutations';
import { ReadingList } from './ReadingListSection';
import { savedQueries } from './savedQueries';
import './library.css';

/**
 * /saved: for a visitor, the articles kept on this device for offline reading, newest saved first;
 * for a signed-in member, their reading list, which every device of theirs downloads.
 */
export function SavedScreen() {
  const userId = useSessionUserId();
  return (
    <div className="saved-page">
      <header className="page-header">
        <h1>Saved</h1>
        <p>
          {userId
            ? 'Articles you save are kept on every device you sign in on, and open without a connection.'
            : 'Articles you saved stay on this device and open without a connection.'}
        </p>
      </header>
      {userId ? <ReadingList userId={userId} /> : <DeviceSaved />}
    </div>
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
      <ul className="saved-list" aria-label="Saved articles">
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
