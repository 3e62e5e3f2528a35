import { currentUserId, ownerId } from '../../session/session';
import type { KnownPosition, PlayerEpisode } from './logic';
import { sendListening } from './mutations';

/*
 * Listening positions on this device (IndexedDB, the read cache's `listening` table) and, for a
 * signed-in member, on the server through the outbox. Loaded with the first save by player.ts
 * (which reads the table itself).
 */

const loadDb = () => import('../../offline/db').then((m) => m.db);

/** Keeps the position here; `toServer` also sends a member's (queued when offline). */
export async function savePosition(episode: PlayerEpisode, position: KnownPosition, toServer: boolean): Promise<void> {
  const db = await loadDb();
  await db.listening.put({ episodeId: episode.id, ...position, updatedAt: Date.parse(position.deviceTime), owner: ownerId() });
  if (toServer && currentUserId()) await sendListening(episode, position);
}

/** A member leaves the device: their positions go (a visitor's stay, like the read cache's). */
export async function clearPositions(keep?: string): Promise<void> {
  const db = await loadDb();
  await db.listening.filter((row) => row.owner !== '' && row.owner !== keep).delete();
}
