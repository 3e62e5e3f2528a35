// Resuming on a new device: the player asks for the member's listening record itself, so an
// episode started from any screen begins where the member left it elsewhere, even when no screen
// has loaded the listening list. An in-memory IndexedDB (nothing stored: a new device), a fake
// server and a stand-in <audio> element take the browser's place.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { FakeAudio } from '../../lib/fake-audio.testkit';
import { fakeWindow } from '../../lib/fake-window.testkit';
import type { User } from '../../../contracts/auth';
import type { ListeningItem } from '../../../contracts/listening';

fakeWindow({ navigator: { onLine: true } });

const audio = new FakeAudio();
Object.assign(globalThis, { document: { createElement: () => audio, body: { append: () => undefined }, addEventListener: () => undefined } });

/** Where the member stopped on another device, as GET /api/listening answers. */
const record: ListeningItem = {
  episodeId: 'e1',
  positionSeconds: 420,
  durationSeconds: 600,
  finished: false,
  deviceTime: '2026-11-28T08:00:00.000Z',
  updatedAt: '2026-11-28T08:00:00.000Z',
  title: 'Episode e1',
  imageUrl: null,
};
const asked: string[] = [];
globalThis.fetch = (async (input: RequestInfo | URL) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  asked.push(path);
  const body = path === '/api/listening' ? [record] : {};
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}) as typeof fetch;

const session = await import('../../session/session');
const { listeningQueries } = await import('../../api/listening');
const { playEpisode } = await import('./player');
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
session.connectSession(queryClient);
await session.signedIn({ id: 'maya', firstName: 'Maya', lastName: 'Patel' } as User);

it('starts an episode where the member left it on another device, with no screen having loaded the listening list', async () => {
  expect(queryClient.getQueryData(listeningQueries.list().queryKey)).toBeUndefined();

  playEpisode({ id: 'e1', title: 'Episode e1', show: null, imageUrl: null, audioUrl: '/objects/e1', duration: 600 });

  await vi.waitFor(() => expect(audio.currentTime).toBe(420));
  expect(asked).toContain('/api/listening');
});
