import { createHash } from 'node:crypto';
import Koa from 'koa';
import Router from '@koa/router';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, listen, startTestServer, type TestServer } from '../test/harness';
import { responseCache } from './response-cache';
import { SESSION_CACHE_TTL_MS } from './session';
import { signedIn } from '../test/agents';
import { createCategory, insertArticle } from '../test/factories';

// ------------------------------------------------------------------ the real app, both databases

describeEachDb('response cache and validators', (t) => {
  let cached: TestServer;
  /** The app's clock (the session cache's expiry), moved by the tests. */
  let clockOffset = 0;
  beforeAll(async () => {
    cached = await startTestServer(t().kind, { responseCache: {}, clock: () => Date.now() + clockOffset });
  }, 60_000);
  afterAll(async () => {
    await cached.close();
  });

  it('serves a repeat anonymous list from memory, without a query, until a write', async () => {
    const cat = await createCategory(cached.db);
    await insertArticle(cached.db, { categoryIds: [cat.id] });
    const visitor = cached.agent();
    const path = `/api/news?categories=${cat.id}`;

    // Kept on the second read (the first only notes the key), served from memory from the third.
    const first = await visitor.get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBeNull();
    expect((await visitor.get(path)).headers.get('x-cache')).toBeNull();
    let second: Awaited<ReturnType<typeof visitor.get>> | undefined;
    expect(await cached.countQueries(async () => (second = await visitor.get(path)))).toBe(0);
    expect(second!.headers.get('x-cache')).toBe('hit');
    expect(second!.text).toBe(first.text);
    expect(second!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second!.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second!.headers.get('cache-control')).toBe(first.headers.get('cache-control'));

    // A comment through the API changes the list's commentCount: the next read sees it.
    const { agent: member } = await signedIn(cached.db, cached.agent());
    const article = first.body[0] as { id: string; commentCount: number };
    expect((await member.post(`/api/news/${article.id}/comments`, { content: 'Fresh' })).status).toBe(201);
    const third = await visitor.get(path);
    expect(third.headers.get('x-cache')).toBeNull();
    expect(third.body[0].commentCount).toBe(article.commentCount + 1);
    // A key the write emptied was asked for before: its next answer is kept at once.
    expect((await visitor.get(path)).headers.get('x-cache')).toBe('hit');
  });

  it('refused writes keep it, however many; a failed sign-in too; a committed write still empties it', async () => {
    const cat = await createCategory(cached.db);
    await insertArticle(cached.db, { categoryIds: [cat.id] });
    const path = `/api/news?categories=${cat.id}`;
    const visitor = cached.agent();
    await visitor.get(path);
    await visitor.get(path);
    expect((await visitor.get(path)).headers.get('x-cache')).toBe('hit');

    const { agent: subscriber, user } = await signedIn(cached.db, cached.agent());
    const refusals: Array<[number, () => ReturnType<typeof visitor.post>]> = [
      [404, () => visitor.post('/api/x', {})],
      [415, () => visitor.request('POST', '/api/auth/login', { raw: 'email=a', headers: { 'content-type': 'text/plain' } })],
      [400, () => visitor.request('POST', '/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } })],
      [400, () => visitor.post('/api/auth/login', { email: 'not an email' })],
      [401, () => visitor.post('/api/news', { title: 'x' })],
      [401, () => visitor.post('/api/auth/login', { email: user.email, password: 'Wrong-harbour-lamp-42' })],
      [403, () => subscriber.post('/api/news', { title: 'x' })],
    ];
    for (let round = 0; round < 5; round++) {
      for (const [status, send] of refusals) expect((await send()).status).toBe(status);
    }
    const kept = await visitor.get(path);
    expect(kept.headers.get('x-cache')).toBe('hit');
    expect(await cached.countQueries(() => visitor.get(path))).toBe(0);

    // The first committed write empties it.
    const article = kept.body[0] as { id: string; commentCount: number };
    expect((await subscriber.post(`/api/news/${article.id}/comments`, { content: 'Fresh' })).status).toBe(201);
    const after = await visitor.get(path);
    expect(after.headers.get('x-cache')).toBeNull();
    expect(after.body[0].commentCount).toBe(article.commentCount + 1);
  });

  it("keeps a signed-in answer for that user alone, and still checks the user on every request", async () => {
    const cat = await createCategory(cached.db);
    const id = await insertArticle(cached.db, { categoryIds: [cat.id] });
    const path = `/api/news?categories=${cat.id}`;
    const alice = await signedIn(cached.db, cached.agent());
    const bob = await signedIn(cached.db, cached.agent());
    expect((await alice.agent.post(`/api/news/${id}/like`)).status).toBe(200);

    const first = await alice.agent.get(path);
    expect(first.body[0]).toMatchObject({ id, liked: true });
    const likedByAlice = first.text;
    await alice.agent.get(path);
    const repeat = await alice.agent.get(path);
    expect(repeat.headers.get('x-cache')).toBe('hit');
    expect(repeat.text).toBe(likedByAlice);
    expect(repeat.headers.get('cache-control')).toBe('private, no-cache');
    // On a hit nothing is read again: not the answer, not the session (kept by the SessionCache,
    // middleware/session.ts); SQLite may compare data_version (db/coherence.ts).
    const onHit: string[] = [];
    const onQuery = (q: { sql: string }) => onHit.push(q.sql);
    cached.db.on('query', onQuery);
    await alice.agent.get(path);
    cached.db.off('query', onQuery);
    expect(onHit.filter((sql) => !sql.includes('data_version'))).toEqual([]);

    // Bob and a visitor get their own answers, not Alice's, however often they ask.
    for (let i = 0; i < 3; i++) {
      const forBob = await bob.agent.get(path);
      expect(forBob.text).not.toBe(likedByAlice);
      expect((await cached.agent().get(path)).text).not.toBe(likedByAlice);
    }

    // Deactivated by an admin (a write through the app, which empties the caches): signed out at once.
    const { agent: admin } = await signedIn(cached.db, cached.agent(), 'admin');
    expect((await admin.patch(`/api/users/${alice.user.id}/status`, { isActive: false })).status).toBe(200);
    const refused = await alice.agent.get(path);
    expect(refused.body[0]).toMatchObject({ id, liked: false }); // the visitors' answer
    expect((await alice.agent.get('/api/auth/session')).body).toEqual({ user: null });

    // Deactivated behind the app's back (a script on the database: nothing is emptied): signed out
    // once the kept session is older than SESSION_CACHE_TTL_MS.
    expect((await bob.agent.get('/api/auth/session')).body.user).not.toBeNull();
    await cached.db('users').where({ id: bob.user.id }).update({ is_active: false });
    clockOffset += SESSION_CACHE_TTL_MS + 1;
    try {
      expect((await bob.agent.get('/api/auth/session')).body).toEqual({ user: null });
    } finally {
      clockOffset = 0;
    }
  });

  it('answers If-None-Match with 304 and no body, signed in or not; a changed list gets a new ETag', async () => {
    const cat = await createCategory(t().db);
    const id = await insertArticle(t().db, { categoryIds: [cat.id] });
    const { agent: member } = await signedIn(t().db, t().agent());
    for (const agent of [t().agent(), member]) {
      const path = `/api/news?categories=${cat.id}`;
      const first = await agent.get(path);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      // As a browser revalidates. (Node's fetch adds `Cache-Control: no-cache` to a conditional
      // request unless told otherwise, and no-cache asks for a full answer.)
      const conditional = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
      const repeat = await agent.get(path, conditional);
      expect(repeat.status).toBe(304);
      expect(repeat.text).toBe('');
      expect((await agent.get(`/api/news/${id}`, conditional)).status).toBe(200);
    }
    await insertArticle(t().db, { categoryIds: [cat.id] });
    const changed = await t().agent().get(`/api/news?categories=${cat.id}`);
    expect(changed.status).toBe(200);
    expect(changed.body).toHaveLength(2);
  });

  it('keeps nothing that is not a 200 JSON answer', async () => {
    const visitor = cached.agent();
    const missing = '/api/news/00000000-0000-7000-8000-000000000000';
    expect((await visitor.get(missing)).status).toBe(404);
    const again = await visitor.get(missing);
    expect(again.status).toBe(404);
    expect(again.headers.get('x-cache')).toBeNull();
    expect(again.headers.get('etag')).toBeNull();
  });
});

// ------------------------------------------------------------------ the rules, on a tiny app

/** GET /api/value answers the current value once `gate` opens; POST /api/value increments it. */
async function tinyApp(options: Parameters<typeof responseCache>[0]) {
  let value = 0;
  let gate: Promise<void> = Promise.resolve();
  const app = new Koa();
  app.use(responseCache(options));
  const router = new Router();
  router.get('/api/value', async (ctx) => {
    const seen = value;
    await gate;
    ctx.body = { value: seen };
  });
  router.get('/api/text', (ctx) => {
    ctx.body = { text: NON_ASCII };
  });
  router.get('/api/private', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { value };
  });
  router.post('/api/value', (ctx) => {
    value++;
    ctx.body = { value };
  });
  app.use(router.routes());
  const server = await listen(app);
  const base = server.url;
  const get = async (path = '/api/value') => {
    const res = await fetch(base + path);
    return { value: ((await res.json()) as { value: number }).value, hit: res.headers.get('x-cache') === 'hit' };
  };
  return {
    base,
    get,
    write: () => fetch(`${base}/api/value`, { method: 'POST' }),
    hold() {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return open;
    },
    close: server.close,
  };
}

it('a read that overlapped a write is not kept, so the write shows on the next read', async () => {
  const app = await tinyApp({});
  try {
    const open = app.hold();
    const slowRead = app.get(); // reads value 0, then waits
    await new Promise((resolve) => setTimeout(resolve, 20));
    await app.write(); // value 1, cache emptied
    open();
    expect(await slowRead).toEqual({ value: 0, hit: false });
    expect(await app.get()).toEqual({ value: 1, hit: false });
    expect(await app.get()).toEqual({ value: 1, hit: false });
    expect(await app.get()).toEqual({ value: 1, hit: true });
  } finally {
    await app.close();
  }
});

it('entries expire after ttlMs, the oldest goes first past maxEntries, and no-store answers are never kept', async () => {
  let now = 0;
  const app = await tinyApp({ ttlMs: 1000, maxEntries: 2, now: () => now });
  try {
    const twice = async (path: string) => {
      await app.get(path);
      await app.get(path);
    };
    await twice('/api/value?a');
    expect((await app.get('/api/value?a')).hit).toBe(true);
    now = 1001;
    expect((await app.get('/api/value?a')).hit).toBe(false); // expired, and kept again at once

    await twice('/api/value?b');
    await twice('/api/value?c'); // a (stored at 1001), b, c: a is dropped
    expect((await app.get('/api/value?a')).hit).toBe(false);
    expect((await app.get('/api/value?c')).hit).toBe(true);

    await twice('/api/private');
    expect((await app.get('/api/private')).hit).toBe(false);
  } finally {
    await app.close();
  }
});

const NON_ASCII = 'Café — 日本語 🎉';

it('sends non-ASCII answers as UTF-8 with their byte length, and tags them by those bytes, fresh or kept', async () => {
  const app = await tinyApp({});
  try {
    const bytes = Buffer.from(JSON.stringify({ text: NON_ASCII }));
    const etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
    for (const expected of [null, null, 'hit']) {
      const res = await fetch(`${app.base}/api/text`);
      expect(res.headers.get('x-cache')).toBe(expected);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(res.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  } finally {
    await app.close();
  }
});

it('keeps at most maxBytes of bodies, dropping the oldest first, and never a body larger than that', async () => {
  const body = JSON.stringify({ value: 0 }); // each answer here is this long
  const app = await tinyApp({ maxBytes: body.length * 2 });
  try {
    for (const path of ['/api/value?a', '/api/value?a', '/api/value?b', '/api/value?b']) await app.get(path);
    expect((await app.get('/api/value?a')).hit).toBe(true);
    await app.get('/api/value?c');
    await app.get('/api/value?c'); // over the budget: a, the oldest, goes
    expect((await app.get('/api/value?b')).hit).toBe(true);
    expect((await app.get('/api/value?c')).hit).toBe(true);
    expect((await app.get('/api/value?a')).hit).toBe(false);
  } finally {
    await app.close();
  }
  const tiny = await tinyApp({ maxBytes: body.length - 1 });
  try {
    await tiny.get();
    await tiny.get();
    expect((await tiny.get()).hit).toBe(false);
  } finally {
    await tiny.close();
  }
});

it('keeps an answer the second time it is asked for, so one-off reads never push out the kept ones', async () => {
  const app = await tinyApp({ maxEntries: 2 });
  try {
    for (const path of ['/api/value?a', '/api/value?b']) {
      expect((await app.get(path)).hit).toBe(false);
      expect((await app.get(path)).hit).toBe(false); // kept now
      expect((await app.get(path)).hit).toBe(true);
    }
    // Twenty reads nobody repeats (a member's own pages, cursors deep in a list, junk parameters).
    for (let i = 0; i < 20; i++) expect((await app.get(`/api/value?once=${i}`)).hit).toBe(false);
    expect((await app.get('/api/value?a')).hit).toBe(true);
    expect((await app.get('/api/value?b')).hit).toBe(true);
  } finally {
    await app.close();
  }
});
