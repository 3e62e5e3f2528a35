import type { Article } from '../../contracts/news';
import { articleCover } from '../../contracts/covers';
import { articleCommentsPath, articlePath } from '../api/paths';
import { coverSources, keptImageUrls } from '../components/coverSources';
import { SAVED_IMAGE_CACHE } from '../sw/cacheNames';
import { db, type SavedArticle } from './db';

/*
 * Saved articles on this device: their rows and texts in IndexedDB ('ledger-cache') and their
 * pictures in the saved-images cache. Free of the session module, React and localStorage, so the same
 * code saves an article in the page ('Save for offline', the reading list's download) and in the
 * service worker (the reading list's background download): whose copy it is comes in as an
 * argument. The page loads it through pwa/offline/store.ts, with Dexie, on first use.
 */

export async function listSavedCopies(): Promise<SavedArticle[]> {
  return db.saved.orderBy('savedAt').reverse().toArray();
}

export async function hasSavedCopy(id: string): Promise<boolean> {
  return (await db.saved.get(id)) !== undefined;
}

/** Whose copy it is, and (for a download that may outlive a sign-out) whether it still is. */
export interface CopyOwner {
  /** The member's id, '' for a visitor. */
  owner: string;
  /**
   * Asked inside the write's transaction: false (signed out, another account) writes nothing. A
   * sign-out removes the member's rows in a transaction over the same tables, so a copy is either
   * written before it (and removed by it) or not at all. May read `db.background` (in the scope).
   */
  isOwner?: () => boolean | Promise<boolean>;
}

/**
 * Keeps an article (and its comments, when loaded) until it is removed, and puts its picture in the
 * saved-images cache, which the service worker answers from before the network: every size the
 * article page's srcset offers (its upload's sizes, or its generated cover's), since which one the
 * browser picks depends on the screen. False when `isOwner` said no.
 */
export async function saveCopy(article: Article, comments: unknown, { owner, isOwner }: CopyOwner): Promise<boolean> {
  const textBytes = jsonBytes(article) + (comments === undefined ? 0 : jsonBytes(comments));
  const now = Date.now();
  const imageUrls = typeof location === 'undefined' ? [] : keptImageUrls(coverSources(article.imageUrl, articleCover(article)), location.origin);
  const written = await db.transaction('rw', db.responses, db.saved, db.background, async () => {
    if (isOwner && !(await isOwner())) return false;
    await db.responses.put({ path: articlePath(article.id), data: article, savedAt: now, owner });
    if (comments !== undefined) await db.responses.put({ path: articleCommentsPath(article.id), data: comments, savedAt: now, owner });
    await db.saved.put({
      id: article.id,
      title: article.title,
      excerpt: article.excerpt,
      imageUrl: article.imageUrl,
      imageUrls,
      publishedAt: article.publishedAt ?? article.createdAt,
      savedAt: now,
      owner,
    });
    return true;
  });
  if (!written) return false;
  const imageBytes = await Promise.all(imageUrls.map(keepImage));
  const stillSaved = await db.saved.update(article.id, { bytes: textBytes + imageBytes.reduce((a, b) => a + b, 0) });
  // Removed (or signed out) while its pictures were downloading: they must not outlive it.
  if (!stillSaved) await dropImagesNoLongerSaved(imageUrls);
  // Asks the browser not to evict this origin's storage under pressure (it may say no). Only a page
  // can ask: a worker's StorageManager has no persist().
  const storage = globalThis.navigator?.storage as { persist?: () => Promise<boolean> } | undefined;
  void storage?.persist?.().catch(() => false);
  return true;
}

/** Keeps one more answer beside the copies (the reading list itself), under the same owner check. */
export async function keepAnswer(path: string, data: unknown, { owner, isOwner }: CopyOwner): Promise<void> {
  await db.transaction('rw', db.responses, db.background, async () => {
    if (isOwner && !(await isOwner())) return;
    await db.responses.put({ path, data, savedAt: Date.now(), owner });
  });
}

export async function removeCopy(id: string): Promise<void> {
  const row = await db.saved.get(id);
  await db.saved.delete(id);
  if (row) await dropImagesNoLongerSaved(imagesOf(row));
}

/**
 * Same-origin images only (uploads live under /objects/): the service worker answers images of this
 * origin alone, so an image from elsewhere shows the placeholder offline.
 */
async function keepImage(url: string): Promise<number> {
  if (typeof caches === 'undefined' || new URL(url, location.href).origin !== location.origin) return 0;
  try {
    const response = await fetch(url);
    if (!response.ok) return 0;
    const bytes = (await response.clone().blob()).size;
    await (await caches.open(SAVED_IMAGE_CACHE)).put(url, response);
    return bytes;
  } catch (error) {
    console.warn('Saved image', error); // the article is saved; offline it shows the placeholder image
    return 0;
  }
}

/** About what a JSON answer takes in IndexedDB (UTF-16 text would be twice; this is the estimate shown). */
const jsonBytes = (value: unknown) => new Blob([JSON.stringify(value) ?? '']).size;

/** The addresses a saved row keeps in the saved-images cache. */
export const imagesOf = (row: SavedArticle): string[] => row.imageUrls ?? (row.imageUrl ? [row.imageUrl] : []);

/** Removes from the saved-images cache those of `urls` that no saved row names any more. */
export async function dropImagesNoLongerSaved(urls: string[]): Promise<void> {
  if (typeof caches === 'undefined' || urls.length === 0) return;
  const stillUsed = new Set((await db.saved.toArray()).flatMap(imagesOf));
  const cache = await caches.open(SAVED_IMAGE_CACHE);
  await Promise.all(urls.filter((url) => !stillUsed.has(url)).map((url) => cache.delete(url)));
}
