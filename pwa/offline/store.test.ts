// The store's rules on an in-memory IndexedDB (fake-indexeddb): what is kept, what offline answers,
// the bound and who the data belongs to. The browser specs (pwa/e2e/offline/) cover the screens.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import type { User } from '../../contracts/auth';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Article } from '../../contracts/news';
import { fetchPodcast } from '../api/podcasts';
import { ApiError } from '../lib/errors';
import { OfflineError } from '../lib/errors';
import { db } from './db';
import { storedAt } from './status';
import { connectSession, signedIn, signedOut } from '../session/session';
import { clearUserData, isSaved, keepOnDevice, listSaved, MAX_STORED_RESPONSES, readThrough, saveArticle } from './store';

connectSession(new QueryClient());
const signedInAs = (id: string | null) => (id === null ? signedOut() : signedIn({ id } as User));

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
const stored = (path: string) => db.responses.get(path);
const article = (id: string) => ({ id, title: `Article ${id}`, excerpt: null, imageUrl: null, publishedAt: null, createdAt: '2026-01-01T00:00:00.000Z' }) as unknown as Article;

/** Reads `path` online (answer `data`) and waits until the store has written it. */
async function readOnline(path: string, data: unknown): Promise<void> {
  await readThrough(path, async () => data);
  await vi.waitFor(async () => expect((await stored(path))?.data).toEqual(data));
}

beforeAll(() => signedInAs(null));
beforeEach(async () => {
  await db.responses.clear();
  await db.saved.clear();
  await db.downloads.clear();
});

