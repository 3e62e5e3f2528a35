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

/** Every write the server receives, with its Idempotency-Key; each is taken (201 with a body) unless `answers` says otherwise. */
const received: Array<{ method: string; path: string; key: string | null }> = [];
const answers = new Map<string, number>();
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (!device.onLine) throw new TypeError('Failed to fetch');
  const url = new URL(String(input), 'http://localhost');
  received.push({ method: init?.method ?? 'GET', path: url.pathname, key: new Headers(init?.headers).get('Idempotency-Key') });
  const status = answers.get(url.pathname);
  if (status) return new Response(JSON.stringify({ message: 'Refused' }), { status, headers: { 'Content-Type': 'application/json' } });
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
  'notification list': ['notifications', 'groups'],
  'unread count': ['notifications', 'unread-count'],
  'notification settings': ['notifications', 'settings'],
  'watch d1': ['forum', 'discussions', 'd1', 'watch'],
  'watch f1': ['forum', 'categories', 'f1', 'watch'],
  topics: ['topics'],
  'cpd year': ['cpd', 'year', 'current'],
  'cpd today': ['cpd', 'today'],
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
  'edit a comment': () => ({ ...newItemBase(), kind: 'editComment', method: 'PATCH', path: '/api/news/comments/c1', body: { content: 'Fixed' }, targetId: 'a1', refId: 'c1', text: 'Fixed' }),
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
  'edit a reply': () => ({ ...newItemBase(), kind: 'editReply', method: 'PATCH', path: '/api/forum/replies/r1', body: { content: 'Fixed' }, targetId: 'd1', refId: 'r1', text: 'Fixed' }),
  'edit a discussion': () => ({ ...newItemBase(), kind: 'editDiscussion', method: 'PATCH', path: '/api/forum/discussions/d1', body: { title: 'T2', content: 'C2' }, targetId: 'd1', title: 'T2', text: 'C2' }),
  'read a notification': () => ({ ...newItemBase(), kind: 'readNotification', method: 'POST', path: '/api/notifications/groups/reply-n1/read', targetId: 'reply-n1' }),
  'read all notifications': () => ({ ...newItemBase(), kind: 'readAllNotifications', method: 'POST', path: '/api/notifications/read-all', targetId: '' }),
  'watch a discussion': () => ({ ...newItemBase(), kind: 'watch', method: 'PUT', path: '/api/forum/discussions/d1/watch', body: { level: 'watching' }, targetId: 'd1', text: 'watching' }),
  'mute a category': () => ({ ...newItemBase(), kind: 'watch', method: 'PUT', path: '/api/forum/categories/f1/watch', body: { level: 'muted' }, targetId: 'f1', text: 'muted' }),
  'follow a news category': () => ({ ...newItemBase(), kind: 'topic', method: 'PUT', path: '/api/topics/news_category/n1', body: { level: 'following' }, targetId: 'n1', text: 'following', replaceKey: 'news_category:n1' }),
  'mute a forum category topic': () => ({ ...newItemBase(), kind: 'topic', method: 'PUT', path: '/api/topics/forum_category/f1', body: { level: 'muted' }, targetId: 'f1', text: 'muted', replaceKey: 'forum_category:f1' }),
  'record CPD time': () => cpdTime('a1'),
};

function cpdTime(itemId: string, path = '/api/cpd/time'): NewItem {
  const base = newItemBase();
  const body = { id: base.id, itemType: 'article', itemId, startedAt: '2026-12-01T09:00:00.000Z', endedAt: '2026-12-01T09:01:00.000Z', activeSeconds: 60, recordedOffline: false };
  return { ...base, kind: 'cpdTime', method: 'POST', path, body, targetId: itemId };
}

