import { beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import type { Dashboard } from '../../../contracts/dashboard';
import { toInt, toIso } from '../../db/dialect';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { createCategory, insertArticle, insertPodcast } from '../../test/factories';
import { countLike } from './counters';
import { periodOf, prepareTopSets } from './repo';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number, minutes = 30) => new Date(Math.floor(Date.now() / DAY) * DAY - n * DAY + minutes * 60_000).toISOString();
const iso = (v: unknown) => toIso(v) ?? '';

/**
 * The answers a count over the source rows gives (what the dashboard read before its counters):
 * likes per day, and the top lists of the current period.
 */
async function fromSources(db: Knex, days: number) {
  const p = periodOf(days, Date.now());
  const likes = await db('user_interactions').where('interaction_type', 'like').select('target_type', 'target_id', 'created_at');
  const likeDays = new Map<string, number>();
  for (const l of likes) if (iso(l.created_at) >= p.since) likeDays.set(iso(l.created_at).slice(0, 10), (likeDays.get(iso(l.created_at).slice(0, 10)) ?? 0) + 1);
  const likeTotal = p.dates.reduce((n, d) => n + (likeDays.get(d) ?? 0), 0);
  const previousLikeTotal = p.previousDates.reduce((n, d) => n + (likeDays.get(d) ?? 0), 0);

  const articles = new Map<string, { comments: number; likes: number }>();
  const article = (id: string) => articles.get(id) ?? articles.set(id, { comments: 0, likes: 0 }).get(id)!;
  for (const c of await db('news_comments').where('created_at', '>=', p.currentFrom).select('article_id')) article(c.article_id).comments++;
  for (const l of likes) if (l.target_type === 'article' && iso(l.created_at) >= p.currentFrom) article(l.target_id).likes++;
  const published = new Map((await db('news_articles').where('status', 'published').select('id', 'title')).map((a) => [String(a.id), String(a.title)]));
  const topArticles = [...articles]
    .filter(([id]) => published.has(id))
    .map(([id, n]) => ({ id, title: published.get(id)!, ...n }))
    .sort((a, b) => b.comments + b.likes - (a.comments + a.likes) || (a.id < b.id ? -1 : 1))
    .slice(0, 5);

  const episodes = new Map<string, { plays: number; comments: number }>();
  const episode = (id: string) => episodes.get(id) ?? episodes.set(id, { plays: 0, comments: 0 }).get(id)!;
  for (const r of await db('podcast_play_days').where('day', '>=', p.currentFrom.slice(0, 10)).select('episode_id', 'plays')) episode(r.episode_id).plays += toInt(r.plays);
  for (const c of await db('podcast_comments').where('created_at', '>=', p.currentFrom).select('podcast_id')) episode(c.podcast_id).comments++;
  const titles = new Map((await db('podcast_episodes').select('id', 'title')).map((e) => [String(e.id), String(e.title)]));
  const topEpisodes = [...episodes]
    .filter(([id]) => titles.has(id))
    .map(([id, n]) => ({ id, title: titles.get(id)!, ...n }))
    .sort((a, b) => b.plays - a.plays || b.comments - a.comments || (a.id < b.id ? -1 : 1))
    .slice(0, 5);
  return { likeTotal, previousLikeTotal, topArticles, topEpisodes };
}

