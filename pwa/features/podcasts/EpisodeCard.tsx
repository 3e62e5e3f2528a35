import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { Podcast } from '../../../contracts/podcasts';
import { Badge } from '../../components/Badge';
import { PlainButton } from '../../components/PlainButton';
import { Card } from '../../components/Card';
import { EpisodeCover } from '../../components/Cover';
import { LikeButton } from '../likes';
import { formatDuration } from '../../lib/format';
import { CategoryBadges } from '../content';
import { ListenNowLink } from './ListenNowLink';
import { PlayCount } from './PlayCount';
import { Time } from '../../components/Time';
import { ExternalEpisodeLink } from './ExternalEpisodeLink';
import { EpisodePeople } from './EpisodePeople';
import { QueueAddIcon } from '../../components/icons';
import { addToUpNext, DownloadButton } from '../listening';
import { toast } from '../../components/Toast';

export interface EpisodeCardProps {
  podcast: Podcast;
  /** The large featured card: duration defaults to 45 minutes instead of 30 (spec 2). */
  isFeatured?: boolean;
  /** Published/Draft for editors. */
  statusBadge?: ReactNode;
  /** Editor tools under the footer. */
  tools?: ReactNode;
  headingLevel?: 2 | 3;
  /** The first card of a list: its image loads at once (Cover `priority`). */
  imagePriority?: boolean;
}

/**
 * An episode card of the podcast hub (spec 2): its show, number, duration, category badges, title,
 * description, host, guest and guest title, plays, likes, publish date, and 'Listen Now' with
 * 'Add to Up Next' for an episode with audio, or a link to its page elsewhere ('Watch on YouTube',
 * 'Open episode') for one hosted there.
 */
export function EpisodeCard({ podcast, isFeatured = false, statusBadge, tools, headingLevel = 3, imagePriority }: EpisodeCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const date = podcast.publishedAt ?? podcast.createdAt;
  return (
    <Card as="article" className={isFeatured ? 'episode-card episode-card--featured' : 'episode-card'}>
      <EpisodeCover episode={podcast} at={isFeatured ? 'featured' : 'card'} priority={imagePriority} />
      <div className="card__body">
        <p className="card__meta">
          {isFeatured ? <Badge tone="amber">Featured Episode</Badge> : null}
          {podcast.show ? <span className="episode-card__show">{podcast.show.name}</span> : null}
          {podcast.episodeNumber != null ? <Badge tone="purple">Episode {podcast.episodeNumber}</Badge> : null}
          <span>{formatDuration(podcast.duration, isFeatured ? 45 : 30)}</span>
          {statusBadge}
        </p>
        {podcast.categories.length > 0 ? <CategoryBadges categories={podcast.categories} /> : null}
        <Heading className="card__title">
          <Link to="/podcasts/$id" params={{ id: podcast.id }} className="card__link">
            {podcast.title}
          </Link>
        </Heading>
        {podcast.description ? <p className="card__text">{podcast.description}</p> : null}
        <EpisodePeople episode={podcast} />
        <div className="card__footer">
          <div className="card__action">
            {podcast.audioUrl ? (
              <>
                <ListenNowLink podcast={podcast} />
                <PlainButton
                  variant="ghost"
                  size="icon"
                  aria-label={`Add to Up Next: ${podcast.title}`}
                  onPress={() => {
                    addToUpNext(podcast);
                    toast({ title: 'Added to Up Next', description: podcast.title });
                  }}
                >
                  <QueueAddIcon />
                </PlainButton>
              </>
            ) : podcast.externalUrl ? (
              <ExternalEpisodeLink podcast={podcast} />
            ) : null}
          </div>
          {podcast.audioUrl ? <DownloadButton podcast={podcast} compact /> : null}
          <PlayCount count={podcast.playCount} />
          <LikeButton kind="podcasts" item={podcast} title={podcast.title} />
          <span className="card__spacer" />
          <Time value={date} show="date" />
        </div>
        {tools ? <div className="card__tools">{tools}</div> : null}
      </div>
    </Card>
  );
}
