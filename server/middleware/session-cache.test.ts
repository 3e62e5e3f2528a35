// SessionCache's own rules (the app-level proofs are in server/test/cache-coherence.test.ts
// and server/middleware/response-cache.test.ts): what it keeps, for how long, and what empties it.
import { describe, expect, it } from 'vitest';
import type { CacheCoherence } from '../db/coherence';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session';

const session = (expire: number) => ({ data: '{"userId":"u1"}', user: undefined, expire });

function fakeCoherence() {
  const listeners: Array<() => void> = [];
  let usable = true;
  const coherence: CacheCoherence = {
    usable: async () => usable,
    announce: async () => {},
    onOtherWrite: (listener) => void listeners.push(listener),
    close: async () => {},
  };
  return { coherence, otherWrite: () => listeners.forEach((l) => l()), setUsable: (u: boolean) => (usable = u) };
}

describe('SessionCache', () => {
  it('keeps a session until its TTL or its own expiry, whichever comes first', async () => {
    let now = 1_000_000;
    const cache = new SessionCache({ now: () => now });
    cache.keep('a', session(now + 60_000), cache.generation);
    cache.keep('b', session(now + 5_000), cache.generation);
    expect(await cache.get('a')).toMatchObject({ data: '{"userId":"u1"}' });
    now += 5_000;
    expect(await cache.get('b')).toBeUndefined(); // the session itself ended
    expect(await cache.get('a')).toBeDefined();
    now += SESSION_CACHE_TTL_MS - 5_000 + 1;
    expect(await cache.get('a')).toBeUndefined(); // kept longer than the TTL
  });

  it('does not keep a read that began before the cache was emptied', async () => {
    const cache = new SessionCache();
    const readAt = cache.generation;
    cache.clear(); // a write answered while the read was under way
    cache.keep('a', session(Date.now() + 60_000), readAt);
    expect(await cache.get('a')).toBeUndefined();
    const again = cache.generation;
    cache.forget('b'); // a session written (set or destroyed) meanwhile
    cache.keep('a', session(Date.now() + 60_000), again);
    expect(await cache.get('a')).toBeUndefined();
  });

  it('is emptied by another process’s write, and bypassed while those cannot be heard', async () => {
    const { coherence, otherWrite, setUsable } = fakeCoherence();
    const cache = new SessionCache({ coherence });
    cache.keep('a', session(Date.now() + 60_000), cache.generation);
    otherWrite();
    expect(await cache.get('a')).toBeUndefined();
    cache.keep('a', session(Date.now() + 60_000), cache.generation);
    setUsable(false);
    expect(await cache.get('a')).toBeUndefined();
    setUsable(true);
    expect(await cache.get('a')).toBeUndefined(); // emptied when it was found unusable
  });

  it('holds at most maxEntries, dropping the oldest first', async () => {
    const cache = new SessionCache({ maxEntries: 2 });
    for (const sid of ['a', 'b', 'c']) cache.keep(sid, session(Date.now() + 60_000), cache.generation);
    expect(await cache.get('a')).toBeUndefined();
    expect(await cache.get('b')).toBeDefined();
    expect(await cache.get('c')).toBeDefined();
  });
});