describeEachDb('dashboard counters', (t) => {
  let admin: Agent;
  beforeAll(async () => {
    admin = (await signedIn(t().db, t().agent(), 'admin')).agent;
  });

  const dashboard = async (days: number) => {
    const res = await admin.get<Dashboard>(`/api/admin/dashboard?days=${days}`);
    expect(res.status, res.text).toBe(200);
    const likes = res.body.metrics.find((m) => m.key === 'likes')!;
    return { likeTotal: likes.total, previousLikeTotal: likes.previousTotal, topArticles: res.body.topArticles, topEpisodes: res.body.topEpisodes };
  };
  const expectEqualToSources = async () => {
    for (const days of [7, 30, 90]) expect(await dashboard(days), `${days} days`).toEqual(await fromSources(t().db, days));
  };

  it('answers as a count over the source rows does, before and after likes, comments, plays and deletes', async () => {
    const { db } = t();
    const members = await Promise.all([0, 1, 2, 3].map(async () => signedIn(db, t().agent(), 'subscriber')));
    const categoryIds = [(await createCategory(db)).id];
    const post = async (title: string) => {
      const res = await admin.post('/api/news', { title, content: 'Body', status: 'published', categoryIds });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const [a, b, c] = [await post('Counted A'), await post('Counted B'), await post('Counted C')];
    const draft = await insertArticle(db, { title: 'Counted draft', status: 'draft' });
    const ep1 = await insertPodcast(db, { title: 'Counted episode 1' });
    const ep2 = await insertPodcast(db, { title: 'Counted episode 2' });

    // Older events, written as their writes would have been on their day (before any set is counted):
    // comments 3, 20, 60 and 100 days ago, likes 5, 40 and 150 days ago, plays 10 and 45 days ago.
    const oldComments: string[] = [];
    for (const [n, article] of [[3, a], [20, b], [60, a], [100, c]] as const) {
      const id = crypto.randomUUID();
      oldComments.push(id);
      await db('news_comments').insert({ id, article_id: article, author_id: members[0].user.id, content: 'old', created_at: daysAgo(n) });
    }
    for (const [n, article, m] of [[5, b, 1], [40, c, 2], [150, a, 3]] as const) {
      const like = { id: crypto.randomUUID(), user_id: members[m].user.id, target_type: 'article', target_id: article, interaction_type: 'like', created_at: daysAgo(n) };
      await db.transaction(async (trx) => {
        await trx('user_interactions').insert(like);
        await countLike(trx, like, 1);
      });
    }
    await db('podcast_play_days').insert([
      { episode_id: ep1, day: daysAgo(10).slice(0, 10), plays: 3 },
      { episode_id: ep2, day: daysAgo(45).slice(0, 10), plays: 7 },
    ]);
    await db('podcast_comments').insert({ id: crypto.randomUUID(), podcast_id: ep2, author_id: members[0].user.id, content: 'old', created_at: daysAgo(50) });
    await expectEqualToSources();

    // Now the sets are kept: every write from here on moves them.
    for (const m of members.slice(0, 3)) expect((await m.agent.post(`/api/news/${c}/like`)).status).toBe(200);
    expect((await members[0].agent.post(`/api/news/${b}/like`)).status).toBe(200);
    expect((await members[1].agent.post(`/api/podcasts/${ep1}/like`)).status).toBe(200);
    const comment = await members[2].agent.post(`/api/news/${a}/comments`, { content: 'New' });
    expect(comment.status).toBe(201);
    expect((await members[3].agent.post(`/api/news/${b}/comments`, { content: 'New too' })).status).toBe(201);
    expect((await members[0].agent.post(`/api/podcasts/${ep2}/comments`, { content: 'Heard it' })).status).toBe(201);
    for (const m of members) expect((await m.agent.post(`/api/podcasts/${ep1}/play`)).status).toBe(200);
    // Unpublished: left out however much it has.
    await db('news_articles').where({ id: c }).update({ status: 'draft' });
    await expectEqualToSources();
    await db('news_articles').where({ id: c }).update({ status: 'published' });
    expect(draft).toBeTruthy();

    // Deletes: an unlike (today's, and the one 40 days ago through its member's deletion), comments
    // (today's, one 3 days ago, one 100 days ago: outside every period), a whole article.
    expect((await members[0].agent.delete(`/api/news/${b}/like`)).status).toBe(200);
    expect((await admin.delete(`/api/news/comments/${comment.body.id}`)).status).toBe(200);
    for (const id of [oldComments[0], oldComments[3]]) expect((await admin.delete(`/api/news/comments/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/admin/users/${members[2].user.id}`)).status).toBe(200);
    await expectEqualToSources();
    expect((await admin.delete(`/api/news/${c}`)).status).toBe(200);
    await expectEqualToSources();
    const sets = await db('dashboard_top_sets').select('kind', 'from_day');
    expect(sets).toHaveLength(6);
  });

  it('drops the sets counted on an earlier day when a later day counts its own', async () => {
    const { db } = t();
    // Yesterday's set (its period started a day earlier), and today's 7-day set not counted yet.
    const fromDay = periodOf(7, Date.now()).currentFrom.slice(0, 10);
    const yesterdays = new Date(Date.parse(fromDay) - DAY).toISOString().slice(0, 10);
    const article = await insertArticle(db, { title: 'Yesterday counted' });
    await db('dashboard_top_sets').insert({ kind: 'article', from_day: yesterdays, built_for: new Date(Date.now() - DAY).toISOString().slice(0, 10) });
    await db('dashboard_top_articles').insert({ from_day: yesterdays, article_id: article, comments: 1, likes: 0, score: 1 });
    await db('dashboard_top_articles').where({ from_day: fromDay }).delete();
    await db('dashboard_top_sets').where({ kind: 'article', from_day: fromDay }).delete();

    expect(await dashboard(7)).toEqual(await fromSources(db, 7));
    const today = new Date().toISOString().slice(0, 10);
    const sets = await db('dashboard_top_sets').where({ kind: 'article' }).select('from_day', 'built_for');
    expect(sets).toContainEqual({ from_day: fromDay, built_for: today });
    expect(sets.map((s) => s.from_day)).not.toContain(yesterdays);
    expect(toInt((await db('dashboard_top_articles').where('from_day', yesterdays).count({ n: '*' }))[0].n)).toBe(0);
  });

  it("counts the day's sets of every period ahead of the first ask (the publishing job), and only once", async () => {
    const { db } = t();
    for (const table of ['dashboard_top_articles', 'dashboard_top_episodes', 'dashboard_top_sets']) await db(table).delete();
    await prepareTopSets(db, Date.now());
    const fromDays = [7, 30, 90].map((days) => periodOf(days, Date.now()).currentFrom.slice(0, 10));
    const sets = await db('dashboard_top_sets').orderBy(['kind', 'from_day']).select('kind', 'from_day');
    expect(sets).toEqual(['article', 'episode'].flatMap((kind) => [...fromDays].sort().map((from_day) => ({ kind, from_day }))));
    const rows = toInt((await db('dashboard_top_articles').count({ n: '*' }))[0].n);
    await prepareTopSets(db, Date.now());
    expect(toInt((await db('dashboard_top_articles').count({ n: '*' }))[0].n)).toBe(rows);
    for (const days of [7, 30, 90]) expect(await dashboard(days)).toEqual(await fromSources(db, days));
  });
});
