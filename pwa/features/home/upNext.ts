import type { HomeItem } from '../../../contracts/home';
import type { PlayerEpisode } from '../listening';

/** An Up Next entry on the home: the device's queue first, then new episodes of followed shows. */
export interface UpNextItem {
  id: string;
  title: string;
  showName: string | null;
  reason: string;
}

export const IN_YOUR_QUEUE = 'In your queue';

/**
 * The player's queue is this device's own (it is not on the server), so the home merges it here:
 * queued episodes in their order, then the server's new episodes not already queued.
 */
export function upNextItems(queue: PlayerEpisode[], fromServer: HomeItem[]): UpNextItem[] {
  const queued = new Set(queue.map((episode) => episode.id));
  return [
    ...queue.map((episode) => ({ id: episode.id, title: episode.title, showName: episode.show, reason: IN_YOUR_QUEUE })),
    ...fromServer.filter((item) => !queued.has(item.id)).map((item) => ({ id: item.id, title: item.title, showName: item.showName, reason: item.reason.text })),
  ];
}
