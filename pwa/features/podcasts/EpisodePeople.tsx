import type { Podcast } from '../../../contracts/podcasts';

/** An episode's host and guest (with the guest's title), as its card and its page show them. */
export function EpisodePeople({ episode }: { episode: Pick<Podcast, 'hostName' | 'guestName' | 'guestTitle'> }) {
  const guest = [episode.guestName, episode.guestTitle].filter(Boolean).join(', ');
  if (!episode.hostName && !guest) return null;
  return (
    <dl className="episode-card__people">
      {episode.hostName ? (
        <div>
          <dt>Host</dt>
          <dd>{episode.hostName}</dd>
        </div>
      ) : null}
      {guest ? (
        <div>
          <dt>Guest</dt>
          <dd>{guest}</dd>
        </div>
      ) : null}
    </dl>
  );
}
