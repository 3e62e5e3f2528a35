/*
 * The listening wing's front door: everything about episodes on this device (the player and Up
 * Next, positions, the listening record's sync, downloads) is reached from other features through
 * these names only. The wing imports no other feature.
 */
export { PlayerHost } from './PlayerHost';
export { addToUpNext, loadPositions, playEpisode, togglePlay, usePlayerSelect, type PlayerEpisode, type PlayerState } from './player';
export { isFinished, latestPosition, NOT_DOWNLOADED_MESSAGE } from './logic';
export { useEpisodeAvailability, type EpisodeAvailability } from './availability';
export { NotDownloadedMark } from './NotDownloaded';
export { DownloadButton } from './DownloadButton';
export { EpisodesSection } from './EpisodesSection';
export { downloadQueries } from './downloadQueries';
