import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../contracts/podcasts';
import { podcastQueries } from '../../api/podcasts';
import { Badge } from '../../components/Badge';
import { PlainLinkButton } from '../../components/PlainButton';
import { CardGrid } from '../../components/CardGrid';
import { Card } from '../../components/Card';
import { EmptyState } from '../../components/EmptyState';
import { EpisodeCover } from '../../components/Cover';
import { LikeButton } from '../likes';
import { CardGridSkeleton } from '../../components/Skeleton';
import { formatDuration } from '../../lib/format';
import { ListenNowLink } from '../podcasts';
import { PlayCount } from '../podcasts';
import { useShowcase } from './showcase';
import { LoadFailure } from '../content';

export function PodcastShowcase() {
  const podcasts = useShowcase(podcastQueries.featured(), podcastQueries.latest());

  return (
    <section className="section" aria-labelledby="home-podcasts-title">
      <div className="section__header">
        <h2 id="home-podcasts-title">Podcast Hub</h2>
      </div>
      {podcasts.isPending ? (
        <CardGridSkeleton count={3} label="Loading podcast episodes" />
      ) : podcasts.isError ? (
        <LoadFailure error={podcasts.error} title="Podcast episodes could not be loaded." retry={() => void podcasts.refetch()} />
      ) : podcasts.data.length === 0 ? (
        <EmptyState title="No podcast episodes available yet." />
      ) : (
        <CardGrid items={podcasts.data} itemKey={(podcast) => podcast.id} aria-label="Podcast episodes">
          {(podcast) => <PodcastCard podcast={podcast} />}
        </CardGrid>
      )}
      {/* The home page is a showcase: this leads to the paged list. Not under an offline or error notice. */}
      {podcasts.isSuccess ? (
        <div className="section__footer">
          <PlainLinkButton to="/podcasts" variant="secondary">
            View All Episodes
          </PlainLinkButton>
        </div>
      ) : null}
    </section>
  );
}

function PodcastCard({ podcast }: { podcast: Podcast }) {
  return (
    <Card as="article" className="podcast-card">
      <EpisodeCover episode={podcast} at="card" />
      <div className="card__body">
        <p className="card__meta">
          {podcast.episodeNumber != null ? <Badge tone="purple">Episode {podcast.episodeNumber}</Badge> : null}
          <span>{formatDuration(podcast.duration, 30)}</span>
        </p>
        <h3 className="card__title">
          <Link to="/podcasts/$id" params={{ id: podcast.id }} className="card__link">
            {podcast.title}
          </Link>
        </h3>
        {podcast.description ? <p className="card__text">{podcast.description}</p> : null}
        <p className="podcast-card__people">
          {podcast.hostName ? <span>{podcast.hostName}</span> : null}
          {podcast.guestName ? <span>Guest: {podcast.guestName}</span> : null}
        </p>
        <div className="card__footer">
          {podcast.audioUrl ? (
            <div className="card__action">
              <ListenNowLink podcast={podcast} audioUrl={podcast.audioUrl} />
            </div>
          ) : null}
          <PlayCount count={podcast.playCount} />
          <LikeButton kind="podcasts" item={podcast} title={podcast.title} />
        </div>
      </div>
    </Card>
  );
}
