// The reading list's background download as the service worker runs it
// (pwa/sw/backgroundDownload.ts): the shared download code with the worker's fetch, on an in-memory
// IndexedDB (fake-indexeddb), without the session module, the query client or localStorage, which a
// worker does not have. Whom it downloads for is the record the page wrote when it registered the sync.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReadingListItem } from '../../../contracts/reading-list';

Object.defineProperty(globalThis, 'navigator', { value: { onLine: true }, configurable: true });
/** What the worker posted to the open pages. */
const posted: unknown[] = [];
Object.assign(globalThis, { self: { clients: { matchAll: async () => [{ postMessage: (m: unknown) => posted.push(m) }] } } });

/** The server: the member's list, each article, and whether the session cookie is still good. */
let list: ReadingListItem[] = [];
let sessionEnded = false;
const asked: string[] = [];
/** Runs once when an article is asked for (a sign-out in the page while the worker downloads). */
let onArticle: ((id: string) => Promise<void>) | undefined;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const path = String(input);
  asked.push(path);
  expect(init?.credentials).toBe('same-origin');
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  if (sessionEnded) return json({ message: 'Authentication required', code: 'UNAUTHENTICATED' }, 401);
  if (path === '/api/reading-list') return json(list);
  const [, id, comments] = /^\/api\/news\/([^/]+)(\/comments)?$/.exec(path)!;
  if (comments) return json([{ id: `c-${id}` }]);
  await onArticle?.(id);
  return json({ id, title: `Article ${id}`, excerpt: null, imageUrl: null, publishedAt: null, createdAt: '2026-01-01T00:00:00.000Z', content: 'Text' });
}) as typeof fetch;

const { db } = await import('../../offline/db');
const { outboxDb } = await import('../../outbox/db');
const { setBackgroundMember } = await import('./readingListDownload');
const { downloadInBackground } = await import('../../sw/backgroundDownload');

const item = (articleId: string, o: Partial<ReadingListItem> = {}): ReadingListItem => ({
  articleId, title: `Article ${articleId}`, gone: false, excerpt: null, imageUrl: null, publishedAt: null, readingMinutes: 1,
  savedAt: '2026-01-01T00:00:00.000Z', position: 0, finished: false, ...o,
});
const copies = async () => (await db.saved.toArray()).map((row) => `${row.id}:${row.owner}`).sort();

beforeEach(async () => {
  await Promise.all([db.saved.clear(), db.responses.clear(), db.background.clear(), outboxDb.items.clear()]);
  list = [];
  sessionEnded = false;
  asked.length = 0;
  posted.length = 0;
  onArticle = undefined;
});

describe('the background download (service worker)', () => {
  it('downloads the recorded member\'s list into the same store Save for offline uses, and tells the open pages', async () => {
    await setBackgroundMember('m1');
    await db.saved.put({ id: 'removed', title: 'Removed', excerpt: null, imageUrl: null, publishedAt: null, savedAt: 1, owner: 'm1' });
    await outboxDb.items.add({ id: 'q1', userId: 'm1', kind: 'listRemove', method: 'DELETE', path: '/api/reading-list/queued', targetId: 'queued', writtenAt: '2026-01-01T00:00:00.000Z', state: 'pending' });
    list = [item('a'), item('queued'), item('b')];
    await downloadInBackground();
    // 'removed' left the list elsewhere; 'queued' is being removed here (the outbox): neither is kept.
    expect(await copies()).toEqual(['a:m1', 'b:m1']);
    expect((await db.responses.get('/api/news/a'))?.data).toMatchObject({ id: 'a', title: 'Article a' });
    expect((await db.responses.get('/api/news/a/comments'))?.data).toEqual([{ id: 'c-a' }]);
    // Offline, Saved shows the list as the worker last read it.
    expect((await db.responses.get('/api/reading-list'))).toMatchObject({ owner: 'm1', data: list });
    expect(posted).toEqual([{ type: 'READING_LIST_SYNCED', downloaded: ['a', 'b'], dropped: ['removed'] }]);
  });

  it('does nothing when no member is recorded (signed out, or never registered)', async () => {
    list = [item('a')];
    await downloadInBackground();
    expect(asked).toEqual([]);
    expect(await copies()).toEqual([]);
    expect(posted).toEqual([]);
  });

  it('changes nothing when the session has ended on the server', async () => {
    await setBackgroundMember('m1');
    await db.saved.put({ id: 'kept', title: 'Kept', excerpt: null, imageUrl: null, publishedAt: null, savedAt: 1, owner: 'm1' });
    sessionEnded = true;
    await expect(downloadInBackground()).rejects.toThrow('401 from /api/reading-list');
    expect(await copies()).toEqual(['kept:m1']);
  });

  it('writes nothing for a member who signed out while it was downloading', async () => {
    await setBackgroundMember('m1');
    list = [item('a'), item('b')];
    // The page signs the member out while 'a' is on its way: their data goes, the record with it.
    onArticle = async (id) => {
      if (id === 'a') await db.transaction('rw', db.responses, db.saved, db.background, () => Promise.all([db.saved.clear(), db.responses.clear(), db.background.clear()]));
    };
    await downloadInBackground();
    expect(await copies()).toEqual([]);
    expect(await db.responses.count()).toBe(0);
    expect(asked).not.toContain('/api/news/b');
  });
});
