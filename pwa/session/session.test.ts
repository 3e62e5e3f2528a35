// The session module's rules: one record of who is signed in, which answers offline and
// which only a sign-in, a sign-out or a fresh server answer changes. A browser-like global (window,
// localStorage, fetch) and an in-memory IndexedDB (fake-indexeddb) stand in for the device.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeWindow } from '../lib/fake-window.testkit';
import type { User } from '../../contracts/auth';
import type { Article } from '../../contracts/news';

const storage = fakeWindow();

/** What GET /api/auth/session answers next: a user, nobody, or no answer at all (offline). */
let server: { user: User | null } | 'offline' = { user: null };
const serverFetch = (async () => {
  if (server === 'offline') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify(server), { headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;
globalThis.fetch = serverFetch;

const session = await import('./session');
const store = await import('../offline/store');
const { authQueries } = await import('./queries');

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
session.connectSession(queryClient);

const maya = { id: 'maya', firstName: 'Maya', lastName: 'Patel' } as User;
const elena = { id: 'elena', firstName: 'Elena', lastName: 'Marsh' } as User;
const article = (id: string) => ({ id, title: id, excerpt: null, imageUrl: null, publishedAt: null, createdAt: '2026-01-01T00:00:00.000Z' }) as unknown as Article;
const savedIds = async () => (await store.listSaved()).map((row) => row.id);
const askServer = () => queryClient.fetchQuery({ ...authQueries.user(), staleTime: 0 });

beforeEach(async () => {
  server = { user: null };
  await session.signedOut();
});

describe('who is signed in', () => {
  it('a member signed in by the app (no reload since) is still signed in offline, with what they saved', async () => {
    // The page was opened as a visitor: the server said nobody.
    expect(await askServer()).toBeNull();
    server = { user: maya };
    await session.signedIn(maya);
    await store.saveArticle(article('kept'), undefined);

    server = 'offline';
    expect(await askServer()).toEqual(maya);
    expect(session.currentUserId()).toBe('maya');
    expect(await savedIds()).toEqual(['kept']);
  });

  it('the record is what a reload answers offline: written at sign-in, in localStorage', async () => {
    await session.signedIn(maya);
    expect(JSON.parse(storage.get('ledger-session')!)).toEqual({ user: maya });
    await session.signedOut();
    expect(JSON.parse(storage.get('ledger-session')!)).toEqual({ user: null });
  });

  it('an answer that left before the sign-in cannot sign the member out when it arrives', async () => {
    let answer!: (response: Response) => void;
    globalThis.fetch = (() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
    const before = session.fetchSessionUser();
    globalThis.fetch = serverFetch;
    await session.signedIn(maya);
    await store.saveArticle(article('kept'), undefined);
    answer(new Response(JSON.stringify({ user: null }), { headers: { 'Content-Type': 'application/json' } }));
    await before;
    expect(session.currentUserId()).toBe('maya');
    expect(await savedIds()).toEqual(['kept']);
  });

  it("the server's fresh answer that the session ended removes the member's data", async () => {
    await session.signedIn(maya);
    await store.saveArticle(article('kept'), undefined);
    server = { user: null };
    expect(await askServer()).toBeNull();
    expect(session.currentUserId()).toBeNull();
    expect(await savedIds()).toEqual([]);
  });

  it("another account signing in removes the previous member's data; the same member keeps theirs", async () => {
    await session.signedIn(maya);
    await store.saveArticle(article('mayas'), undefined);
    await session.signedIn(maya);
    expect(await savedIds()).toEqual(['mayas']);
    await session.signedIn(elena);
    expect(await savedIds()).toEqual([]);
    expect(queryClient.getQueryData(authQueries.user().queryKey)).toEqual(elena);
  });

  it('offline, asking again and again who is signed in changes nothing and deletes nothing', async () => {
    await session.signedIn(maya);
    await store.saveArticle(article('kept'), undefined);
    server = 'offline';
    for (let i = 0; i < 3; i += 1) expect(await askServer()).toEqual(maya);
    expect(await savedIds()).toEqual(['kept']);
    // Back online, the server confirms the member: still nothing deleted.
    server = { user: maya };
    expect(await askServer()).toEqual(maya);
    expect(await savedIds()).toEqual(['kept']);
  });
});
