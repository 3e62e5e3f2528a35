import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, DashboardMetric, MetricKey } from '../../../contracts/dashboard';
import { describeEachDb, startTestServer, DB_KINDS, type Agent, type TestServer } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { createCategory, createUser, forumCategory, insertArticle, insertPodcast, postDiscussion, postReply } from '../../test/factories';

const DAY = 24 * 60 * 60 * 1000;
/** Midnight (UTC) `n` days before today, plus `minutes`: a time inside that UTC day. */
const daysAgo = (n: number, minutes = 30) => new Date(Math.floor(Date.now() / DAY) * DAY - n * DAY + minutes * 60_000).toISOString();
const metric = (d: Dashboard, key: MetricKey): DashboardMetric => {
  const m = d.metrics.find((x) => x.key === key);
  if (!m) throw new Error(`no ${key} in ${d.metrics.map((x) => x.key).join()}`);
  return m;
};

describeEachDb('admin dashboard', (t) => {
  let admin: Agent;
  let editor: Agent;

  beforeAll(async () => {
    admin = (await signedIn(t().db, t().agent(), 'admin')).agent;
    editor = (await signedIn(t().db, t().agent(), 'editor')).agent;
  });

  it('counts known writes per UTC day, for the period and the one before', async () => {
    const { db } = t();
    // Members: the admin and the editor (today), 3 listeners (today), one made 2 days ago and one 9 days ago (previous 7-day period).
    const listeners = await Promise.all([1, 2, 3].map(async () => (await signedIn(db, t().agent(), 'subscriber')).agent));
    const twoDaysAgo = await createUser(db);
    await db('users').where({ id: twoDaysAgo.id }).update({ created_at: daysAgo(2) });
    const nineDaysAgo = await createUser(db);
    await db('users').where({ id: nineDaysAgo.id }).update({ created_at: daysAgo(9) });
    // Someone who joined long before both periods: part of the total, not "new".
    const old = await createUser(db);
    await db('users').where({ id: old.id }).update({ created_at: daysAgo(400) });

    // Articles: two published today through the API, one published 1 day ago, one 10 days ago; drafts do not count.
    const categoryIds = [(await createCategory(db)).id];
    const today1 = await admin.post('/api/news', { title: 'Published today', content: 'Body', status: 'published', categoryIds });
    expect(today1.status, today1.text).toBe(201);
    const today2 = await admin.post('/api/news', { title: 'Also today', content: 'Body', status: 'published', categoryIds });
    expect(today2.status, today2.text).toBe(201);
    await insertArticle(db, { title: 'Yesterday', publishedAt: daysAgo(1), createdAt: daysAgo(1) });
    await insertArticle(db, { title: 'Ten days ago', publishedAt: daysAgo(10), createdAt: daysAgo(10) });
    const draft = await insertArticle(db, { title: 'A waiting draft', status: 'draft' });
    const later = await insertPodcast(db, { title: 'Later episode', status: 'draft' });
    await db('podcast_episodes').where({ id: later }).update({ scheduled_at: daysAgo(-3) });
    const sooner = await insertArticle(db, { title: 'Sooner article', status: 'draft' });
    await db('news_articles').where({ id: sooner }).update({ scheduled_at: daysAgo(-1) });

    // Episodes: one published today, one 8 days ago.
    const episode = await insertPodcast(db, { title: 'Popular episode' });
    await insertPodcast(db, { title: 'Old episode', publishedAt: daysAgo(8), createdAt: daysAgo(8) });

    // Comments: 2 on an article and 1 on the episode today (API); one from 12 days ago.
    const articleId = today1.body.id as string;
    for (const agent of [listeners[0], listeners[1]]) expect((await agent.post(`/api/news/${articleId}/comments`, { content: 'Nice' })).status).toBe(201);
    expect((await listeners[2].post(`/api/podcasts/${episode}/comments`, { content: 'Great' })).status).toBe(201);
    await db('news_comments').insert({ id: crypto.randomUUID(), article_id: today2.body.id, content: 'old', created_at: daysAgo(12) });

    // Forum replies: 2 today.
    const category = await forumCategory(db);
    const discussion = await postDiscussion(listeners[0], category.id);
    await postReply(listeners[1], discussion.id);
    await postReply(listeners[2], discussion.id);

    // Plays through the API: three listeners today (a second play by the same listener is not counted), and 4 plays 9 days ago.
    for (const agent of listeners) expect((await agent.post(`/api/podcasts/${episode}/play`)).status).toBe(200);
    expect((await listeners[0].post(`/api/podcasts/${episode}/play`)).status).toBe(200);
    await db('podcast_play_days').insert({ episode_id: episode, day: daysAgo(9).slice(0, 10), plays: 4 });

    // Likes: the article twice and the episode once, today.
    expect((await listeners[0].post(`/api/news/${articleId}/like`)).status).toBe(200);
    expect((await listeners[1].post(`/api/news/${articleId}/like`)).status).toBe(200);
    expect((await listeners[2].post(`/api/podcasts/${episode}/like`)).status).toBe(200);

    const res = await admin.get<Dashboard>('/api/admin/dashboard?days=7');
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    expect(d.days).toBe(7);
    expect(d.dates).toHaveLength(7);
    expect(d.dates.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(d.previousDates.at(-1)).toBe(daysAgo(7).slice(0, 10));

    const zeros = (n: number) => Array<number>(n).fill(0);
    // 2 staff + 3 listeners today, one 2 days ago; 9 days ago and 400 days ago before.
    expect(metric(d, 'newMembers')).toEqual({ key: 'newMembers', total: 6, previousTotal: 1, current: [...zeros(4), 1, 0, 5], previous: [0, 0, 0, 0, 1, 0, 0] });
    expect(metric(d, 'members')).toMatchObject({ total: 8, previousTotal: 2, current: [2, 2, 2, 2, 3, 3, 8] });
    expect(metric(d, 'articles')).toEqual({ key: 'articles', total: 3, previousTotal: 1, current: [...zeros(5), 1, 2], previous: [0, 0, 0, 1, 0, 0, 0] });
    expect(metric(d, 'episodes')).toMatchObject({ total: 1, previousTotal: 1, current: [...zeros(6), 1], previous: [0, 0, 0, 0, 0, 1, 0] });
    expect(metric(d, 'comments')).toMatchObject({ total: 3, previousTotal: 1, current: [...zeros(6), 3] });
    expect(metric(d, 'replies')).toMatchObject({ total: 2, previousTotal: 0, current: [...zeros(6), 2] });
    expect(metric(d, 'plays')).toMatchObject({ total: 3, previousTotal: 4, current: [...zeros(6), 3], previous: [0, 0, 0, 0, 4, 0, 0] });
    expect(metric(d, 'likes')).toMatchObject({ total: 3, previousTotal: 0 });

    expect(d.topArticles[0]).toEqual({ id: articleId, title: 'Published today', comments: 2, likes: 2 });
    expect(d.topArticles).toHaveLength(1);
    expect(d.topEpisodes).toEqual([{ id: episode, title: 'Popular episode', plays: 3, comments: 1 }]);
    expect(d.drafts.count).toBe(1);
    expect(d.drafts.items).toEqual([expect.objectContaining({ kind: 'article', id: draft, title: 'A waiting draft' })]);
    expect(d.scheduled.count).toBe(2);
    expect(d.scheduled.items.map((i) => [i.kind, i.id])).toEqual([
      ['article', sooner],
      ['episode', later],
    ]);
    expect(d.recentSignups).toHaveLength(5);
    expect(d.recentSignups!.map((s) => s.id)).not.toContain(old.id);

    // 30 days: the same figures fall in one period; the previous one is empty but for the 400-day-old member.
    const month = (await admin.get<Dashboard>('/api/admin/dashboard?days=30')).body;
    expect(month.dates).toHaveLength(30);
    expect(metric(month, 'newMembers')).toMatchObject({ total: 7, previousTotal: 0 });
    expect(metric(month, 'members')).toMatchObject({ total: 8, previousTotal: 1 });
    expect(metric(month, 'articles')).toMatchObject({ total: 4, previousTotal: 0 });
    expect(metric(month, 'plays')).toMatchObject({ total: 7, previousTotal: 0 });
  });

  it('shows editors the content figures but not the members', async () => {
    const res = await editor.get<Dashboard>('/api/admin/dashboard');
    expect(res.status).toBe(200);
    expect(res.body.days).toBe(7);
    expect(res.body.metrics.map((m) => m.key)).toEqual(['articles', 'episodes', 'comments', 'replies', 'plays', 'likes']);
    expect(res.body.recentSignups).toBeNull();
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('refuses subscribers, contributors and visitors, and bad periods', async () => {
    expect((await t().agent().get('/api/admin/dashboard')).status).toBe(401);
    for (const role of ['subscriber', 'contributor'] as const) {
      const { agent } = await signedIn(t().db, t().agent(), role);
      expect((await agent.get('/api/admin/dashboard')).status).toBe(403);
    }
    for (const days of ['14', 'abc', '-7', '']) {
      const res = await admin.get(`/api/admin/dashboard?days=${days}`);
      expect(res.status, days).toBe(400);
      expect(res.body.message).toBe('days must be 7, 30 or 90');
    }
  });

  it('costs the same number of queries for 1 item of each kind as for 50', async () => {
    const { db } = t();
    const count = () => t().countQueries(async () => expect((await admin.get('/api/admin/dashboard?days=90')).status).toBe(200));
    // The day's first ask counts the top lists' sets (counters.ts); every later one reads them.
    await count();
    const before = await count();
    for (let i = 0; i < 50; i++) {
      const id = await insertArticle(db, { title: `Many ${i}`, status: i % 2 ? 'draft' : 'published' });
      await db('news_comments').insert({ id: crypto.randomUUID(), article_id: id, content: 'x', created_at: daysAgo(i % 80) });
      const ep = await insertPodcast(db, { title: `Ep ${i}`, status: i % 3 ? 'published' : 'draft' });
      await db('podcast_play_days').insert({ episode_id: ep, day: daysAgo(i % 80).slice(0, 10), plays: i + 1 });
      if (i % 5 === 0) await db('news_articles').where({ id }).update({ status: 'draft', scheduled_at: daysAgo(-1 - i) });
    }
    expect(await count()).toBe(before);
    // The session with its user, then one query per figure and list: members, 6 daily figures, 2 top lists
    // (each after a look for its set), drafts, scheduled, sign-ups.
    expect(before).toBe(1 + 12 + 2);
  });
});

describe.each(DB_KINDS)('admin dashboard, cached [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { responseCache: { maxEntries: 100 } });
    return () => t.close();
  }, 60_000);

  it('is kept per staff member and emptied by a write', async () => {
    const admin = (await signedIn(t.db, t.agent(), 'admin')).agent;
    const other = (await signedIn(t.db, t.agent(), 'admin')).agent;
    const ask = async (agent: Agent) => {
      const res = await agent.get<Dashboard>('/api/admin/dashboard?days=7');
      expect(res.status).toBe(200);
      return { cache: res.headers.get('x-cache'), comments: metric(res.body, 'comments').total };
    };
    // Kept on the second miss, answered from memory on the third.
    expect(await ask(admin)).toEqual({ cache: null, comments: 0 });
    expect(await ask(admin)).toEqual({ cache: null, comments: 0 });
    expect(await ask(admin)).toEqual({ cache: 'hit', comments: 0 });
    // Another admin never gets the first one's kept answer.
    expect((await ask(other)).cache).toBeNull();

    const article = await admin.post('/api/news', { title: 'Cached?', content: 'Body', status: 'published', categoryIds: [(await createCategory(t.db)).id] });
    expect(article.status).toBe(201);
    expect((await admin.post(`/api/news/${article.body.id}/comments`, { content: 'A write' })).status).toBe(201);
    expect(await ask(admin)).toEqual({ cache: null, comments: 1 });
  });
});