describe('offline store', () => {
  it('keeps each answer and gives it back, marked with its fetch time, when the network fails', async () => {
    const before = Date.now();
    await readOnline('/api/news?limit=50', [{ id: 'a' }]);
    const offline = await readThrough('/api/news?limit=50', noNetwork);
    expect(offline).toEqual([{ id: 'a' }]);
    expect(storedAt(offline)).toBeGreaterThanOrEqual(before);
    // A fresh answer is not marked.
    expect(storedAt(await readThrough('/api/news?limit=50', async () => [{ id: 'a' }]))).toBeUndefined();
  });

  it('a paged list counts as from the store when any of its pages is, as of the oldest', async () => {
    await readOnline('/api/news?limit=12', { items: [{ id: 'a' }], nextCursor: 'c1' });
    const first = await readThrough('/api/news?limit=12', noNetwork);
    expect(first).toEqual({ items: [{ id: 'a' }], nextCursor: 'c1' });
    const fresh = { items: [{ id: 'b' }], nextCursor: null };
    expect(storedAt({ pages: [first, fresh], pageParams: [null, 'c1'] })).toBe(storedAt(first));
    expect(storedAt({ pages: [fresh], pageParams: [null] })).toBeUndefined();
  });

  it('throws OfflineError when nothing was kept for the path, and passes other errors through', async () => {
    await expect(readThrough('/api/news/never-seen', noNetwork)).rejects.toBeInstanceOf(OfflineError);
    await readOnline('/api/podcasts?limit=50', [{ id: 'p' }]);
    const serverError = new ApiError(500, '500: boom', undefined);
    await expect(readThrough('/api/podcasts?limit=50', () => Promise.reject(serverError))).rejects.toBe(serverError);
    expect(await stored('/api/podcasts?limit=50')).toBeDefined();
  });

  it('offline, a path that is never kept (admin lists) fails as OfflineError too; a server error stays itself', async () => {
    await expect(readThrough('/api/admin/users', noNetwork)).rejects.toBeInstanceOf(OfflineError);
    const serverError = new ApiError(500, '500: boom', undefined);
    await expect(readThrough('/api/admin/users', () => Promise.reject(serverError))).rejects.toBe(serverError);
  });

  it('forgets a path the server answers 404 for', async () => {
    await readOnline('/api/news/gone', { id: 'gone' });
    await expect(readThrough('/api/news/gone', () => Promise.reject(new ApiError(404, '404: Not found', undefined)))).rejects.toThrow('404');
    await vi.waitFor(async () => expect(await stored('/api/news/gone')).toBeUndefined());
  });

  it('never keeps admin or user-management answers', async () => {
    await readThrough('/api/admin/users', async () => [{ id: 'u' }]);
    await readOnline('/api/site', { siteName: 'x' }); // written after the admin read would have been
    expect(await stored('/api/admin/users')).toBeUndefined();
  });

  it(`keeps at most ${MAX_STORED_RESPONSES} answers, dropping the oldest that no saved article needs`, async () => {
    await saveArticle(article('kept'), [{ id: 'c' }]);
    // The saved article's answers are the oldest of all, then MAX other answers, oldest first.
    await db.responses.where('path').startsWith('/api/news/kept').modify({ savedAt: 1 });
    await db.responses.bulkPut(
      Array.from({ length: MAX_STORED_RESPONSES }, (_, i) => ({ path: `/api/old/${i}`, data: i, savedAt: 10 + i, owner: '' })),
    );
    await readOnline('/api/news?limit=50', [{ id: 'new' }]);
    // MAX unpinned (MAX - 1 old ones and the new one) plus the saved article's two.
    await vi.waitFor(async () => expect(await db.responses.count()).toBe(MAX_STORED_RESPONSES + 2));
    expect(await stored('/api/old/0')).toBeUndefined();
    expect(await stored('/api/old/1')).toBeDefined();
    expect((await stored('/api/news/kept'))?.data).toMatchObject({ id: 'kept' });
    expect((await stored('/api/news/kept/comments'))?.data).toEqual([{ id: 'c' }]);
  });

  it("a download fetches and writes the episode's own answer (chapters, transcript) and keeps it past the bound while the download lasts", async () => {
    const episode = { id: 'ep-1', status: 'published', chapters: [{ start: 0, title: 'Opening' }], transcript: [{ start: 0, end: 4, text: 'Welcome.' }] };
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => (asked.push(path), new Response(JSON.stringify(episode), { status: 200 })));
    try {
      await keepOnDevice(() => fetchPodcast('ep-1'));
    } finally {
      vi.unstubAllGlobals();
    }
    // Written before the call settles: the download's row follows it, and the browser may close.
    expect(asked).toEqual(['/api/podcasts/ep-1']);
    expect((await stored('/api/podcasts/ep-1'))?.data).toEqual(episode);
    expect(await readThrough('/api/podcasts/ep-1', noNetwork)).toMatchObject({ transcript: episode.transcript });

    await db.downloads.put({ episodeId: 'ep-1', title: 'Episode', show: null, imageUrl: null, audioUrl: '/objects/ep-1', bytes: 1, downloadedAt: 1, owner: '' });
    await db.responses.update('/api/podcasts/ep-1', { savedAt: 1 });
    await db.responses.bulkPut(Array.from({ length: MAX_STORED_RESPONSES }, (_, i) => ({ path: `/api/old/${i}`, data: i, savedAt: 10 + i, owner: '' })));
    await readOnline('/api/news?limit=50', [{ id: 'new' }]);
    await vi.waitFor(async () => expect(await db.responses.count()).toBe(MAX_STORED_RESPONSES + 1));
    expect(await stored('/api/old/0')).toBeUndefined();
    expect(await stored('/api/podcasts/ep-1')).toBeDefined();

    // Without the download it is an answer like any other: the next write past the bound drops it.
    await db.downloads.delete('ep-1');
    await readOnline('/api/news?limit=12', [{ id: 'newer' }]);
    await vi.waitFor(async () => expect(await stored('/api/podcasts/ep-1')).toBeUndefined());
  });

  it('a download whose episode cannot be fetched is still a download: keeping its page never rejects', async () => {
    vi.stubGlobal('fetch', noNetwork);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(keepOnDevice(() => fetchPodcast('ep-2'))).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
      warn.mockRestore();
    }
    expect(await stored('/api/podcasts/ep-2')).toBeUndefined();
  });

  it("sign-out removes what was fetched or saved while signed in, and keeps a visitor's", async () => {
    await readOnline('/api/news?limit=50', [{ id: 'public' }]);
    await saveArticle(article('visitor-saved'), undefined);

    await signedInAs('user-1');
    await readOnline('/api/news?limit=50&archivedOnly=true', [{ id: 'draft' }]);
    await saveArticle(article('user-saved'), undefined);
    expect((await stored('/api/news?limit=50&archivedOnly=true'))?.owner).toBe('user-1');
    expect(await isSaved('user-saved')).toBe(true);

    await signedInAs(null);
    expect(await stored('/api/news?limit=50&archivedOnly=true')).toBeUndefined();
    expect(await stored('/api/news?limit=50')).toBeDefined();
    expect((await listSaved()).map((row) => row.id)).toEqual(['visitor-saved']);
  });

  it('an answer asked for while signed in and arriving after the sign-out is not kept', async () => {
    await signedInAs('user-1');
    let answer!: (data: unknown) => void;
    const reading = readThrough('/api/news/late', () => new Promise((resolve) => (answer = resolve)));
    await signedInAs(null);
    answer({ id: 'late', likedByMe: true });
    await reading;
    await readOnline('/api/site', { siteName: 'x' }); // written after the late answer would have been
    expect(await stored('/api/news/late')).toBeUndefined();
  });

  it("another account signing in removes the previous member's data and keeps the new one's", async () => {
    await signedInAs('user-1');
    await saveArticle(article('first-saved'), undefined);
    await signedInAs('user-2');
    await saveArticle(article('second-saved'), undefined);
    expect((await listSaved()).map((row) => row.id)).toEqual(['second-saved']);
    // The same member signing in again keeps what they saved.
    await signedInAs('user-2');
    expect((await listSaved()).map((row) => row.id)).toEqual(['second-saved']);
    await signedInAs(null);
  });

  it('never keeps who is signed in: the session module answers that', async () => {
    await readThrough('/api/auth/session', async () => ({ user: null }));
    await readOnline('/api/site', { siteName: 'x' });
    expect(await stored('/api/auth/session')).toBeUndefined();
  });

  it('clearUserData leaves a store without signed-in data untouched', async () => {
    await readOnline('/api/forum/categories', [{ id: 'f' }]);
    await clearUserData();
    expect(await stored('/api/forum/categories')).toBeDefined();
  });
});
