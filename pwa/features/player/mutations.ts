import { listeningWrite } from '../../api/listening';
import { newItemBase, sendOrQueue } from '../../outbox/outbox';
import { currentUserId } from '../../session/session';
import type { KnownPosition, PlayerEpisode } from './logic';

/**
 * Sends a member's position in an episode, now or queued (kind 'listening'). Only the newest
 * position matters: one still queued for the same episode is replaced, so a long offline listen
 * leaves one write, not one every few seconds. The server keeps the change with the latest device
 * time, whatever order writes arrive in.
 */
export async function sendListening(episode: PlayerEpisode, position: KnownPosition): Promise<void> {
  const userId = currentUserId();
  if (!userId) return;
  await dropQueued(userId, episode.id);
  const base = { ...newItemBase(), writtenAt: position.deviceTime };
  const body = {
    positionSeconds: position.positionSeconds,
    ...(position.durationSeconds != null && position.durationSeconds > 0 ? { durationSeconds: position.durationSeconds } : {}),
    finished: position.finished,
    deviceTime: position.deviceTime,
  };
  await sendOrQueue({ ...base, ...listeningWrite(episode.id, body), kind: 'listening', targetId: episode.id, title: episode.title });
}

/** Removes this member's queued (not refused) positions for the episode. */
async function dropQueued(userId: string, episodeId: string): Promise<void> {
  const { outboxDb } = await import('../../outbox/db');
  await outboxDb.items
    .where('userId')
    .equals(userId)
    .filter((item) => item.kind === 'listening' && item.targetId === episodeId && item.state === 'pending')
    .delete();
}
