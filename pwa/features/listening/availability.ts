import { useEffect } from 'react';
import { useOnline } from '../../offline/useOnline';
import { canPlayHere, refreshDownloaded, usePlayerSelect } from './player';

export interface EpisodeAvailability {
  /** The device has no connection. */
  offline: boolean;
  /** Offline, whether the audio is downloaded here (null while that is being read); online, null. */
  downloaded: boolean | null;
  /** Pressing play would sound: online, or offline with the audio downloaded. */
  playable: boolean;
}

/**
 * Whether an episode can play on this device now: what a card, the episode page or Up Next mark
 * ("Not downloaded", a dimmed play) while offline. Pressing play on one that cannot says why
 * (playEpisode), so the mark and the press agree.
 */
export function useEpisodeAvailability(episode: { audioUrl: string | null }): EpisodeAvailability {
  const online = useOnline();
  const downloaded = usePlayerSelect((s) => s.downloaded);
  useEffect(() => {
    if (!online && !downloaded) void refreshDownloaded();
  }, [online, downloaded]);
  if (online || !episode.audioUrl) return { offline: !online, downloaded: null, playable: online && episode.audioUrl != null };
  if (!downloaded) return { offline: true, downloaded: null, playable: false };
  const here = canPlayHere(episode.audioUrl, downloaded);
  return { offline: true, downloaded: here, playable: here };
}
