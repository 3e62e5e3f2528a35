import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { listeningQueries } from '../../api/listening';
import { readingListQueries } from '../../api/reading-list';
import { Card } from '../../components/Card';
import { BookmarkIcon } from '../../components/icons';
import { useViewer } from '../../session/viewer';
import { downloadQueries } from '../listening';
import { formatClock } from '../../lib/format';
import { cpdNudgeLines } from '../../lib/cpdNudge';
import { cpdQueries } from '../../api/cpd';
import { articleInProgress, episodeInProgress } from './continue';

/**
 * A signed-in member's start of the home page, in place of the visitors' invitation: the article
 * they are reading, the episode they are listening to, and Saved with its count, from their reading
 * list and listening records (the server's, so another device's progress shows too). A new member
 * gets a short welcome with the way to News and Podcasts. Rendered for members only: a visitor's home
 * asks for none of this.
 */
export function ContinueShelf() {
  const { user } = useViewer();
  // Asked again on every visit home: the member comes back from another device, or from the player.
  // A failed listening list (offline with nothing stored) just leaves the episode out.
  const reading = useQuery({ ...readingListQueries.list(), refetchOnMount: 'always' });
  const listening = useQuery({ ...listeningQueries.list(), refetchOnMount: 'always' });
  const article = reading.data ? articleInProgress(reading.data) : undefined;
  const episode = listening.data ? episodeInProgress(listening.data) : undefined;
  const savedCount = reading.data?.filter((entry) => !entry.gone).length ?? 0;
  // This device's downloaded episodes (IndexedDB, no request).
  const downloadedCount = useQuery(downloadQueries.list()).data?.length ?? 0;
  const loading = reading.isPending || listening.isPending;
  const empty = !loading && !article && !episode && savedCount === 0 && downloadedCount === 0;

  return (
    <section className="continue-shelf" aria-labelledby="continue-title">
      <p className="hero__eyebrow">{user?.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'}</p>
      <h1 id="continue-title">Continue</h1>
      <CpdNudge />
      {loading ? (
        <p className="continue-shelf__note" role="status">
          Loading your reading and listening...
        </p>
      ) : empty ? (
        <p className="continue-shelf__note">
          Nothing in progress yet. Start with the latest <Link to="/news">News</Link> or an episode from{' '}
          <Link to="/podcasts">Podcasts</Link>; what you read, save and listen to will wait for you here.
        </p>
      ) : (
        <ul className="continue-shelf__items">
          {article ? (
            <ContinueCard kind="Reading" title={<PostLink to="/news/$id" id={article.articleId} title={article.title} />}>
              <div className="continue-card__progress">
                <progress max={100} value={Math.round(article.position * 100)} aria-labelledby={`continue-article-${article.articleId}`} />
                <span id={`continue-article-${article.articleId}`}>{Math.round(article.position * 100)}% read</span>
              </div>
            </ContinueCard>
          ) : null}
          {episode ? (
            <ContinueCard kind="Listening" title={<PostLink to="/podcasts/$id" id={episode.episodeId} title={episode.title} />}>
              <p className="continue-card__position">
                Resume at {formatClock(episode.positionSeconds)}
                {episode.durationSeconds ? ` of ${formatClock(episode.durationSeconds)}` : ''}
              </p>
            </ContinueCard>
          ) : null}
          <ContinueCard
            kind="Library"
            title={
              <Link to="/saved" className="card__link continue-card__saved">
                <BookmarkIcon />
                Saved ({savedCount})
              </Link>
            }
          >
            <p className="continue-card__position">
              {savedCount === 1 ? '1 article' : `${savedCount} articles`} kept for reading later, online or off
              {downloadedCount > 0 ? `; ${downloadedCount === 1 ? '1 episode' : `${downloadedCount} episodes`} downloaded for listening` : ''}.
            </p>
          </ContinueCard>
        </ul>
      )}
    </section>
  );
}

/** What reading and listening added to the member's CPD ledger today, with the way to the ledger. */
function CpdNudge() {
  const lines = cpdNudgeLines(useQuery({ ...cpdQueries.today(), refetchOnMount: 'always' }).data);
  if (lines.length === 0) return null;
  return (
    <p className="continue-shelf__cpd">
      {lines.map((line, i) => (
        <span key={i}>{line}</span>
      ))}
      <Link to="/cpd">CPD ledger</Link>
    </p>
  );
}

/** The whole-card link to the article or episode a card continues. */
function PostLink({ to, id, title }: { to: '/news/$id' | '/podcasts/$id'; id: string; title: string }) {
  return (
    <Link to={to} params={{ id }} className="card__link">
      {title}
    </Link>
  );
}

/** One card of the shelf: what it is (Reading, Listening, Library), its linked title, and its progress. */
function ContinueCard({ kind, title, children }: { kind: string; title: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Card as="article" isInteractive className="continue-card">
        <div className="card__body">
          <p className="card__meta">{kind}</p>
          <h2 className="card__title">{title}</h2>
          {children}
        </div>
      </Card>
    </li>
  );
}
