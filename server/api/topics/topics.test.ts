import { expect, it } from 'vitest';
import type { Topic, TopicList } from '../../../contracts/topics';
import { describeEachDb, type Agent } from '../../test/harness';
import { createCategory, forumCategory } from '../../test/factories';
import { newMember } from '../../test/agents';
import { insertShow } from '../podcast-shows/repo';

/*
 * The member's topics on both databases over real HTTP: follow, mute and clear news categories, shows
 * and forum categories (the forum's through its watch level), each member's own, bad input, and a
 * deleted category or show leaving no follow behind.
 */
describeEachDb('topics', (t) => {
  let n = 0;
  const unique = () => `${Date.now().toString(36)}${n++}`;
  const show = () => insertShow(t().db, { name: `Show ${unique()}`, slug: `show-${unique()}` });
  const list = async (agent: Agent) => (await agent.get<TopicList>('/api/topics')).body.topics;
  const find = (topics: Topic[], id: string) => topics.find((x) => x.id === id);
  const put = (agent: Agent, kind: string, id: string, level: unknown) => agent.request('PUT', `/api/topics/${kind}/${id}`, { body: { level } });

  it('lists every kind with the member’s level, ordered by kind then name', async () => {
    const { agent } = await newMember(t());
    const news = await createCategory(t().db, { name: `Audit ${unique()}` });
    const podcast = await show();
    const forum = await forumCategory(t().db);
    const topics = await list(agent);
    expect(find(topics, news.id)).toEqual({ kind: 'news_category', id: news.id, name: news.name, level: null });
    expect(find(topics, podcast.id)).toMatchObject({ kind: 'podcast_show', level: null });
    expect(find(topics, forum.id)).toMatchObject({ kind: 'forum_category', name: forum.name, level: null });
    const kinds = topics.map((x) => x.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => ['news_category', 'podcast_show', 'forum_category'].indexOf(a) - ['news_category', 'podcast_show', 'forum_category'].indexOf(b)));
    const newsNames = topics.filter((x) => x.kind === 'news_category').map((x) => x.name);
    expect(newsNames).toEqual([...newsNames].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
  });

  it('follows, mutes and clears a news category and a show; another member is unaffected', async () => {
    const alice = await newMember(t());
    const bob = await newMember(t());
    const news = await createCategory(t().db);
    const podcast = await show();

    const followed = await put(alice.agent, 'news_category', news.id, 'following');
    expect(followed.status).toBe(200);
    expect(followed.body).toEqual({ kind: 'news_category', id: news.id, level: 'following' });
    // Idempotent: the outbox may send it twice.
    expect((await put(alice.agent, 'news_category', news.id, 'following')).body.level).toBe('following');
    expect((await put(alice.agent, 'podcast_show', podcast.id, 'muted')).body).toEqual({ kind: 'podcast_show', id: podcast.id, level: 'muted' });

    let mine = await list(alice.agent);
    expect(find(mine, news.id)?.level).toBe('following');
    expect(find(mine, podcast.id)?.level).toBe('muted');
    const theirs = await list(bob.agent);
    expect(find(theirs, news.id)?.level).toBeNull();
    expect(find(theirs, podcast.id)?.level).toBeNull();

    expect((await put(alice.agent, 'news_category', news.id, 'muted')).body.level).toBe('muted');
    expect((await put(alice.agent, 'podcast_show', podcast.id, null)).body).toEqual({ kind: 'podcast_show', id: podcast.id, level: null });
    mine = await list(alice.agent);
    expect(find(mine, news.id)?.level).toBe('muted');
    expect(find(mine, podcast.id)?.level).toBeNull();
    expect(await t().db('topic_follows').where({ user_id: alice.user.id, topic_id: podcast.id }).first()).toBeUndefined();
  });

  it('a forum category is its watch level: following ⇄ watching, muted ⇄ muted, null ⇄ normal', async () => {
    const { agent } = await newMember(t());
    const forum = (await forumCategory(t().db)).id;
    expect((await put(agent, 'forum_category', forum, 'following')).body).toEqual({ kind: 'forum_category', id: forum, level: 'following' });
    expect((await agent.get(`/api/forum/categories/${forum}/watch`)).body).toEqual({ level: 'watching', chosen: true });

    await agent.request('PUT', `/api/forum/categories/${forum}/watch`, { body: { level: 'muted' } });
    expect(find(await list(agent), forum)?.level).toBe('muted');

    expect((await put(agent, 'forum_category', forum, null)).body.level).toBeNull();
    expect((await agent.get(`/api/forum/categories/${forum}/watch`)).body.level).toBe('normal');
    expect(find(await list(agent), forum)?.level).toBeNull();
    expect(await t().db('topic_follows').where({ topic_id: forum }).first()).toBeUndefined();
  });

  it('401 for visitors, 404 for an unknown topic, 400 for a bad kind or level', async () => {
    const { agent } = await newMember(t());
    const news = await createCategory(t().db);
    expect((await t().agent().get('/api/topics')).status).toBe(401);
    expect((await put(t().agent(), 'news_category', news.id, 'following')).status).toBe(401);

    const unknown = await put(agent, 'podcast_show', news.id, 'following');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Topic not found');
    expect((await put(agent, 'news_category', 'not-a-uuid', 'following')).status).toBe(404);

    const badKind = await put(agent, 'tag', news.id, 'following');
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors.kind[0]).toBe('Must be one of: news_category, podcast_show, forum_category');
    const badLevel = await put(agent, 'news_category', news.id, 'watching');
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.errors.level[0]).toBe('Must be one of: following, muted, or null');
    expect((await agent.request('PUT', `/api/topics/news_category/${news.id}`, { body: {} })).status).toBe(400);
    expect((await agent.request('PUT', `/api/topics/news_category/${news.id}`, { body: { level: 'muted', extra: 1 } })).status).toBe(400);
  });

  it('costs the same number of queries for 1 or many topics and follows', async () => {
    const { agent } = await newMember(t());
    const count = () => t().countQueries(async () => expect((await agent.get('/api/topics')).status).toBe(200));
    // The first signed-in request also records the visit.
    await count();
    const before = await count();
    for (let i = 0; i < 8; i++) {
      const news = await createCategory(t().db);
      const forum = (await forumCategory(t().db)).id;
      await put(agent, 'news_category', news.id, i % 2 ? 'muted' : 'following');
      await put(agent, 'podcast_show', (await show()).id, 'following');
      await put(agent, 'forum_category', forum, 'muted');
    }
    expect(await count()).toBe(before);
  });

  it('deleting a news category or a show removes its follows', async () => {
    const admin = await newMember(t(), { role: 'admin' });
    const member = await newMember(t());
    const news = await createCategory(t().db);
    const podcast = await show();
    await put(member.agent, 'news_category', news.id, 'following');
    await put(member.agent, 'podcast_show', podcast.id, 'muted');
    expect(await t().db('topic_follows').where({ user_id: member.user.id }).pluck('topic_id')).toHaveLength(2);

    expect((await admin.agent.request('DELETE', `/api/admin/news-categories/${news.id}`)).status).toBe(200);
    expect((await admin.agent.request('DELETE', `/api/admin/podcast-shows/${podcast.id}`)).status).toBe(200);
    expect(await t().db('topic_follows').whereIn('topic_id', [news.id, podcast.id])).toEqual([]);
    const topics = await list(member.agent);
    expect(find(topics, news.id)).toBeUndefined();
  });
});
