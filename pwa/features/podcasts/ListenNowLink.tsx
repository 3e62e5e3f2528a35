import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import type { Podcast } from '../../../contracts/podcasts';
import { invalidatePodcasts, recordPlay } from '../../api/podcasts';
import { buttonClassName, type ButtonVariant } from '../../components/Button';
import { PlayIcon } from '../../components/icons';

/** Spec 4 and 9: the play is recorded, then the audio link opens 100 ms later. */
const PLAY_BEFORE_OPEN_MS = 100;

export interface ListenNowLinkProps {
  podcast: Podcast;
  audioUrl: string;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}

/**
 * 'Listen Now': a real link to the audio (so it can be copied or opened with a modifier), whose
 * plain click records a play and opens the audio in a new tab 100 ms later.
 */
export function ListenNowLink({ podcast, audioUrl, variant = 'primary', size = 'sm' }: ListenNowLinkProps) {
  const queryClient = useQueryClient();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab/window) keeps the browser's behaviour; the play is still counted.
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0;
    if (!modified) event.preventDefault();
    // The play count shows in the lists and the featured strip.
    recordPlay(podcast.id)
      .then(() => invalidatePodcasts(queryClient))
      .catch((error: unknown) => console.error('Recording the play failed', error));
    if (!modified) window.setTimeout(() => window.open(audioUrl, '_blank', 'noopener,noreferrer'), PLAY_BEFORE_OPEN_MS);
  };
  return (
    <a href={audioUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant, size })} onClick={onClick}>
      <PlayIcon />
      Listen Now<span className="visually-hidden">: {podcast.title} (opens in a new tab)</span>
    </a>
  );
}
