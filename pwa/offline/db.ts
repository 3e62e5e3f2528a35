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
  /** The picture's addresses kept in the saved-images cache (absent on rows saved before issue 18: `imageUrl` alone). */
  imageUrls?: string[];
  publishedAt: string | null;
  savedAt: number;
  owner: string;
  /** What the copy takes on this device (texts and pictures), for Saved's storage line (issue 22; absent before). */
  bytes?: number;
}

/**
 * The read cache ('ledger-cache'), separate from the outbox's database. Only pwa/offline/store.ts opens
 * it, through a dynamic import, so Dexie is not part of the first page's JavaScript. A schema change
 * adds a version here; Dexie upgrades existing databases in place.
 */
export const db = new Dexie('ledger-cache') as Dexie & {
  responses: EntityTable<StoredResponse, 'path'>;
  saved: EntityTable<SavedArticle, 'id'>;
};

db.version(1).stores({
  responses: 'path, savedAt, owner',
  saved: 'id, savedAt, owner',
});