/** What each kind must refresh (and nothing else of what is open). */
const EXPECTED: Record<string, string[]> = {
  'like an article': ['news cards', 'news featured', 'article a1', 'article a1 comments', 'article a2'],
  'unlike an episode': ['podcast list', 'podcast p1', 'podcast p1 comments'],
  'comment on an article': ['news cards', 'news featured', 'article a1', 'article a1 comments'],
  'delete a comment': ['news cards', 'news featured', 'article a1', 'article a1 comments'],
  'edit a comment': ['news cards', 'news featured', 'article a1', 'article a1 comments'],
  'comment on an episode': ['podcast list', 'podcast p1', 'podcast p1 comments'],
  'delete an episode comment': ['podcast list', 'podcast p1', 'podcast p1 comments'],
  // The discussion's key is a prefix of its watch level's (a reply refetches that small answer too).
  'reply to a discussion': ['discussion list', 'discussion d1', 'watch d1'],
  'start a discussion': ['forum categories', 'discussion list', 'watch f1'],
  'edit a reply': ['discussion list', 'discussion d1', 'watch d1'],
  'edit a discussion': ['forum categories', 'discussion list', 'discussion d1', 'watch d1', 'watch f1'],
  // The list and the bell's count; the settings are not changed by reading.
  'read a notification': ['notification list', 'unread count'],
  'read all notifications': ['notification list', 'unread count'],
  // A level: that level only.
  'watch a discussion': ['watch d1'],
  // A category's level is also the member's topic level.
  'mute a category': ['watch f1', 'topics'],
  // A topic: the list; a forum category's watch too.
  'follow a news category': ['topics'],
  'mute a forum category topic': ['watch f1', 'topics'],
  // The member's ledger: the year and today's minutes.
  'record CPD time': ['cpd year', 'cpd today'],
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

describe('a replay the server answers 409', () => {
  it('a report already made is done and leaves the queue; a comment so answered is refused and stays', async () => {
    const { outboxDb } = await import('./db');
    answers.set('/api/reports', 409);
    answers.set('/api/news/a9/comments', 409);
    device.onLine = false;
    const report = { ...newItemBase(), kind: 'report' as const, method: 'POST' as const, path: '/api/reports', body: { target: { type: 'reply', id: 'r9' }, reason: 'spam' }, targetId: 'r9' };
    const comment = { ...newItemBase(), kind: 'comment' as const, method: 'POST' as const, path: '/api/news/a9/comments', body: { content: 'Hi' }, targetId: 'a9', text: 'Hi' };
    await sendOrQueue(report);
    await sendOrQueue(comment);
    device.onLine = true;
    await syncNow();
    const left = await outboxDb.items.toArray();
    expect(left.find((item) => item.id === report.id)).toBeUndefined();
    expect(left.find((item) => item.id === comment.id)).toMatchObject({ state: 'failed' });
    answers.clear();
  });
});

describe('a CPD time record the server refuses', () => {
  it('leaves the queue: nothing the member could retry or copy would change the answer', async () => {
    const { outboxDb } = await import('./db');
    answers.set('/api/cpd/time-refused', 403);
    device.onLine = false;
    const record = cpdTime('a9', '/api/cpd/time-refused');
    await sendOrQueue(record);
    device.onLine = true;
    await syncNow();
    expect(received.at(-1)).toMatchObject({ path: '/api/cpd/time-refused', key: record.id });
    expect((await outboxDb.items.toArray()).find((item) => item.id === record.id)).toBeUndefined();
    answers.clear();
  });
});

describe('a newer write with the same replaceKey', () => {
  it("replaces the user's pending item of the same kind and key, and only that", async () => {
    const { outboxDb } = await import('./db');
    await outboxDb.items.clear();
    const position = (episode: string, seconds: number, replaceKey: string | null = episode): NewItem => ({
      ...newItemBase(),
      kind: 'listening',
      method: 'PUT',
      path: `/api/podcasts/${episode}/listening`,
      body: { positionSeconds: seconds },
      targetId: episode,
      ...(replaceKey === null ? {} : { replaceKey }),
    });
    device.onLine = false;
    // Another member's queued position and a refused one of this member's stay as they are.
    await outboxDb.items.add({ ...position('e1', 1), userId: 'omar', state: 'pending' });
    await outboxDb.items.add({ ...position('e1', 2), userId: 'maya', state: 'failed', reason: 'Refused' });
    // A watch level queued under the same key is another kind: not replaced.
    await sendOrQueue({ ...newItemBase(), kind: 'watch', method: 'PUT', path: '/api/forum/discussions/e1/watch', body: { level: 'muted' }, targetId: 'e1', replaceKey: 'e1' });
    await sendOrQueue(position('e1', 10));
    await sendOrQueue(position('e2', 5));
    await sendOrQueue(position('e1', 20));
    await sendOrQueue(position('e1', 30));
    // Without a key, every write is kept.
    await sendOrQueue(position('e3', 1, null));
    await sendOrQueue(position('e3', 2, null));

    const rows = await outboxDb.items.orderBy('seq').toArray();
    expect(rows.map((row) => [row.userId, row.kind, row.targetId, row.state, row.body?.positionSeconds ?? row.body?.level])).toEqual([
      ['omar', 'listening', 'e1', 'pending', 1],
      ['maya', 'listening', 'e1', 'failed', 2],
      ['maya', 'watch', 'e1', 'pending', 'muted'],
      ['maya', 'listening', 'e2', 'pending', 5],
      ['maya', 'listening', 'e1', 'pending', 30],
      ['maya', 'listening', 'e3', 'pending', 1],
      ['maya', 'listening', 'e3', 'pending', 2],
    ]);
    await outboxDb.items.clear();
    device.onLine = true;
  });
});
