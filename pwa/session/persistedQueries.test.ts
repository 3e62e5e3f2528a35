// The persisted copy of the small queries (docs/offline.md "Persisted queries"): which
// queries it keeps, when it is thrown away (another build, too old, another user), that it is only a
// placeholder, and that it follows the session module. A browser-like global (window, localStorage,
// fetch) and an in-memory IndexedDB (fake-indexeddb) stand in for the device.
import 'fake-indexeddb/auto';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeWindow } from '../lib/fake-window.testkit';
import type { User } from '../../contracts/auth';

const storage = fakeWindow();

let sessionAnswer: { user: User | null } = { user: null };
globalThis.fetch = (async () =>
  new Response(JSON.stringify(sessionAnswer), { headers: { 'Content-Type': 'application/json' } })) as typeof fetch;

const session = await import('./session');
const { PERSISTED_QUERIES_KEY, PERSISTED_QUERIES_MAX_AGE_MS, persistQueries } = await import('./persistedQueries');
const { USER_QUERY_KEY } = await import('../api/keys');

const maya = { id: 'maya', firstName: 'Maya', lastName: 'Patel', role: 'subscriber' } as User;
const elena = { id: 'elena', firstName: 'Elena', lastName: 'Marsh', role: 'editor' } as User;
const SITE = { siteName: 'Ledger Commons' };
const MENU = [{ menuKey: 'resources', isVisible: false }];
const BUILD = 'build-1';

interface Copy {
  buster: string;
  timestamp: number;
  clientState: { queries: Array<{ queryKey: QueryKey; state: { data: unknown } }> };
}
const copy = (): Copy | undefined => {
  const text = storage.get(PERSISTED_QUERIES_KEY);
  return text === undefined ? undefined : (JSON.parse(text) as Copy);
};
const copiedKeys = () => copy()?.clientState.queries.map((query) => query.queryKey);
const copiedUser = () => copy()?.clientState.queries.find((query) => query.queryKey[0] === 'auth')?.state.data;

/** The persister gathers writes for `throttleMs` (0 here): one timer turn writes what was gathered. */
const writesDone = () => new Promise((resolve) => setTimeout(resolve, 0));

const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, networkMode: 'always' } } });
let stops: Array<() => void> = [];
const start = (client: QueryClient, options: { buster?: string; online?: boolean } = {}) => {
  const stop = persistQueries(client, { storage: localStorage, buster: options.buster ?? BUILD, online: () => options.online ?? true, throttleMs: 0 });
  stops.push(stop);
  return stop;
};

/** A device where `user` (or a visitor) has the header's answers and some lists. */
async function visit(user: User | null): Promise<QueryClient> {
  const client = newClient();
  session.connectSession(client);
  start(client);
  if (user) await session.signedIn(user);
  client.setQueryData(['site'], SITE);
  client.setQueryData(['menu-settings'], MENU);
  client.setQueryData(['news-categories', { activeOnly: true }], [{ id: 'c1', name: 'Tax' }]);
  client.setQueryData(USER_QUERY_KEY, user);
  client.setQueryData(['news', { categories: [] }], { pages: [[{ id: 'a1', title: 'An article' }]] });
  client.setQueryData(['forums', 'discussions'], [{ id: 'd1' }]);
  client.setQueryData(['profile'], { id: user?.id });
  await writesDone();
  return client;
}

beforeEach(async () => {
  sessionAnswer = { user: null };
  await session.signedOut();
  stops.forEach((stop) => stop());
  stops = [];
  storage.clear();
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});

