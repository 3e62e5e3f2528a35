import type { Podcast } from '../../../contracts/podcasts';
import { buttonClassName, type ButtonVariant } from '../../components/buttonClassName';
import { ExternalIcon } from '../../components/icons';

/** A link elsewhere is named for where it goes: YouTube by its hosts, anything else as a page. */
export function externalLabel(url: string): string {
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'Open episode page';
  }
  const youtube = ['youtube.com', 'youtu.be'].some((h) => host === h || host.endsWith(`.${h}`));
  return youtube ? 'Watch on YouTube' : 'Open episode page';
}

/**
 * An episode hosted elsewhere (only `externalUrl`): a link that opens it in a new tab. It is never
 * played in the app, so it does not pretend to be a play button.
 */
export function ExternalEpisodeLink({ podcast, variant = 'secondary', size = 'sm' }: { podcast: Pick<Podcast, 'title' | 'externalUrl'>; variant?: ButtonVariant; size?: 'sm' | 'md' }) {
  if (!podcast.externalUrl) return null;
  const label = externalLabel(podcast.externalUrl);
  return (
    <a
      href={podcast.externalUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClassName({ variant, size })}
      aria-label={`${label}: ${podcast.title} (opens in a new tab)`}
    >
      <ExternalIcon />
      {label}
    </a>
  );
}
