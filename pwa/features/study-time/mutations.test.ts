// A stretch of reading through the outbox: offline it waits as a 'cpdTime' item whose id is the
// record's, marked recordedOffline, and is sent once back online; online it goes at once; a visitor
// sends nothing. An in-memory IndexedDB and a fake fetch stand in for the device.
import 'fake-indexeddb/auto';
import { beforeAll, expect, it } from 'vitest';
import { fakeWindow } from '../../lib/fake-window.testkit';
import type { User } from '../../../contracts/auth';

const device = { onLine: false };
fakeWindow({ navigator: device });

const received: Array<{ path: string; key: string | null; body: Record<string, unknown> }> = [];
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (!device.onLine) throw new TypeError('Failed to fetch');
  const url = new URL(String(input), 'http://localhost');
  received.push({ path: url.pathname, key: new Headers(init?.headers).get('Idempotency-Key'), body: JSON.parse(String(init?.body ?? '{}')) });
  return new Response('{"entryId":"x","countedSeconds":60,"syncedLater":false}', { status: 201, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

const session = await import('../../session/session');
const { syncNow } = await import('../../outbox/outbox');
const { outboxDb } = await import('../../outbox/db');
const { sendReadingTime } = await import('./mutations');

const stretch = { startedAt: '2026-12-01T09:00:00.000Z', endedAt: '2026-12-01T09:01:00.000Z', activeSeconds: 60 };

beforeAll(async () => {
  await session.signedIn({ id: 'maya', firstName: 'Maya', lastName: 'Patel' } as User);
});

it('queues a stretch read offline as a time record with its own id, and sends it once back online', async () => {
  await sendReadingTime({ type: 'article', id: 'a1', title: 'Leases' }, stretch);
  const [item] = await outboxDb.items.toArray();
  expect(item).toMatchObject({ kind: 'cpdTime', method: 'POST', path: '/api/cpd/time', targetId: 'a1', title: 'Leases', writtenAt: stretch.endedAt });
  expect(item!.body).toEqual({ id: item!.id, itemType: 'article', itemId: 'a1', ...stretch, recordedOffline: true });

  device.onLine = true;
  await syncNow();
  await syncNow();
  expect(received).toEqual([{ path: '/api/cpd/time', key: item!.id, body: item!.body }]);
  expect(await outboxDb.items.count()).toBe(0);
});

it('sends a stretch read online at once, not marked offline', async () => {
  const before = received.length;
  await sendReadingTime({ type: 'discussion', id: 'd1' }, stretch);
  expect(received.slice(before)).toEqual([{ path: '/api/cpd/time', key: expect.any(String), body: expect.objectContaining({ itemType: 'discussion', itemId: 'd1', recordedOffline: false }) }]);
  expect(await outboxDb.items.count()).toBe(0);
});

it('sends nothing for a visitor', async () => {
  await session.signedOut();
  const before = received.length;
  await sendReadingTime({ type: 'article', id: 'a2' }, stretch);
  expect(received.length).toBe(before);
  expect(await outboxDb.items.count()).toBe(0);
});
