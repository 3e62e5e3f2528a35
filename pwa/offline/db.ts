import Dexie, { type EntityTable } from 'dexie';

/** One GET answer as the app last saw it, keyed by its API path (with the query string). */
export interface StoredResponse {
  path: string;
  data: unknown;
  /** Epoch ms when it was fetched. */
  savedAt: number;
  /** The signed-in user's id when it was fetched, '' for an anonymous visitor: sign-out drops the user's rows. */
  owner: string;
}

/** An article the user chose to keep offline (its texts live in `responses`, pinned by this row). */
export interface SavedArticle {
  id: string;
  title: string;
  excerpt: string | null;
  imageUrl: string | null;
  /** The picture's addresses kept in the saved-images cache (absent on rows saved by older versions: `imageUrl` alone). */
  imageUrls?: string[];
  publishedAt: string | null;
  savedAt: number;
  owner: string;
  /** What the copy takes on this device (texts and pictures), for Saved's storage line (absent on rows saved by older versions). */
  bytes?: number;
}

/**
 * An episode downloaded for offline listening: its audio file lives in the service worker's episode
 * cache under `audioUrl`; this row is what the library shows of it without a network.
 */
export interface EpisodeDownload {
  episodeId: string;
  title: string;
  /** The show's name, null when the episode has none. */
  show: string | null;
  imageUrl: string | null;
  audioUrl: string;
  /** What the file takes on this device (bytes actually stored). */
  bytes: number;
  /** The episode's length in seconds as the server said (absent on downloads made before it was kept). */
  duration?: number | null;
  /** Epoch ms when the download completed. */
  downloadedAt: number;
  /** The member's id, '' for a visitor: sign-out drops the member's downloads. */
  owner: string;
}

/**
 * The member this device downloads the reading list for in the background: written by the
 * page when it registers Periodic Background Sync, removed at sign-out. The service worker has no
 * localStorage, where the session module keeps who is signed in, so it reads this instead.
 */
export interface BackgroundMember {
  /** The periodic sync's tag ('reading-list'). */
  tag: string;
  userId: string;
}

/** Where this device's listener is in an episode (pwa/features/listening/positions.ts). */
export interface LocalListening {
  episodeId: string;
  positionSeconds: number;
  durationSeconds: number | null;
  finished: boolean;
  /** ISO: when the change was made here (compared with the server's record: the later one wins). */
  deviceTime: string;
  /** Epoch ms of the same moment, for ordering. */
  updatedAt: number;
  /** The signed-in member's id, '' for a visitor: a member's rows leave with them. */
  owner: string;
}

/**
 * The read cache ('ledger-cache'), separate from the outbox's database. In the page it is opened
 * only through pwa/offline/store.ts's dynamic imports (of this module and of savedCopies.ts), so Dexie
 * is not part of the first page's JavaScript; the service worker opens it too, for the reading list's
 * background download (pwa/features/library/readingListDownload.ts).
 * A schema change adds a version here; Dexie upgrades existing databases in place.
 */
export const db = new Dexie('ledger-cache') as Dexie & {
  responses: EntityTable<StoredResponse, 'path'>;
  saved: EntityTable<SavedArticle, 'id'>;
  background: EntityTable<BackgroundMember, 'tag'>;
  listening: EntityTable<LocalListening, 'episodeId'>;
  downloads: EntityTable<EpisodeDownload, 'episodeId'>;
};

db.version(1).stores({
  responses: 'path, savedAt, owner',
  saved: 'id, savedAt, owner',
});
// Who the service worker downloads the reading list for.
db.version(2).stores({ background: 'tag' });
// Listening positions kept on this device.
db.version(3).stores({ listening: 'episodeId, updatedAt' });
// Episodes downloaded for offline listening (their files are in the episode cache).
db.version(4).stores({ downloads: 'episodeId, downloadedAt, owner' });
