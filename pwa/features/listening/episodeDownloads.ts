import type { Podcast } from '../../../contracts/podcasts';
import { fetchEpisodeAudio } from '../../api/episode-audio';
import { fetchPodcast } from '../../api/podcasts';
import { OfflineError } from '../../lib/errors';
import { db, type EpisodeDownload } from '../../offline/db';
import { keepOnDevice } from '../../offline/store';
import { downloadBytesOf, libraryBytes, planRoom, storageBudget } from '../../offline/storageBudget';
import { EPISODE_CACHE } from '../../sw/cacheNames';

/*
 * Episodes downloaded for offline listening (docs/decisions/2026-11-28-episode-downloads.md). The
 * file is streamed from the network straight into the service worker's episode cache, counted as it
 * passes for the progress bar and never read whole into page memory; the worker answers the player's
 * range requests from that cache. A Dexie row ('downloads') says what the library shows of it.
 * Loaded on first use (it brings Dexie), from downloadQueries.ts and useEpisodeDownload.ts.
 */

/** What a download needs of an episode. */
export type DownloadableEpisode = Pick<Podcast, 'id' | 'title' | 'imageUrl' | 'audioUrl' | 'audioBytes' | 'audioType'> & {
  show: { name: string } | null;
  duration?: number | null;
};

export type DownloadFailure = 'offline' | 'cancelled' | 'failed' | 'no-room' | 'no-audio';

const MESSAGES: Record<DownloadFailure, string> = {
  offline: 'The download stopped: the connection was lost. Nothing was kept; try again when you are online.',
  cancelled: 'Download cancelled.',
  failed: 'The episode could not be downloaded. Try again later.',
  'no-room': 'There is not enough room for this episode in the space kept for reading and listening on this device.',
  'no-audio': 'This episode has no audio file to download.',
};

export class DownloadError extends Error {
  override readonly name = 'DownloadError';

  constructor(readonly reason: DownloadFailure) {
    super(MESSAGES[reason]);
  }
}

/**
 * `body` passed on chunk by chunk, `onBytes` told the running total as each chunk goes through: the
 * bytes are counted, never gathered.
 */
export function countingStream(body: ReadableStream<Uint8Array>, onBytes: (received: number) => void): ReadableStream<Uint8Array> {
  let received = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        onBytes(received);
        controller.enqueue(chunk);
      },
    }),
  );
}

/** Every download on this device, newest first. */
export async function listDownloads(): Promise<EpisodeDownload[]> {
  return db.downloads.orderBy('downloadedAt').reverse().toArray();
}

export async function getDownload(episodeId: string): Promise<EpisodeDownload | null> {
  return (await db.downloads.get(episodeId)) ?? null;
}

/** 'Remove download': the file and its row. */
export async function removeDownload(episodeId: string): Promise<void> {
  const row = await db.downloads.get(episodeId);
  if (!row) return;
  await (await caches.open(EPISODE_CACHE)).delete(row.audioUrl);
  await db.downloads.delete(episodeId);
}

/** What the library takes now (saved articles and downloads) and the budget. */
export async function libraryUsage(): Promise<{ used: number; budget: number }> {
  const [articles, downloads, budget] = await Promise.all([db.saved.toArray(), db.downloads.toArray(), storageBudget()]);
  return { used: libraryBytes(articles, downloads), budget };
}

/** Whether a download of `needed` bytes fits, and which finished episodes' downloads would make room. */
export async function roomFor(needed: number, finished: ReadonlySet<string>) {
  const [{ used, budget }, downloads] = await Promise.all([libraryUsage(), db.downloads.toArray()]);
  return { ...planRoom({ needed, used, budget }, downloads, finished), used, budget };
}

export interface DownloadOptions {
  /** Whose download it is ('' for a visitor). */
  owner: string;
  /** Asked before the row is written: false (signed out meanwhile) keeps nothing. */
  isOwner?: () => boolean;
  signal?: AbortSignal;
  onProgress?: (received: number, total: number | null) => void;
  /** Episodes the member finished: their downloads are removed first when room runs short. */
  finished?: ReadonlySet<string>;
  /** The member agreed to go over the budget (asked after 'no-room'). */
  overBudget?: boolean;
}

/**
 * Downloads `episode` into the episode cache. Rejects with a DownloadError; a partial file is never
 * left behind.
 */
export async function downloadEpisode(episode: DownloadableEpisode, options: DownloadOptions): Promise<EpisodeDownload> {
  const { owner, isOwner = () => true, signal, onProgress, finished = new Set(), overBudget = false } = options;
  const audioUrl = episode.audioUrl;
  if (!audioUrl) throw new DownloadError('no-audio');

  const first = (await db.downloads.count()) === 0;
  const room = await roomFor(episode.audioBytes ?? 0, finished);
  if (!room.fits && !overBudget) throw new DownloadError('no-room');
  for (const id of room.evict) await removeDownload(id);
  // A library the browser may not clear under storage pressure; asked once, on the first download.
  if (first) await globalThis.navigator?.storage?.persist?.().catch(() => false);

  const cache = await caches.open(EPISODE_CACHE);
  let received = 0;
  try {
    const response = await fetchEpisodeAudio(audioUrl, signal);
    const length = Number(response.headers.get('content-length')) || episode.audioBytes || null;
    const type = response.headers.get('content-type') ?? episode.audioType ?? 'audio/mpeg';
    const body = countingStream(response.body!, (bytes) => {
      received = bytes;
      onProgress?.(bytes, length);
    });
    const headers: Record<string, string> = { 'content-type': type };
    if (length) headers['content-length'] = String(length);
    // The cache reads the stream to its end as it stores it: the page holds one chunk at a time.
    await cache.put(audioUrl, new Response(body, { status: 200, headers }));
    if (length && received !== length) throw new DownloadError('failed');
    if (!isOwner()) {
      await cache.delete(audioUrl);
      throw new DownloadError('cancelled');
    }
    // The page goes with the audio: its chapters and transcript offline, however the download began.
    await keepOnDevice(() => fetchPodcast(episode.id));
    const row: EpisodeDownload = {
      episodeId: episode.id,
      title: episode.title,
      show: episode.show?.name ?? null,
      imageUrl: episode.imageUrl,
      audioUrl,
      bytes: received,
      duration: episode.duration ?? null,
      downloadedAt: Date.now(),
      owner,
    };
    await db.downloads.put(row);
    return row;
  } catch (error) {
    await cache.delete(audioUrl).catch(() => false);
    throw asDownloadError(error, signal);
  }
}

function asDownloadError(error: unknown, signal: AbortSignal | undefined): DownloadError {
  if (error instanceof DownloadError) return error;
  if (signal?.aborted) return new DownloadError('cancelled');
  // No answer, or the stream broke off (a TypeError from fetch's body): the connection went.
  if (error instanceof OfflineError || error instanceof TypeError || globalThis.navigator?.onLine === false) return new DownloadError('offline');
  return new DownloadError('failed');
}

/** What the member's downloads take (for a batch's question). */
export const totalBytes = (episodes: Pick<DownloadableEpisode, 'audioBytes'>[]) =>
  downloadBytesOf(episodes.map((e) => ({ bytes: e.audioBytes ?? 0 })));
