import { useCallback } from 'react';
import type { Podcast } from '../../../contracts/podcasts';
import { playEpisode, usePlayerSelect } from '../listening';

/**
 * Plays the episode from `seconds`: a seek when it is the one in the player, else it starts there
 * (the player's `startAt`), so a chapter or a cue of any episode page is one press. Null for an
 * episode with no audio on this site (hosted elsewhere: its times are shown, not pressed). Stable
 * for one episode, so memoised rows keep it.
 */
export function useSeekInEpisode(episode: Podcast): ((seconds: number) => void) | null {
  const seek = useCallback((seconds: number) => playEpisode(episode, { startAt: seconds }), [episode]);
  return episode.audioUrl ? seek : null;
}

/**
 * Which item is current while this episode is the player's (playing or paused), by `at(position)`;
 * -1 otherwise. The store is asked for the index, not the position, so a list re-renders when its
 * current item changes, not at every tick of the audio.
 */
export function useCurrentIndex(episodeId: string, at: (position: number) => number): number {
  return usePlayerSelect((s) => (s.current?.id === episodeId ? at(s.position) : -1));
}
