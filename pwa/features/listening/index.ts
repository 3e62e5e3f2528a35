/*
 * The listening wing's front door: everything about episodes on this device (the player and Up
 * Next, positions, the listening record's sync, downloads) is reached from other features through
 * these names only. The wing imports no other feature.
 */
export { PlayerHost } from './PlayerHost';
export { addToUpNext, loadPositions, playEpisode, togglePlay, usePlayerSelect, type PlayerEpisode, type PlayerState } from './player';
export { isFinished, latestPosition } from './logic';
export { DownloadButton } from './DownloadButton';
export { EpisodesSection } from './EpisodesSection';
export { downloadQueries } from './downloadQueries';
