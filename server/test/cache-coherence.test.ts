import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { Agent, createTestDatabase, DB_KINDS, startTestServer, type TestServer } from './harness';
import { connect } from '../db/connect';
import { cacheCoherence, type CacheCoherence } from '../db/coherence';
import { signedIn } from './agents';
import { type CategoryFixture, createCategory } from './factories';
import { until } from './wait';

/** A write on one process is seen by every other within this. */
const VISIBLE_WITHIN_MS = 1_000;

/**
 * Two app instances on one database, each with its own connection pool (as two processes
 * or machines have), its own response cache and its own cache of server-rendered pages. A write
 * answered by A must show in what B serves within a second: through NOTIFY on PostgreSQL, through
 * SQLite's data_version on SQLite (the WORKERS=2 case of one machine).
 */
describe.each(DB_KINDS)('caches stay true across processes on one database [%s]', (kind) => {
  let a: TestServer;
  let b: TestServer;
  let secondPool: Knex;
  const coherences: CacheCoherence[] = [];
  let editor: Agent;
  let category: CategoryFixture;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    secondPool = connect(database.config);
    const [onA, onB] = [cacheCoherence(database.db), cacheCoherence(secondPool)];
    coherences.push(onA, onB);
    const shared = { responseCache: {}, serverRendering: true } as const;
    a = await startTestServer(kind, { ...shared, database, coherence: onA });
    b = await startTestServer(kind, { ...shared, database: { ...database, db: secondPool, drop: async () => {} }, coherence: onB });
    // PostgreSQL: both listeners connected before anything is cached.
    await until(async () => (await onA.usable()) && (await onB.usable()), 10_000, 'the cache listeners to connect');
    ({ agent: editor } = await signedIn(a.db, a.agent(), 'editor'));
    category = await createCategory(a.db);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    for (const coherence of coherences) await coherence.close();
    await secondPool?.destroy();
    await a?.close();
  });

  /** Polls `read` on B until `seen` holds; returns how long that took after the write. */
  async function timeUntil(read: () => Promise<string>, seen: (text: string) => boolean): Promise<number> {
    const started = performance.now();
    await expect.poll(async () => seen(await read()), { timeout: 5_000, interval: 20 }).toBe(true);
    return performance.now() - started;
  }

  it('an article published on A shows in B’s cached list and page within a second; unpublished, it leaves them', async () => {
    const visitor = b.agent();
    const list = async () => (await visitor.get(`/api/news?categories=${category.id}`)).text;
    const page = async () => (await visitor.get('/news')).text;
    // B has both cached (a read is a hit). The notices of the set-up's writes on A may still be on
    // their way to B and empty its caches once more, so B is read until it answers from its cache.
    const cached = (path: string) => async () => (await visitor.get(path)).headers.get('x-cache');
    await expect.poll(cached(`/api/news?categories=${category.id}`)).toBe('hit');
    await expect.poll(cached('/news')).toBe('hit');

    const title = `Published on A ${kind} ${Date.now()}`;
    const created = await editor.post('/api/news', {
      title,
      content: 'Written through process A.',
      excerpt: 'Coherence',
      sourceName: 'Ledger Commons',
      sourceUrl: 'https://example.com/coherence',
      categoryIds: [category.id],
    });
    expect(created.status, created.text).toBe(201);
    const shownInList = await timeUntil(list, (text) => text.includes(title));
    const shownInPage = await timeUntil(page, (text) => text.includes(title));
    expect(shownInList, 'list').toBeLessThan(VISIBLE_WITHIN_MS);
    expect(shownInPage, 'page').toBeLessThan(VISIBLE_WITHIN_MS);

    const unpublished = await editor.patch(`/api/news/${created.body.id}/status`, { status: 'draft' });
    expect(unpublished.status, unpublished.text).toBe(200);
    expect(await timeUntil(list, (text) => !text.includes(title)), 'list').toBeLessThan(VISIBLE_WITHIN_MS);
    expect(await timeUntil(page, (text) => !text.includes(title)), 'page').toBeLessThan(VISIBLE_WITHIN_MS);

    const republished = await editor.patch(`/api/news/${created.body.id}/status`, { status: 'published' });
    expect(republished.status).toBe(200);
    await timeUntil(list, (text) => text.includes(title));
    expect((await editor.delete(`/api/news/${created.body.id}`)).status).toBe(200);
    expect(await timeUntil(list, (text) => !text.includes(title)), 'deleted').toBeLessThan(VISIBLE_WITHIN_MS);
  });

  /** The statements B's pool runs for `fn`, as text. */
  async function statementsOnB(fn: () => Promise<unknown>): Promise<string[]> {
    const sql: string[] = [];
    const onQuery = (q: { sql: string }) => sql.push(q.sql);
    secondPool.on('query', onQuery);
    try {
      await fn();
    } finally {
      secondPool.off('query', onQuery);
    }
    return sql;
  }

  it('B reads a member’s session once for a burst of requests, and drops it at once when A changes or ends it', async () => {
    const { agent: admin } = await signedIn(a.db, a.agent(), 'admin');
    const me = async (agent: Agent) => {
      const res = await agent.get('/api/auth/user');
      return res.status === 200 ? `${res.status} ${res.body.firstName} ${res.body.role}` : String(res.status);
    };
    const copyTo = (agent: Agent, url: string) => {
      const copy = new Agent(url);
      for (const [name, value] of agent.cookies) copy.cookies.set(name, value);
      return copy;
    };
    /** The member's cookies on B, once B answers them from its SessionCache (middleware/session.ts). */
    const cachedOnB = async (agent: Agent) => {
      const onB = copyTo(agent, b.url);
      // A moment's notices of the set-up's writes may still empty B's caches: read until one is kept.
      await expect.poll(async () => (await statementsOnB(() => me(onB))).some((sql) => sql.includes('sessions'))).toBe(false);
      return onB;
    };

    // Their own profile changed on A (the user row, the session unchanged): B shows the new name.
    const { agent: member, user } = await signedIn(a.db, a.agent(), 'subscriber');
    const memberOnB = await cachedOnB(member);
    expect((await member.patch('/api/profile', { firstName: 'Renamed' })).status).toBe(200);
    expect(await timeUntil(() => me(memberOnB), (text) => text === '200 Renamed subscriber'), 'profile').toBeLessThan(VISIBLE_WITHIN_MS);

    // A role change on A ends their sessions (users/service.ts): refused on B.
    await cachedOnB(member);
    const promoted = await admin.patch(`/api/users/${user.id}/role`, { role: 'editor' });
    expect(promoted.status, promoted.text).toBe(200);
    expect(await timeUntil(() => me(memberOnB), (text) => text === '401'), 'role change').toBeLessThan(VISIBLE_WITHIN_MS);

    // Deactivated on A: refused on B.
    const { agent: second, user: secondUser } = await signedIn(a.db, a.agent(), 'subscriber');
    const secondOnB = await cachedOnB(second);
    expect(await me(second)).toBe('200 Test subscriber');
    expect((await admin.patch(`/api/users/${secondUser.id}/status`, { isActive: false })).status).toBe(200);
    // On A, which answered the write, at once.
    expect(await me(second)).toBe('401');
    expect(await timeUntil(() => me(secondOnB), (text) => text === '401'), 'deactivation').toBeLessThan(VISIBLE_WITHIN_MS);

    // Signed out on A (the same session): refused on B.
    const { agent: third } = await signedIn(a.db, a.agent(), 'subscriber');
    const thirdOnB = await cachedOnB(third);
    // The same cookies on A, used once (kept by A), then signed out by another request.
    const thirdOnA = copyTo(third, a.url);
    expect(await me(thirdOnA)).toBe('200 Test subscriber');
    expect((await third.post('/api/auth/logout', {})).status).toBe(200);
    expect(await me(thirdOnA)).toBe('401');
    expect(await timeUntil(() => me(thirdOnB), (text) => text === '401'), 'sign-out').toBeLessThan(VISIBLE_WITHIN_MS);
  });

  it('refusals on A are not announced and leave B’s caches as they were; a committed write is', async () => {
    const visitor = b.agent();
    const path = `/api/news?categories=${category.id}&limit=3`;
    const onA = coherences[0];
    const announce = onA.announce.bind(onA);
    let announced = 0;
    onA.announce = () => {
      announced++;
      return announce();
    };
    try {
      const stranger = a.agent();
      const { agent: subscriber } = await signedIn(a.db, a.agent(), 'subscriber');
      // A member's first request of the period notes when they were last seen (a write B's SQLite sees): made before B fills.
      await subscriber.get('/api/notifications/unread-count');
      // B keeps both once the set-up's writes have reached it.
      await expect.poll(async () => (await visitor.get(path)).headers.get('x-cache')).toBe('hit');
      await expect.poll(async () => (await visitor.get('/news')).headers.get('x-cache')).toBe('hit');
      await expect.poll(async () => (await visitor.get(path)).headers.get('x-cache')).toBe('hit');
      announced = 0;
      for (let round = 0; round < 3; round++) {
        expect((await stranger.post('/api/x', {})).status).toBe(404);
        expect((await stranger.request('POST', '/api/auth/login', { raw: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
        expect((await stranger.post('/api/auth/login', { email: 'nobody' })).status).toBe(400);
        expect((await stranger.post('/api/news', { title: 'x' })).status).toBe(401);
        expect((await subscriber.post('/api/news', { title: 'x' })).status).toBe(403);
      }
      expect((await visitor.get(path)).headers.get('x-cache')).toBe('hit');
      expect((await visitor.get('/news')).headers.get('x-cache')).toBe('hit');
      // A failed sign-in counts (a write to the limits' table, which no page shows): not announced either.
      expect((await stranger.post('/api/auth/login', { email: 'nobody@example.com', password: 'Wrong-harbour-lamp-42' })).status).toBe(401);
      expect(announced).toBe(0);
      if (kind === 'pg') {
        // SQLite's other processes see any commit in data_version, the sign-in counter's included.
        expect((await visitor.get(path)).headers.get('x-cache')).toBe('hit');
        expect((await visitor.get('/news')).headers.get('x-cache')).toBe('hit');
      }

      expect((await subscriber.patch('/api/profile', { firstName: 'Announced' })).status).toBe(200);
      expect(announced).toBe(1);
    } finally {
      onA.announce = announce;
    }
  });

  it('B’s own reads are still served from its cache while nothing is written', async () => {
    const visitor = b.agent();
    const path = `/api/news?categories=${category.id}&limit=5`;
    // Kept from its second read; set-up notices on their way may empty it once more.
    await expect.poll(async () => (await visitor.get(path)).headers.get('x-cache')).toBe('hit');
    for (let i = 0; i < 3; i++) expect((await visitor.get(path)).headers.get('x-cache')).toBe('hit');
  });
});
