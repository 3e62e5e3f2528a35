// Registering the reading list's background download: for a signed-in member, where the
// browser has Periodic Background Sync and has granted its permission; the member recorded for the
// service worker; unregistered, and the record gone, at sign-out. Fakes stand in for the browser.
import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeWindow } from '../../lib/fake-window.testkit';
import type { User } from '../../../contracts/auth';

/** The browser: its periodic sync (absent in most browsers), the permission's state, what was registered. */
let tags = new Map<string, number | undefined>();
let periodicSync: object | undefined;
let permission: PermissionState | 'throws' = 'granted';
const fakePeriodicSync = {
  register: async (tag: string, options?: { minInterval?: number }) => void tags.set(tag, options?.minInterval),
  unregister: async (tag: string) => void tags.delete(tag),
};
const registration = () => ({ periodicSync });
fakeWindow({
  navigator: {
    onLine: true,
    serviceWorker: {
      get ready() {
        return Promise.resolve(registration());
      },
      getRegistration: async () => registration(),
    },
    permissions: {
      query: async ({ name }: { name: string }) => {
        expect(name).toBe('periodic-background-sync');
        if (permission === 'throws') throw new TypeError('not a valid permission name');
        return { state: permission };
      },
    },
  },
});
globalThis.fetch = (async () => new Response(JSON.stringify({ user: null }), { headers: { 'Content-Type': 'application/json' } })) as typeof fetch;

const session = await import('../../session/session');
// Loaded as the app loads it at start: through it, a sign-out removes the member's data.
await import('../../offline/store');
const { db } = await import('../../offline/db');
const { followMemberInBackground } = await import('./backgroundSync');
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, networkMode: 'always' } } });
session.connectSession(queryClient);

const recorded = async () => (await db.background.toArray()).map((row) => `${row.tag}:${row.userId}`);
const TWELVE_HOURS = 12 * 60 * 60 * 1000;

beforeEach(async () => {
  tags = new Map();
  periodicSync = fakePeriodicSync;
  permission = 'granted';
  await db.background.clear();
  await session.signedIn({ id: 'm1' } as User);
});

describe('the background download registration', () => {
  it('registers for a signed-in member where the browser grants it, and records the member for the worker', async () => {
    await followMemberInBackground('m1');
    expect([...tags]).toEqual([['reading-list', TWELVE_HOURS]]);
    expect(await recorded()).toEqual(['reading-list:m1']);
  });

  it('does nothing, quietly, where the permission is not granted, unknown, or the browser has no periodic sync', async () => {
    for (const state of ['denied', 'prompt', 'throws'] as const) {
      permission = state;
      await followMemberInBackground('m1');
    }
    periodicSync = undefined;
    permission = 'granted';
    await followMemberInBackground('m1');
    expect(tags.size).toBe(0);
    expect(await recorded()).toEqual([]);
  });

  it('records nobody for a member who signed out before the answer came', async () => {
    const following = followMemberInBackground('m1');
    await session.signedOut();
    await following;
    expect(tags.size).toBe(0);
    expect(await recorded()).toEqual([]);
  });

  it('at sign-out: unregistered, and the record leaves the device with the member\'s data', async () => {
    await followMemberInBackground('m1');
    await session.signedOut();
    expect(await recorded()).toEqual([]);
    await followMemberInBackground(null);
    expect(tags.size).toBe(0);
  });

  it('another account signing in replaces the record', async () => {
    await followMemberInBackground('m1');
    await session.signedIn({ id: 'm2' } as User);
    expect(await recorded()).toEqual([]);
    await followMemberInBackground('m2');
    expect(await recorded()).toEqual(['reading-list:m2']);
  });
});
