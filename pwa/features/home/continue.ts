import type { ListeningItem } from '../../../contracts/listening';
import type { ReadingListItem } from '../../../contracts/reading-list';
import { formatClock } from '../../lib/format';

/** The article in progress: read some of it, not finished; the most recently saved first. */
export function articleInProgress(list: ReadingListItem[]): ReadingListItem | undefined {
  return list
    .filter((entry) => !entry.gone && !entry.finished && entry.position > 0)
    .sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0];
}

/** The episode in progress: the newest listening record (the list comes newest first) not finished. */
export function episodeInProgress(records: ListeningItem[]): ListeningItem | undefined {
  return records.find((record) => !record.finished && record.positionSeconds > 0);
}

