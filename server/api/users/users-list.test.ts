import { expect, it } from 'vitest';
import { describeEachDb, startTestServer, DB_KINDS, type TestServer } from '../../test/harness';
import { createUser, forumCategory, insertArticle, insertPodcast, postDiscussion, postReply } from '../../test/factories';
import { signedIn, signInAs } from '../../test/agents';
import { Agent } from '../../test/harness';
import { LAST_SEEN_EVERY_MS } from '../../middleware/session';
import { toIso } from '../../db/dialect';
import { afterAll, beforeAll, describe } from 'vitest';

type Row = { id: string; email: string; firstName: string; joinedAt: string; lastSeenAt: string | null; postCount: number; commentCount: number };

describeEachDb('users table: activity columns and sorting', (t) => {
  /** Four members with known activity, names and sign-up times, tagged so the list can be narrowed to them. */
  async function arrange(tag: string) {
    const db = t().db;
    const make = async (firstName: string, joined: string, lastSeen: string | null) => {
      const u = await createUser(db, { firstName, lastName: tag, email: `${firstName.toLowerCase()}-${tag}@example.com` });
      await db('users').where({ id: u.id }).update({ created_at: joined });
      return { ...u, lastSeen };
    };
    const ada = await make('Ada', '2026-01-03T00:00:00.000Z', '2026-11-20T10:00:00.000Z');
    const ben = await make('Ben', '2026-01-01T00:00:00.000Z', null);
    const cy = await make('Cy', '2026-01-04T00:00:00.000Z', '2026-11-25T10:00:00.000Z');
    const dee = await make('Dee', '2026-01-02T00:00:00.000Z', '2026-11-01T10:00:00.000Z');
    const as = async (id: string) => {
      const agent = t().agent();
      await signInAs(db, agent, id);
      return agent;
    };
    const category = await forumCategory(db);
    const article = await insertArticle(db);
    const episode = await insertPodcast(db);
    // Ada: 1 discussion + 2 replies = 3 posts, 0 comments. Ben: 1 reply, 3 comments (2 articles, 1 episode).
    // Cy: 2 discussions = 2 posts, 1 comment. Dee: nothing.
    const a = await as(ada.id);
    const d1 = await postDiscussion(a, category.id, 'First');
    await postReply(a, d1.id);
    await postReply(a, d1.id, 'Again');
    const b = await as(ben.id);
    await postReply(b, d1.id, 'Ben here');
    for (const content of ['One', 'Two']) expect((await b.post(`/api/news/${article}/comments`, { content })).status).toBe(201);
    expect((await b.post(`/api/podcasts/${episode}/comments`, { content: 'Three' })).status).toBe(201);
    const c = await as(cy.id);
    await postDiscussion(c, category.id, 'Second');
    await postDiscussion(c, category.id, 'Third');
    expect((await c.post(`/api/podcasts/${episode}/comments`, { content: 'Cy' })).status).toBe(201);
    // After their requests (which wrote their own last seen): the known values.
    for (const u of [ada, ben, cy, dee]) await db('users').where({ id: u.id }).update({ last_seen_at: u.lastSeen });
    return { ada, ben, cy, dee };
  }

  it('each row has joinedAt, lastSeenAt, postCount and commentCount, exact after known writes, in one query', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const tag = 'Columns';
    const { ada, ben, cy, dee } = await arrange(tag);
    let res!: Awaited<ReturnType<Agent['get']>>;
    const queries = await t().countQueries(async () => {
      res = await agent.get(`/api/admin/users?q=${tag}`);
    });
    expect(res.status).toBe(200);
    const byId = new Map((res.body as Row[]).map((r) => [r.id, r]));
    expect(byId.size).toBe(4);
    const pick = (id: string) => {
      const r = byId.get(id)!;
      return { joinedAt: r.joinedAt, lastSeenAt: r.lastSeenAt, postCount: r.postCount, commentCount: r.commentCount };
    };
    expect(pick(ada.id)).toEqual({ joinedAt: '2026-01-03T00:00:00.000Z', lastSeenAt: '2026-11-20T10:00:00.000Z', postCount: 3, commentCount: 0 });
    expect(pick(ben.id)).toEqual({ joinedAt: '2026-01-01T00:00:00.000Z', lastSeenAt: null, postCount: 1, commentCount: 3 });
    expect(pick(cy.id)).toEqual({ joinedAt: '2026-01-04T00:00:00.000Z', lastSeenAt: '2026-11-25T10:00:00.000Z', postCount: 2, commentCount: 1 });
    expect(pick(dee.id)).toEqual({ joinedAt: '2026-01-02T00:00:00.000Z', lastSeenAt: '2026-11-01T10:00:00.000Z', postCount: 0, commentCount: 0 });
    expect((res.body as Row[])[0]).not.toHaveProperty('passwordHash');
    // The session (with its user) and the list: no query per row.
    expect(queries).toBeLessThanOrEqual(3);
  });

  it('sorts by each column, both orders; never-seen members come last either way', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    const tag = 'Sorting';
    await arrange(tag);
    const names = async (query: string) => {
      const res = await agent.get(`/api/admin/users?q=${tag}&${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body as Row[]).map((r) => r.firstName);
    };
    expect(await names('sort=name&order=asc')).toEqual(['Ada', 'Ben', 'Cy', 'Dee']);
    expect(await names('sort=name&order=desc')).toEqual(['Dee', 'Cy', 'Ben', 'Ada']);
    expect(await names('sort=name')).toEqual(['Ada', 'Ben', 'Cy', 'Dee']);
    expect(await names('sort=joined&order=asc')).toEqual(['Ben', 'Dee', 'Ada', 'Cy']);
    expect(await names('sort=joined&order=desc')).toEqual(['Cy', 'Ada', 'Dee', 'Ben']);
    expect(await names('order=desc')).toEqual(['Cy', 'Ada', 'Dee', 'Ben']);
    expect(await names('sort=lastSeen&order=desc')).toEqual(['Cy', 'Ada', 'Dee', 'Ben']);
    expect(await names('sort=lastSeen&order=asc')).toEqual(['Dee', 'Ada', 'Cy', 'Ben']);
    expect(await names('sort=posts&order=desc')).toEqual(['Ada', 'Cy', 'Ben', 'Dee']);
    expect(await names('sort=posts&order=asc')).toEqual(['Dee', 'Ben', 'Cy', 'Ada']);
    // Ties (Ada and Dee: no comments) by sign-up time, newest first.
    expect(await names('sort=comments&order=desc')).toEqual(['Ben', 'Cy', 'Ada', 'Dee']);
    expect(await names('sort=comments&order=asc')).toEqual(['Ada', 'Dee', 'Cy', 'Ben']);
    // Filters still apply with a sort.
    expect(await names('sort=posts&order=desc&role=subscriber&active=true')).toEqual(['Ada', 'Cy', 'Ben', 'Dee']);
  });

  it('a bad sort or order is 400 with a message', async () => {
    const { agent } = await signedIn(t().db, t().agent(), 'admin');
    for (const query of ['sort=email', 'sort=', 'order=up', 'sort=posts&order=ASC']) {
      const res = await agent.get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });
});

describe.each(DB_KINDS)('last seen [%s]', (kind) => {
  let server: TestServer;
  let time = Date.parse('2026-11-28T09:00:00.000Z');
  beforeAll(async () => {
    server = await startTestServer(kind, { clock: () => time });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is written on a signed-in request, then at most once every 5 minutes, with one UPDATE', async () => {
    const { agent, user } = await signedIn(server.db, server.agent(), 'subscriber');
    const lastSeen = async () => toIso((await server.db('users').where({ id: user.id }).first()).last_seen_at);
    const updates: string[] = [];
    const onQuery = (q: { sql: string }) => {
      if (/^update\s+["`]users["`]/i.test(q.sql) && /last_seen_at/.test(q.sql)) updates.push(q.sql);
    };
    server.db.on('query', onQuery);
    try {
      expect(await lastSeen()).toBeNull();
      expect((await agent.get('/api/auth/session')).body.user.id).toBe(user.id);
      expect(await lastSeen()).toBe('2026-11-28T09:00:00.000Z');
      expect(updates).toHaveLength(1);
      // Later requests within 5 minutes write nothing.
      for (const minutes of [1, 2, 4.9]) {
        time = Date.parse('2026-11-28T09:00:00.000Z') + minutes * 60_000;
        await agent.get('/api/auth/session');
        await agent.get('/api/news');
      }
      expect(updates).toHaveLength(1);
      expect(await lastSeen()).toBe('2026-11-28T09:00:00.000Z');
      // Five minutes on: written once more.
      time = Date.parse('2026-11-28T09:00:00.000Z') + LAST_SEEN_EVERY_MS;
      await agent.get('/api/auth/session');
      await agent.get('/api/auth/session');
      expect(updates).toHaveLength(2);
      expect(await lastSeen()).toBe('2026-11-28T09:05:00.000Z');
      // A visitor writes nothing.
      await server.agent().get('/api/news');
      expect(updates).toHaveLength(2);
    } finally {
      server.db.off('query', onQuery);
    }
  });
});
