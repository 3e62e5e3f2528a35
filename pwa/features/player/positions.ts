import type { LocalListening } from '../../offline/db';
import { currentUserId, ownerId } from '../../session/session';
import type { KnownPosition, PlayerEpisode } from './logic';
import { sendListening } from './mutations';

/*
 * Listening positions on this device (IndexedDB, the read cache's `listening` table) and, for a
 * signed-in member, on the server through the outbox. Loaded on first use by player.ts.
 */

const loadDb = () => import('../../offline/db').then((m) => m.db);

/** This device's positions for whoever is here now (a visitor's and the signed-in member's). */
export async function readPositions(): Promise<Record<string, KnownPosition>> {
  const db = await loadDb();
  const owner = ownerId();
  const rows = await db.listening.filter((row) => row.owner === owner || row.owner === '').toArray();
  return Object.fromEntries(rows.map((row) => [row.episodeId, toKnown(row)]));
}

const toKnown = ({ positionSeconds, durationSeconds, finished, deviceTime }: LocalListening): KnownPosition => ({
  positionSeconds,
  durationSeconds,
  finished,
  deviceTime,
});

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
