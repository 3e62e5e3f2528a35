import {
  CPD_DISCUSSION_CAP_MINUTES,
  CPD_LATE_MS,
  CPD_LISTENING_CAP,
  CPD_READING_CAP,
  type CpdItemType,
  type CpdTimeInput,
} from '../../../contracts/cpd';
import { readingMinutes } from '../../../contracts/text';
import type { CurrentUser } from '../../middleware/auth';
import { ARTICLES, PODCASTS } from '../content/kinds';
import { canOpen } from '../content/visibility';
import type { LedgerItem } from './repo';

export const ITEM_NOT_FOUND: Record<CpdItemType, string> = {
  article: ARTICLES.notFoundMessage,
  episode: PODCASTS.notFoundMessage,
  discussion: 'Discussion not found',
};

export const EXTERNAL_ONLY = 'Only an activity you added yourself can change its title, provider, date or minutes';

/** An episode whose length nobody knows yet counts up to this long (docs/cpd.md). */
export const UNKNOWN_EPISODE_SECONDS = 60 * 60;

/** Time counts only on what the member may open now: a draft or a hidden discussion is not found. */
export function canCount(user: CurrentUser, type: CpdItemType, item: LedgerItem | undefined): item is LedgerItem {
  return canOpen(user, type, item);
}

/** The most an item's entry counts in all (docs/cpd.md, "Caps"). */
export function capSeconds(type: CpdItemType, item: LedgerItem): number {
  if (type === 'article') return CPD_READING_CAP * readingMinutes(item.content ?? '') * 60;
  if (type === 'episode') return CPD_LISTENING_CAP * (item.duration ? Number(item.duration) : UNKNOWN_EPISODE_SECONDS);
  return CPD_DISCUSSION_CAP_MINUTES * 60;
}

/** Measured offline, or arriving long after it ended: the entry says "synced later". */
export function isSyncedLater(input: Pick<CpdTimeInput, 'recordedOffline' | 'endedAt'>, nowMs: number): boolean {
  return input.recordedOffline || nowMs - Date.parse(input.endedAt) > CPD_LATE_MS;
}
