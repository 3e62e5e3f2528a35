// The reading list's sync on an in-memory IndexedDB (fake-indexeddb) with a fake server:
// what a device keeps of the member's list, what it drops, and the storage budget.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeWindow } from '../../lib/fake-window.testkit';
import type { User } from '../../../contracts/auth';
import type { ReadingListItem } from '../../../contracts/reading-list';

const device = { onLine: true, storage: { estimate: async () => ({ quota: 20_000 }) } };
fakeWindow({ navigator: device });

/** The server: the member's list, and each article (its text sized to take about `size` bytes). */
let list: ReadingListItem[] = [];
const downloaded: string[] = [];
globalThis.fetch = (async (input: RequestInfo | URL) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  if (path === '/api/reading-list') return json(list);
  const [, id, comments] = /^\/api\/news\/([^/]+)(\/comments)?$/.exec(path)!;
  if (comments) return json([]);
  downloaded.push(id);
  return json({ id, title: `Article ${id}`, excerpt: null, imageUrl: null, publishedAt: null, createdAt: '2026-01-01T00:00:00.000Z', content: 'x'.repeat(4_000) });
}) as typeof fetch;

const session = await import('../../session/session');
const { db } = await import('../../offline/db');
const { syncReadingList } = await import('./readingListSync');
const { READING_LIST_BUDGET_BYTES } = await import('../../offline/storageBudget');
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
session.connectSession(queryClient);
await session.signedIn({ id: 'm1' } as User);

const item = (articleId: string, o: Partial<ReadingListItem> = {}): ReadingListItem => ({
  articleId, title: `Article ${articleId}`, gone: false, excerpt: null, imageUrl: null, publishedAt: null, readingMinutes: 1,
  savedAt: '2026-01-01T00:00:00.000Z', position: 0, finished: false, ...o,
});
const copy = (id: string, owner: string, bytes: number, savedAt: number) =>
  db.saved.put({ id, title: `Article ${id}`, excerpt: null, imageUrl: null, publishedAt: null, savedAt, owner, bytes });
const onDevice = async () => (await db.saved.toCollection().primaryKeys()).sort();

beforeEach(async () => {
  await db.saved.clear();
  await db.responses.clear();
  downloaded.length = 0;
});

describe('reading list sync', () => {
  it('downloads what the list holds, drops what was removed elsewhere or has gone, keeps a visitor save', async () => {
    await copy('removed', 'm1', 100, 1);
    await copy('gone', 'm1', 100, 1);
    await copy('visitor', '', 100, 1);
    list = [item('new'), item('gone', { gone: true })];
    await syncReadingList(queryClient);
    expect(await onDevice()).toEqual(['new', 'visitor']);
    expect((await db.saved.get('new'))?.bytes).toBeGreaterThan(4_000);
  });

  it('within the budget: finished copies go first, oldest saved first, to make room for unfinished ones', async () => {
    // Half the quota (10,000 bytes) is under the constant: that is the budget.
    expect(READING_LIST_BUDGET_BYTES).toBeGreaterThan(10_000);
    await copy('old-finished', 'm1', 6_000, 1);
    await copy('new-finished', 'm1', 6_000, 2);
    list = [item('unread'), item('new-finished', { finished: true }), item('old-finished', { finished: true }), item('also-finished', { finished: true })];
    await syncReadingList(queryClient);
    // 12,000 bytes held: the oldest finished copy made room for the unread article; the finished
    // ones not on the device (the one just dropped included) are not downloaded over the budget.
    expect(await onDevice()).toEqual(['new-finished', 'unread']);
    expect(downloaded).toEqual(['unread']);
  });
});
