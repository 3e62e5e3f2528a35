// The player offline and with chapters, with the browser's parts stood in for: an episode whose
// audio is not in the episode cache does not start (the member is told why), a downloaded one does,
// and the lock screen's title follows the chapter as playback crosses a chapter's start.
import 'fake-indexeddb/auto';
import { expect, it, vi } from 'vitest';
import { FakeAudio } from '../../lib/fake-audio.testkit';
import { fakeWindow } from '../../lib/fake-window.testkit';

const session = { metadata: null as null | { title: string; artist: string }, setActionHandler: () => undefined };
fakeWindow({ navigator: { onLine: false, mediaSession: session } });

const audio = new FakeAudio(4);
Object.assign(globalThis, {
  document: { createElement: () => audio, body: { append: () => undefined }, addEventListener: () => undefined },
  location: { href: 'http://localhost/podcasts' },
  HTMLMediaElement: { HAVE_FUTURE_DATA: 3 },
  MediaMetadata: class {
    constructor(init: object) {
      Object.assign(this, init);
    }
  },
  // The episode cache holds one download.
  caches: { has: async () => true, open: async () => ({ keys: async () => [{ url: 'http://localhost/objects/kept' }] }) },
});
globalThis.fetch = (async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;

const toasts: string[] = [];
vi.mock('../../components/Toast', () => ({ toast: ({ title }: { title: string }) => toasts.push(title) }));

const { playEpisode, playerSnapshot, refreshDownloaded } = await import('./player');
const { NOT_DOWNLOADED_MESSAGE } = await import('./logic');

const episode = (id: string) => ({
  id,
  title: `Episode ${id}`,
  show: 'The show',
  imageUrl: null,
  audioUrl: `/objects/${id}`,
  duration: 600,
  chapters: [
    { start: 0, title: 'Opening' },
    { start: 60, title: 'The standard' },
  ],
});

it('offline, refuses an episode that is not downloaded and says why, even when pressed before the cache was read', async () => {
  // Offline from the start: the cache is being read as the player loads, and the press waits for it.
  expect(playEpisode(episode('missing'))).toBe(false);
  await vi.waitFor(() => expect(toasts).toEqual([NOT_DOWNLOADED_MESSAGE]));
  expect(audio.getAttribute('src')).toBeNull();
  expect(playerSnapshot().current).toBeNull();

  await refreshDownloaded();
  expect(playEpisode(episode('missing'))).toBe(false);
  expect(toasts).toHaveLength(2);
  expect(audio.getAttribute('src')).toBeNull();
});

it('offline, plays a downloaded episode, and the lock screen names the chapter playing', async () => {
  expect(playEpisode(episode('kept'), { startAt: 0 })).toBe(true);
  expect(audio.getAttribute('src')).toBe('/objects/kept');
  expect(audio.paused).toBe(false);
  expect(session.metadata).toMatchObject({ title: 'Opening', artist: 'Episode kept · The show' });

  audio.currentTime = 61;
  audio.dispatchEvent(new Event('timeupdate'));
  expect(playerSnapshot().chapter).toBe(1);
  expect(session.metadata).toMatchObject({ title: 'The standard', artist: 'Episode kept · The show' });
});