describe('the persisted copy of the small queries', () => {
  it('keeps only the allow-listed queries: site, menu settings, categories and the session answer', async () => {
    await visit(maya);
    expect(copy()?.buster).toBe(BUILD);
    expect(copiedKeys()).toEqual(
      expect.arrayContaining([['site'], ['menu-settings'], ['news-categories', { activeOnly: true }], USER_QUERY_KEY]),
    );
    expect(copiedKeys()).toHaveLength(4);
    expect(copiedUser()).toEqual(maya);
  });

  it('fills a cold start from the copy, as a placeholder that the first use fetches again', async () => {
    await visit(null);
    const client = newClient();
    start(client);
    expect(client.getQueryData(['site'])).toEqual(SITE);
    expect(client.getQueryData(['menu-settings'])).toEqual(MENU);
    expect(client.getQueryState(['site'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['menu-settings'])?.isInvalidated).toBe(true);
    expect(client.getQueryData(['news', { categories: [] }])).toBeUndefined();
  });

  it("uses the copy's session answer only offline: online, pages wait for the server as before", async () => {
    await visit(maya);
    const online = newClient();
    start(online, { online: true });
    expect(online.getQueryData(['site'])).toEqual(SITE);
    expect(online.getQueryState(USER_QUERY_KEY)).toBeUndefined();
    // The copy keeps it while the server has not answered (a browser closed now keeps it for offline).
    online.setQueryData(['menu-settings'], []);
    await writesDone();
    expect(copiedUser()).toEqual(maya);
    stops.forEach((stop) => stop());
    const offline = newClient();
    start(offline, { online: false });
    expect(offline.getQueryData(USER_QUERY_KEY)).toEqual(maya);
  });

  it("never replaces what a page rendered on the server came with", async () => {
    await visit(null);
    const client = newClient();
    client.setQueryData(['site'], { siteName: 'Renamed on the server' });
    start(client);
    expect(client.getQueryData(['site'])).toEqual({ siteName: 'Renamed on the server' });
    expect(client.getQueryState(['site'])?.isInvalidated).toBe(false);
    expect(client.getQueryData(['menu-settings'])).toEqual(MENU);
  });

  it('is thrown away when another build wrote it (the buster)', async () => {
    await visit(null);
    const client = newClient();
    start(client, { buster: 'build-2' });
    expect(client.getQueryData(['site'])).toBeUndefined();
    expect(storage.has(PERSISTED_QUERIES_KEY)).toBe(false);
  });

  it('is thrown away when it is older than its maximum age', async () => {
    await visit(null);
    storage.set(PERSISTED_QUERIES_KEY, JSON.stringify({ ...copy(), timestamp: Date.now() - PERSISTED_QUERIES_MAX_AGE_MS - 1 }));
    const client = newClient();
    start(client);
    expect(client.getQueryData(['site'])).toBeUndefined();
    expect(storage.has(PERSISTED_QUERIES_KEY)).toBe(false);
  });

  it('is removed when the member signs out, and nothing is written again in that page', async () => {
    const client = await visit(maya);
    expect(copiedUser()).toEqual(maya);
    await session.signedOut();
    expect(storage.has(PERSISTED_QUERIES_KEY)).toBe(false);
    // The header fetches the menu and the site again for the visitor: still nothing kept.
    client.setQueryData(['site'], SITE);
    client.setQueryData(['menu-settings'], MENU);
    await writesDone();
    expect(storage.has(PERSISTED_QUERIES_KEY)).toBe(false);
  });

  it("another account signing in replaces the copy: the previous member's session answer is never in it", async () => {
    const client = await visit(maya);
    // A write gathered while Maya was signed in is still waiting when Elena signs in.
    client.setQueryData(['site'], { siteName: 'Gathered before' });
    await session.signedIn(elena);
    await writesDone();
    expect(copiedUser()).toEqual(elena);
    client.setQueryData(['menu-settings'], MENU);
    await writesDone();
    expect(copiedUser()).toEqual(elena);
    expect(storage.get(PERSISTED_QUERIES_KEY)).not.toContain('maya');
  });

  it("is not restored for another user than the one the session module recorded", async () => {
    await visit(maya);
    const mayasCopy = storage.get(PERSISTED_QUERIES_KEY)!;
    // Elena signed in (another tab, say) but Maya's copy is somehow still there.
    await session.signedIn(elena);
    storage.set(PERSISTED_QUERIES_KEY, mayasCopy);
    const client = newClient();
    start(client, { online: false });
    expect(client.getQueryData(USER_QUERY_KEY)).toBeUndefined();
    expect(client.getQueryData(['site'])).toBeUndefined();
    expect(storage.has(PERSISTED_QUERIES_KEY)).toBe(false);
  });
});
