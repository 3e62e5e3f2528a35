// Episode downloads on an in-memory IndexedDB (fake-indexeddb) with a fake Cache Storage and server:
// the stream counted as it passes into the cache, failures leaving nothing, the budget, sign-out.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../contracts/auth';
import { fakeWindow } from '../../lib/fake-window.testkit';

const persisted: number[] = [];
const device = {
  onLine: true,
  storage: { estimate: async () => ({ quota: 1_400_000 }), persist: async () => (persisted.push(Date.now()), true) },
};
fakeWindow({ navigator: device });

/**
 * A Cache Storage that reads a put response's stream chunk by chunk as Chromium's does, keeping the
 * byte count and the largest chunk it saw (never the whole body at once, like the browser's disk cache).
 */
const stored = new Map<string, { bytes: number; type: string | null }>();
let largestChunk = 0;
const cache = {
  async put(url: string, response: Response) {
    const reader = response.body!.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      largestChunk = Math.max(largestChunk, value.byteLength);
    }
    stored.set(url, { bytes, type: response.headers.get('content-type') });
  },
  async delete(url: string) {
    return stored.delete(url);
  },
  async match(url: string) {
    return stored.has(url) ? new Response('') : undefined;
  },
};
Object.assign(globalThis, { caches: { open: async () => cache } });

/** The server's file: `chunks` chunks of `size` bytes; `breakAfter` chunks, then the connection drops. */
let server = { chunks: 10, size: 1_000, breakAfter: Infinity, status: 200 };
const fetches: string[] = [];
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  fetches.push(String(input));
  const { chunks, size, breakAfter, status } = server;
  if (status !== 200) return new Response('{"message":"Not found"}', { status });
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (init?.signal?.aborted) return controller.error(new DOMException('Aborted', 'AbortError'));
      if (sent === breakAfter) {
        device.onLine = false;
        return controller.error(new TypeError('network error'));
      }
      if (sent === chunks) return controller.close();
      sent += 1;
      controller.enqueue(new Uint8Array(size).fill(sent));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'audio/mpeg', 'content-length': String(chunks * size) } });
}) as typeof fetch;

const session = await import('../../session/session');
const { db } = await import('../../offline/db');
const { clearUserData } = await import('../../offline/store');
const { countingStream, downloadEpisode, DownloadError, removeDownload } = await import('./episodeDownloads');

const episode = (id: string, audioBytes = 10_000) => ({
  id, title: `Episode ${id}`, show: { name: 'The Close' }, imageUrl: null, audioUrl: `/objects/${id}`, audioBytes, audioType: 'audio/mpeg',
});
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof DownloadError ? error.reason : error));

beforeEach(async () => {
  await db.downloads.clear();
  await db.saved.clear();
  stored.clear();
  fetches.length = 0;
  largestChunk = 0;
  persisted.length = 0;
  device.onLine = true;
  server = { chunks: 10, size: 1_000, breakAfter: Infinity, status: 200 };
});

describe('countingStream', () => {
  it('passes every chunk on unchanged and reports the running total as each passes', async () => {
    const totals: number[] = [];
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const n of [3, 5, 2]) controller.enqueue(new Uint8Array(n).fill(n));
        controller.close();
      },
    });
    const chunks: number[][] = [];
    const reader = countingStream(source, (total) => totals.push(total)).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push([...r.value]);
    expect(totals).toEqual([3, 8, 10]);
    expect(chunks).toEqual([[3, 3, 3], [5, 5, 5, 5, 5], [2, 2]]);
  });
});

