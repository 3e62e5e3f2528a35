import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Podcast } from '../../../contracts/podcasts';
import { podcastQueries } from '../../api/podcasts';
import { ApiError } from '../../lib/errors';
import { formatDuration } from '../../lib/format';
import { BackLink } from '../../components/BackLink';
import { Badge } from '../../components/Badge';
import { PlainButton, PlainLinkButton } from '../../components/PlainButton';
import { EpisodeCover } from '../../components/Cover';
import { MarkdownContent } from '../../components/LazyMarkdown';
import { Skeleton, SkeletonGroup } from '../../components/Skeleton';
import { Time } from '../../components/Time';
import { CommentIcon, ShareIcon } from '../../components/icons';
import { RefusedHere } from '../../outbox/OutboxNotice';
import { CategoryBadges } from '../content';
import { Comments } from '../content';
import { useCommentCount } from '../content';
import { LoadFailure } from '../content';
import { LearningObjectives } from '../content';
import { LikeButton } from '../likes';
import { shareEpisode } from '../news';
import { DownloadButton } from '../listening';
import { ExternalEpisodeLink } from './ExternalEpisodeLink';
import { ListenNowLink } from './ListenNowLink';
import { PlayCount } from './PlayCount';
import '../../styles/posts.css';
import './podcasts.css';
import { EpisodePeople } from './EpisodePeople';
import { EpisodeChapters } from './EpisodeChapters';
import { EpisodeTranscript } from './EpisodeTranscript';

const route = getRouteApi('/podcasts/$id');

/** /podcasts/{id}: one episode, its chapters, show notes, transcript and comments. */
export function EpisodeScreen() {
  const { id } = route.useParams();
  const episode = useQuery(podcastQueries.detail(id));

  let body;
  if (episode.isPending) {
    body = <EpisodeSkeleton />;
  } else if (episode.isError) {
    body =
      episode.error instanceof ApiError && episode.error.status === 404 ? (
        <>
          <EpisodeNotFound />
          <RefusedHere targetId={id} kind="comment" />
        </>
      ) : (
        <LoadFailure error={episode.error} title="The episode could not be loaded." what="episode" level={1} retry={() => void episode.refetch()} />
      );
  } else {
    body = (
      <>
        <EpisodeView episode={episode.data} />
        <Comments kind="podcasts" targetId={episode.data.id} commentCount={episode.data.commentCount} placeholder="Share your thoughts on this episode..." />
      </>
    );
  }

  return (
    <div className="article-page episode-page">
      <BackLink to="/podcasts">Back to Podcasts</BackLink>
      {body}
    </div>
  );
}

export function EpisodeView({ episode }: { episode: Podcast }) {
  const date = episode.publishedAt ?? episode.createdAt;
  const chapters = episode.chapters ?? [];
  const transcript = episode.transcript ?? [];
  return (
    <article className="article episode" aria-labelledby="episode-title">
      <header className="article__header">
        <p className="card__meta episode__meta">
          {episode.show ? (
            <Link to="/podcasts" search={{ show: episode.show.slug }} className="episode__show">
              {episode.show.name}
            </Link>
          ) : null}
          {episode.episodeNumber != null ? <Badge tone="purple">Episode {episode.episodeNumber}</Badge> : null}
        </p>
        {episode.categories.length > 0 ? <CategoryBadges categories={episode.categories} /> : null}
        <h1 id="episode-title">{episode.title}</h1>
        <p className="article__date">
          <Time value={date} show="date" />
          {episode.duration != null ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{formatDuration(episode.duration)}</span>
            </>
          ) : null}
        </p>
        <EpisodePeople episode={episode} />
      </header>
      <LearningObjectives text={episode.learningObjectives} />
      <div className="episode-page__top">
        {episode.audioUrl ? (
          <ListenNowLink podcast={episode} audioUrl={episode.audioUrl} size="md" />
        ) : episode.externalUrl ? (
          <ExternalEpisodeLink podcast={episode} variant="primary" size="md" />
        ) : null}
        <div className="episode-page__actions">
          <DownloadButton podcast={episode} />
        </div>
      </div>
      <EpisodeCover episode={episode} at="page" priority />
      {chapters.length > 0 ? <EpisodeChapters episode={episode} chapters={chapters} /> : null}
      {episode.description ? (
        <section className="episode__notes" aria-labelledby="episode-notes-title">
          <h2 id="episode-notes-title">Show notes</h2>
          {/* Markdown rendered to elements, never injected as HTML, as an article's text is. */}
          <MarkdownContent className="article__content" author="staff">
            {episode.description}
          </MarkdownContent>
        </section>
      ) : null}
      {transcript.length > 0 ? <EpisodeTranscript episode={episode} cues={transcript} /> : null}
      <div className="article__actions">
        <LikeButton kind="podcasts" item={episode} title={episode.title} />
        <CommentStat episode={episode} />
        <PlayCount count={episode.playCount} />
        <PlainButton variant="secondary" size="sm" onPress={() => void shareEpisode(episode.id)}>
          <ShareIcon />
          Share
        </PlainButton>
      </div>
    </article>
  );
}

/** 'N comments', counted as the Comments heading counts (waiting comments included). */
function CommentStat({ episode }: { episode: Podcast }) {
  const count = useCommentCount(episode.id, episode.commentCount, 'podcasts');
  return (
    <span className="card__stat">
      <CommentIcon />
      {count} {count === 1 ? 'comment' : 'comments'}
    </span>
  );
}

function EpisodeNotFound() {
  return (
    <section className="not-found" aria-labelledby="episode-missing-title">
      <h1 id="episode-missing-title">Episode Not Found</h1>
      <p>The episode you're looking for doesn't exist or has been removed.</p>
      <PlainLinkButton to="/podcasts">Browse All Episodes</PlainLinkButton>
    </section>
  );
}

function EpisodeSkeleton() {
  return (
    <SkeletonGroup label="Loading episode" className="article article--skeleton">
      <Skeleton width="10rem" />
      <Skeleton width="80%" height="2.5rem" />
      <Skeleton width="12rem" />
      <Skeleton shape="rect" className="article__image" />
      <Skeleton width="100%" />
      <Skeleton width="90%" />
    </SkeletonGroup>
  );
}
