import { cpdTimeWrite } from '../../api/cpd';
import type { MeasuredStretch } from '../../lib/study-time';
import { newItemBase, sendOrQueue } from '../../outbox/outbox';
import { currentUserId } from '../../session/session';
import type { PlayerEpisode } from './logic';

/**
 * Sends a stretch of listening as a CPD time record (kind 'cpdTime'), now or queued when offline;
 * the item's id is the record's, so a replay counts once. Loaded with the first stretch, so the
 * always-loaded player carries only the clock. No toast: the member did not ask for it.
 */
export async function sendListeningTime(episode: PlayerEpisode, stretch: MeasuredStretch): Promise<void> {
  if (!currentUserId()) return;
  const base = newItemBase();
  const body = { id: base.id, itemType: 'episode' as const, itemId: episode.id, ...stretch, recordedOffline: !navigator.onLine };
  await sendOrQueue({ ...base, writtenAt: stretch.endedAt, ...cpdTimeWrite(body), kind: 'cpdTime', targetId: episode.id, title: episode.title });
}
