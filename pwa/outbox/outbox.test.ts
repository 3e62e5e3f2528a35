// The outbox engine refreshes the same queries for a write sent at once and for the replay of the
// same kind of write queued offline: each kind's invalidation comes from its resource
// module through pwa/outbox/kinds.ts. A browser-like global (window, navigator.onLine, localStorage,
// fetch) and an in-memory IndexedDB (fake-indexeddb) stand in for the device; the query client is
// real, with the lists and details a member would have open.
import 'fake-indexeddb/auto';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeWindow } from '../lib/fake-window.testkit';
import type { User } from '../../contracts/auth';

const device = { onLine: true };
fakeWindow({ navigator: device });

/** Every write the server receives, with its Idempotency-Key; each is taken (201 with a body). */
const received: Array<{ method: string; path: string; key: string | null }> = [];
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (!device.onLine) throw new TypeError('Failed to fetch');
  const url = new URL(String(input), 'http://localhost');
  received.push({ method: init?.method ?? 'GET', path: url.pathname, key: new Headers(init?.headers).get('Idempotency-Key') });
  return new Response(JSON.stringify({ id: 'x', likes: 1, liked: true }), { status: 201, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

const session = await import('../session/session');
const { sendOrQueue, syncNow, newItemBase } = await import('./outbox');
type NewItem = Parameters<typeof sendOrQueue>[0];

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
session.connectSession(queryClient);

/**
 * What a member has open: the news and podcast lists, two articles, the forum's lists and two
 * discussions, and their notifications (the list, the bell's count and the settings).
 */
const OPEN: Record<string, QueryKey> = {
  'news cards': ['news', { categories: [], archivedOnly: false, view: 'card', pageSize: 12 }],
  'news featured': ['news', { featured: true, limit: 3, view: 'card' }],
  'article a1': ['news', 'a1'],
  'article a1 comments': ['news', 'a1', 'comments'],
  'article a2': ['news', 'a2'],
  'news categories': ['news-categories', { activeOnly: true }],
  'podcast list': ['podcasts', { categories: [], archivedOnly: false, pageSize: 12 }],
  'podcast p1': ['podcasts', 'p1'],
  'podcast p1 comments': ['podcasts', 'p1', 'comments'],
  'forum categories': ['forum', 'categories'],
  'discussion list': ['forum', 'discussions', { categoryId: null, pageSize: 50 }],
  'discussion d1': ['forum', 'discussions', 'd1'],
  'discussion d2': ['forum', 'discussions', 'd2'],
  'notification list': ['notifications', 'list'],
  'unread count': ['notifications', 'unread-count'],
  'notification settings': ['notifications', 'settings'],
};

function openEverything(): void {
  for (const key of Object.values(OPEN)) queryClient.setQueryData(key, { fresh: true });
}
const invalidated = () =>
  Object.entries(OPEN)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);

/** One write of each kind the outbox knows, as the screens make them. */
const WRITES: Record<string, () => NewItem> = {
  'like an article': () => ({ ...newItemBase(), kind: 'like', method: 'POST', path: '/api/news/a1/like', targetId: 'a1', likeKind: 'news' }),
  'unlike an episode': () => ({ ...newItemBase(), kind: 'unlike', method: 'DELETE', path: '/api/podcasts/p1/like', targetId: 'p1', likeKind: 'podcasts' }),
  'comment on an article': () => {
    const base = newItemBase();
    return { ...base, kind: 'comment', method: 'POST', path: '/api/news/a1/comments', body: { content: 'Hi', ...base }, targetId: 'a1', text: 'Hi' };
  },
  'delete a comment': () => ({ ...newItemBase(), kind: 'deleteComment', method: 'DELETE', path: '/api/news/comments/c1', targetId: 'a1', refId: 'c1' }),
  'comment on an episode': () => {
    const base = newItemBase();
    return { ...base, kind: 'comment', commentKind: 'podcasts', method: 'POST', path: '/api/podcasts/p1/comments', body: { content: 'Hi', ...base }, targetId: 'p1', text: 'Hi' };
  },
  'delete an episode comment': () => ({ ...newItemBase(), kind: 'deleteComment', commentKind: 'podcasts', method: 'DELETE', path: '/api/podcasts/comments/c2', targetId: 'p1', refId: 'c2' }),
  'reply to a discussion': () => {
    const base = newItemBase();
    return { ...base, kind: 'reply', method: 'POST', path: '/api/forum/replies', body: { discussionId: 'd1', content: 'Yes', ...base }, targetId: 'd1', text: 'Yes' };
  },
  'start a discussion': () => {
    const base = newItemBase();
    return { ...base, kind: 'discussion', method: 'POST', path: '/api/forum/discussions', body: { id: base.id, title: 'T', content: 'C', categoryId: 'f1' }, targetId: 'f1', title: 'T', text: 'C' };
  },
  'read a notification': () => ({ ...newItemBase(), kind: 'readNotification', method: 'POST', path: '/api/notifications/n1/read', targetId: 'n1' }),
  'read all notifications': () => ({ ...newItemBase(), kind: 'readAllNotifications', method: 'POST', path: '/api/notifications/read-all', targetId: '' }),
};

/** What each kind must refresh (and nothing else of what is open). */
const EXPECTED: Record<string, string[]> = {
  'like an article': ['news cards', 'news featured', 'article a1', 'article a1 comments', 'article a2'],
  'unlike an episode': ['podcast list', 'podcast p1', 'podcast p1 comments'],
  'comment on an article': ['news cards', 'news featured', 'article a1', 'article a1 comments'],
  'delete a comment': ['news cards', 'news featured', 'article a1', 'article a1 comments'],
  'comment on an episode': ['podcast list', 'podcast p1', 'podcast p1 comments'],
  'delete an episode comment': ['podcast list', 'podcast p1', 'podcast p1 comments'],
  'reply to a discussion': ['discussion list', 'discussion d1'],
  'start a discussion': ['forum categories', 'discussion list'],
  // The list and the bell's count; the settings are not changed by reading.
  'read a notification': ['notification list', 'unread count'],
  'read all notifications': ['notification list', 'unread count'],
};

beforeAll(async () => {
  await session.signedIn({ id: 'maya', firstName: 'Maya', lastName: 'Patel' } as User);
});

describe('a write sent at once and the same write replayed from the queue', () => {
  for (const [name, write] of Object.entries(WRITES)) {
    it(`${name}: refresh the same queries`, async () => {
      // Online: sent at once.
      device.onLine = true;
      openEverything();
      const sent = await sendOrQueue(write());
      expect(sent.queued).toBe(false);
      const online = invalidated();

      // Offline: queued, nothing refreshed; back online, the replay sends it.
      device.onLine = false;
      openEverything();
      const item = write();
      expect((await sendOrQueue(item)).queued).toBe(true);
      expect(invalidated()).toEqual([]);
      device.onLine = true;
      await syncNow();
      expect(received.at(-1)).toEqual({ method: item.method, path: item.path, key: item.id });
      await expect.poll(invalidated).toEqual(online);

      expect(online).toEqual(EXPECTED[name]);
    });
  }
});
