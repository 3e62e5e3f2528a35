import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import type { Podcast } from '../../../contracts/podcasts';
import { listeningQueries } from '../../api/listening';
import { PlainButton } from '../../components/PlainButton';
import type { ButtonVariant } from '../../components/buttonClassName';
import { PauseIcon, PlayIcon } from '../../components/icons';
import { useSessionUserId } from '../../session/useSession';
import { formatClock } from '../../lib/format';
import { isFinished, latestPosition, loadPositions, NotDownloadedMark, playEpisode, togglePlay, useEpisodeAvailability, usePlayerSelect } from '../listening';

export interface ListenNowLinkProps {
  podcast: Podcast;
  /** Kept for callers; the player takes the episode's own `audioUrl`. */
  audioUrl?: string;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}

/** Below this, a position is no resume point worth offering. */
const RESUME_FROM_SECONDS = 5;

/**
 * 'Listen Now': plays the episode in the app's player (docs/decisions/2026-11-28-player.md: the
 * spec's new tab is gone; the play is counted after a minute of listening, not on the press).
 * 'Resume at 12:34' when the member stopped partway, on this device or another; 'Pause' while it plays.
 * Offline, an episode not downloaded here is marked "Not downloaded" and its button dimmed; a press
 * says why nothing plays (the player refuses it).
 */
export function ListenNowLink({ podcast, variant = 'primary', size = 'sm' }: ListenNowLinkProps) {
  const userId = useSessionUserId();
  const { data: records } = useQuery({ ...listeningQueries.list(), enabled: userId != null });
  const local = usePlayerSelect((s) => s.positions[podcast.id]);
  const isCurrent = usePlayerSelect((s) => s.current?.id === podcast.id);
  const playing = usePlayerSelect((s) => s.playing && s.current?.id === podcast.id);
  const unavailable = useEpisodeAvailability(podcast).downloaded === false;
  const markId = useId();

  useEffect(() => {
    void loadPositions();
  }, []);

  // The server's record only for the member it belongs to (a cached answer may outlive a sign-out).
  const server = userId ? records?.find((r) => r.episodeId === podcast.id) : undefined;
  const latest = latestPosition(local, server);
  const resume =
    latest && !latest.finished && !isFinished(latest.positionSeconds, latest.durationSeconds) && latest.positionSeconds >= RESUME_FROM_SECONDS
      ? latest.positionSeconds
      : null;

  const onPress = () => {
    if (isCurrent) togglePlay();
    else playEpisode(podcast, { startAt: resume ?? 0 });
  };
  const label = playing ? 'Pause' : resume != null && !isCurrent ? `Resume at ${formatClock(resume)}` : 'Listen Now';
  return (
    <>
      <PlainButton
        variant={unavailable ? 'secondary' : variant}
        size={size}
        onPress={onPress}
        className={unavailable ? 'listen-now is-unavailable' : 'listen-now'}
        aria-label={`${label}: ${podcast.title}`}
        aria-describedby={unavailable ? markId : undefined}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
        {label}
      </PlainButton>
      {unavailable ? <NotDownloadedMark id={markId} /> : null}
    </>
  );
}