describe('downloadEpisode', () => {
  it('streams the file into the episode cache with progress, writes its row, and asks for persistent storage once', async () => {
    const progress: Array<[number, number | null]> = [];
    const row = await downloadEpisode(episode('e1'), { owner: 'm1', onProgress: (received, total) => progress.push([received, total]) });
    expect(progress).toEqual(Array.from({ length: 10 }, (_, i) => [(i + 1) * 1_000, 10_000]));
    expect(stored.get('/objects/e1')).toEqual({ bytes: 10_000, type: 'audio/mpeg' });
    // The cache got the bytes as they came: one chunk at a time.
    expect(largestChunk).toBe(1_000);
    expect(row).toMatchObject({ episodeId: 'e1', title: 'Episode e1', show: 'The Close', audioUrl: '/objects/e1', bytes: 10_000, owner: 'm1' });
    expect(await db.downloads.get('e1')).toEqual(row);
    expect(persisted).toHaveLength(1);
    await downloadEpisode(episode('e2'), { owner: 'm1' });
    expect(persisted).toHaveLength(1);
  });

  it('offline mid-way: a clear "offline" failure and nothing kept; cancelled: nothing kept either', async () => {
    server.breakAfter = 4;
    expect(await failure(downloadEpisode(episode('e1'), { owner: 'm1' }))).toBe('offline');
    expect(new DownloadError('offline').message).toMatch(/connection was lost/);
    expect(stored.size).toBe(0);
    expect(await db.downloads.count()).toBe(0);

    device.onLine = true;
    server.breakAfter = Infinity;
    const controller = new AbortController();
    const cancelled = downloadEpisode(episode('e2'), {
      owner: 'm1',
      signal: controller.signal,
      onProgress: (received) => received >= 3_000 && controller.abort(),
    });
    expect(await failure(cancelled)).toBe('cancelled');
    expect(stored.size).toBe(0);
    expect(await db.downloads.count()).toBe(0);

    server.status = 404;
    expect(await failure(downloadEpisode(episode('e3'), { owner: 'm1' }))).toBe('failed');
    expect(await failure(downloadEpisode({ ...episode('e4'), audioUrl: null }, { owner: 'm1' }))).toBe('no-audio');
  });

  it('makes room by removing finished episodes first (oldest first), else asks: nothing removed until the member agrees', async () => {
    // The budget is half the 1,400,000-byte quota: 700,000 bytes.
    server = { chunks: 20, size: 10_000, breakAfter: Infinity, status: 200 };
    for (const id of ['finished-old', 'unfinished', 'finished-new']) await downloadEpisode(episode(id, 200_000), { owner: 'm1' });
    await db.downloads.update('finished-old', { downloadedAt: 1 });
    await db.downloads.update('unfinished', { downloadedAt: 2 });
    await db.downloads.update('finished-new', { downloadedAt: 3 });
    const finished = new Set(['finished-old', 'finished-new']);

    // 600,000 used + 200,000 is over: only the oldest finished must go.
    await downloadEpisode(episode('next', 200_000), { owner: 'm1', finished });
    expect((await db.downloads.toCollection().primaryKeys()).sort()).toEqual(['finished-new', 'next', 'unfinished']);
    expect(stored.has('/objects/finished-old')).toBe(false);

    // Nothing finished is left to remove: the member is asked, and nothing is removed meanwhile.
    expect(await failure(downloadEpisode(episode('big', 200_000), { owner: 'm1', finished: new Set() }))).toBe('no-room');
    expect(await db.downloads.count()).toBe(3);
    await downloadEpisode(episode('big', 200_000), { owner: 'm1', finished: new Set(), overBudget: true });
    expect(await db.downloads.count()).toBe(4);

    await removeDownload('big');
    expect(stored.has('/objects/big')).toBe(false);
    expect(await db.downloads.get('big')).toBeUndefined();
  });

  it('a download that finishes after its member signed out keeps nothing; a sign-out empties the member\'s downloads', async () => {
    expect(await failure(downloadEpisode(episode('late'), { owner: 'm1', isOwner: () => false }))).toBe('cancelled');
    expect(stored.size).toBe(0);

    await session.signedIn({ id: 'm1' } as User);
    await downloadEpisode(episode('mine'), { owner: 'm1' });
    await downloadEpisode(episode('visitor'), { owner: '' });
    await clearUserData();
    expect(await db.downloads.toCollection().primaryKeys()).toEqual(['visitor']);
    expect([...stored.keys()]).toEqual(['/objects/visitor']);
  });
});
