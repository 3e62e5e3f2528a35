// A member's listening positions through the outbox: offline, a newer position for an episode
// replaces the one still queued for it, so the queue holds one write per episode, sent once back
// online with its own device time. An in-memory IndexedDB and a fake fetch stand in for the device.
import 'fake-indexeddb/auto';
import { beforeAll, expect, it } from 'vitest';
import { fakeWindow } from '../../lib/fake-window.testkit';
import type { User } from '../../../contracts/auth';

const device = { onLine: false };
fakeWindow({ navigator: device });

const received: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  if (!device.onLine) throw new TypeError('Failed to fetch');
  const url = new URL(String(input), 'http://localhost');
  received.push({ method: init?.method ?? 'GET', path: url.pathname, body: JSON.parse(String(init?.body ?? '{}')) });
  return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

const session = await import('../../session/session');
const { syncNow } = await import('../../outbox/outbox');
const { outboxDb } = await import('../../outbox/db');
const { sendListening } = await import('./mutations');

const episode = (id: string) => ({ id, title: `Episode ${id}`, show: null, imageUrl: null, audioUrl: `/objects/${id}`, duration: 600 });
const at = (positionSeconds: number, deviceTime: string) => ({ positionSeconds, durationSeconds: 600, finished: false, deviceTime });

beforeAll(async () => {
  await session.signedIn({ id: 'maya', firstName: 'Maya', lastName: 'Patel' } as User);
});

it('keeps only the newest queued position per episode and sends it on reconnecting', async () => {
  await sendListening(episode('e1'), at(10, '2026-11-28T08:00:00.000Z'));
  await sendListening(episode('e2'), at(5, '2026-11-28T08:00:01.000Z'));
  await sendListening(episode('e1'), at(20, '2026-11-28T08:00:05.000Z'));
  await sendListening(episode('e1'), at(30, '2026-11-28T08:00:10.000Z'));

  const queued = await outboxDb.items.toArray();
  expect(queued.map((i) => [i.kind, i.targetId, i.body?.positionSeconds])).toEqual([
    ['listening', 'e2', 5],
    ['listening', 'e1', 30],
  ]);
  // The item's time is when the position was taken, not when it was queued.
  expect(queued[1]!.writtenAt).toBe('2026-11-28T08:00:10.000Z');

  device.onLine = true;
  await syncNow();
  expect(received).toEqual([
    { method: 'PUT', path: '/api/podcasts/e2/listening', body: { positionSeconds: 5, durationSeconds: 600, finished: false, deviceTime: '2026-11-28T08:00:01.000Z' } },
    { method: 'PUT', path: '/api/podcasts/e1/listening', body: { positionSeconds: 30, durationSeconds: 600, finished: false, deviceTime: '2026-11-28T08:00:10.000Z' } },
  ]);
  expect(await outboxDb.items.count()).toBe(0);
});

it('sends nothing for a visitor', async () => {
  await session.signedOut();
  const before = received.length;
  await sendListening(episode('e3'), at(10, '2026-11-28T08:00:00.000Z'));
  expect(received.length).toBe(before);
  expect(await outboxDb.items.count()).toBe(0);
});
