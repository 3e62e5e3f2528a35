import type { CpdItemType } from '../../../contracts/cpd';
import { cpdTimeWrite } from '../../api/cpd';
import { newItemBase, sendOrQueue } from '../../outbox/outbox';
import { currentUserId } from '../../session/session';
import type { MeasuredStretch } from '../../lib/study-time';

/**
 * Sends one measured stretch of reading as a time record (kind 'cpdTime'), now or queued when
 * offline: the outbox item's id is the record's id, so a replay is counted once. Never a toast:
 * the member did not ask for it. A refusal (tracking paused meanwhile, the item gone) loses only
 * this stretch, which is what the server decided.
 */
export async function sendReadingTime(item: { type: CpdItemType; id: string; title?: string }, stretch: MeasuredStretch): Promise<void> {
  if (!currentUserId()) return;
  const base = newItemBase();
  const body = { id: base.id, itemType: item.type, itemId: item.id, ...stretch, recordedOffline: !navigator.onLine };
  try {
    await sendOrQueue({ ...base, writtenAt: stretch.endedAt, ...cpdTimeWrite(body), kind: 'cpdTime', targetId: item.id, ...(item.title ? { title: item.title } : {}) });
  } catch (error) {
    console.warn('Recording reading time', error);
  }
}
