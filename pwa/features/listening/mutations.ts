import { listeningWrite } from '../../api/listening';
import { newItemBase, sendOrQueue } from '../../outbox/outbox';
import { currentUserId } from '../../session/session';
import type { KnownPosition, PlayerEpisode } from './logic';

/**
 * Sends a member's position in an episode, now or queued (kind 'listening'). Only the newest
 * position matters: the episode is the item's replaceKey, so one still queued for it is replaced
 * and a long offline listen leaves one write, not one every few seconds. The server keeps the
 * change with the latest device time, whatever order writes arrive in.
 */
export async function sendListening(episode: PlayerEpisode, position: KnownPosition): Promise<void> {
  if (!currentUserId()) return;
  const base = { ...newItemBase(), writtenAt: position.deviceTime };
  const body = {
    positionSeconds: position.positionSeconds,
    ...(position.durationSeconds != null && position.durationSeconds > 0 ? { durationSeconds: position.durationSeconds } : {}),
    finished: position.finished,
    deviceTime: position.deviceTime,
  };
  await sendOrQueue({ ...base, ...listeningWrite(episode.id, body), kind: 'listening', targetId: episode.id, replaceKey: episode.id, title: episode.title });
}
