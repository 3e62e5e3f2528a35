import { beforeAll, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { describeEachDb, type Agent } from '../../test/harness';
import { insertPodcast } from '../../test/factories';
import { signedIn, viewerAgents, type Viewer } from '../../test/agents';

/*
 * Comments on podcast episodes: the article comment system (server/api/comments) on another
 * target, so the same paging, client ids, written-at, limits and delete policy hold.
 */
describeEachDb('podcast episode comments', (t) => {
  let as: Record<Viewer, Agent>;
  beforeAll(async () => {
    as = await viewerAgents(t());
  });

  const count = async (id: string) => Number((await t().db('podcast_episodes').where({ id }).first('comment_count')).comment_count);
  const ids = (res: { body: Array<{ id: string }> }) => res.body.map((c) => c.id);

  it('anyone who can see the episode reads them oldest first, paged with X-Next-Cursor; commentCount follows', async () => {
    const id = await insertPodcast(t().db);
    const alice = await signedIn(t().db, t().agent(), 'subscriber');
    const first = await alice.agent.post(`/api/podcasts/${id}/comments`, { content: '  Great episode  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ podcastId: id, authorId: alice.user.id, content: 'Great episode', writtenAt: null, author: { id: alice.user.id } });
    expect(first.body).not.toHaveProperty('articleId');
    expect(first.text).not.toContain(alice.user.email);
    const second = await as.editor.post(`/api/podcasts/${id}/comments`, { content: 'Second' });
    expect(second.status).toBe(201);

    const list = await as.anonymous.get(`/api/podcasts/${id}/comments`);
    expect(list.status).toBe(200);
    expect(ids(list)).toEqual([first.body.id, second.body.id]);
    expect((await as.anonymous.get(`/api/podcasts/${id}`)).body.commentCount).toBe(2);

    const page1 = await as.anonymous.get(`/api/podcasts/${id}/comments?limit=1`);
    expect(ids(page1)).toEqual([first.body.id]);
    const page2 = await as.anonymous.get(`/api/podcasts/${id}/comments?limit=1&after=${page1.headers.get('x-next-cursor')}`);
    expect(ids(page2)).toEqual([second.body.id]);
    expect(page2.headers.get('x-next-cursor')).toBeNull();

    // Another episode's comments are its own; an article never sees them.
    const other = await insertPodcast(t().db);
    expect((await as.anonymous.get(`/api/podcasts/${other}/comments`)).body).toEqual([]);
    expect(await t().db('news_comments').whereIn('id', [first.body.id, second.body.id])).toEqual([]);
  });

  it('a client id sent twice writes one row: 201, then 200 with the same comment; written-at kept', async () => {
    const id = await insertPodcast(t().db);
    const { agent } = await signedIn(t().db, t().agent(), 'subscriber');
    const clientId = uuidv7();
    const writtenAt = new Date(Date.now() - 60_000).toISOString();
    const body = { id: clientId, content: 'Written on the train', writtenAt };
    const created = await agent.post(`/api/podcasts/${id}/comments`, body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: clientId, podcastId: id, writtenAt });
    const replay = await agent.post(`/api/podcasts/${id}/comments`, body);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(created.body);
    expect(await t().db('podcast_comments').where({ podcast_id: id })).toHaveLength(1);
    expect(await count(id)).toBe(1);

    // The same id from another member, or on another episode, is someone else's: 409, nothing written.
    expect((await as.subscriber.post(`/api/podcasts/${id}/comments`, body)).status).toBe(409);
    const other = await insertPodcast(t().db);
    expect((await agent.post(`/api/podcasts/${other}/comments`, body)).status).toBe(409);
    expect(await count(other)).toBe(0);
  });

  it('sign-in required; bad input answers 400 with field errors; drafts and deleted episodes are 404', async () => {
    const id = await insertPodcast(t().db);
    const anon = await as.anonymous.post(`/api/podcasts/${id}/comments`, { content: 'Hi' });
    expect(anon.status).toBe(401);
    for (const content of ['', '   ', undefined]) {
      const res = await as.subscriber.post(`/api/podcasts/${id}/comments`, { content });
      expect(res.status).toBe(400);
      expect(res.body.errors.content).toEqual(['Comment required']);
    }
    expect((await as.subscriber.post(`/api/podcasts/${id}/comments`, { content: 'x'.repeat(5001) })).status).toBe(400);
    const badId = await as.subscriber.post(`/api/podcasts/${id}/comments`, { content: 'Hi', id: 'not-a-uuid' });
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty('id');
    const badCursor = await as.anonymous.get(`/api/podcasts/${id}/comments?after=nonsense`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toEqual(expect.any(String));
    expect((await as.anonymous.get(`/api/podcasts/not-an-id/comments`)).status).toBe(404);
    expect(await count(id)).toBe(0);

    const draft = await insertPodcast(t().db, { status: 'draft' });
    expect((await as.subscriber.post(`/api/podcasts/${draft}/comments`, { content: 'Hi' })).status).toBe(404);
    expect((await as.subscriber.get(`/api/podcasts/${draft}/comments`)).status).toBe(404);
    expect((await as.anonymous.get(`/api/podcasts/${draft}/comments`)).status).toBe(404);
    expect((await as.editor.get(`/api/podcasts/${draft}/comments`)).status).toBe(200);
    expect(await count(draft)).toBe(0);

    // Deleting the episode removes its comments with it; afterwards it is 404 for everyone.
    const gone = await insertPodcast(t().db);
    expect((await as.subscriber.post(`/api/podcasts/${gone}/comments`, { content: 'Bye' })).status).toBe(201);
    expect((await as.editor.delete(`/api/podcasts/${gone}`)).status).toBe(200);
    expect(await t().db('podcast_comments').where({ podcast_id: gone })).toEqual([]);
    expect((await as.editor.get(`/api/podcasts/${gone}/comments`)).status).toBe(404);
    expect((await as.subscriber.post(`/api/podcasts/${gone}/comments`, { content: 'Hi' })).status).toBe(404);
  });

  it('own delete, editor/admin moderation, 403 for other members; commentCount follows', async () => {
    const id = await insertPodcast(t().db);
    const author = await signedIn(t().db, t().agent(), 'subscriber');
    const post = async () => (await author.agent.post(`/api/podcasts/${id}/comments`, { content: 'Mine' })).body.id as string;
    const [c1, c2, c3] = [await post(), await post(), await post()];
    expect(await count(id)).toBe(3);

    expect((await as.anonymous.delete(`/api/podcasts/comments/${c1}`)).status).toBe(401);
    for (const other of ['subscriber', 'contributor'] as const) {
      const res = await as[other].delete(`/api/podcasts/comments/${c1}`);
      expect(res.status, other).toBe(403);
      expect(res.body.message).toBe('You can only delete your own comments');
    }
    expect(await count(id)).toBe(3);

    expect((await author.agent.delete(`/api/podcasts/comments/${c1}`)).body).toEqual({ ok: true });
    expect(await count(id)).toBe(2);
    expect((await author.agent.delete(`/api/podcasts/comments/${c1}`)).status).toBe(404);
    expect(await count(id)).toBe(2);
    expect((await as.editor.delete(`/api/podcasts/comments/${c2}`)).status).toBe(200);
    expect((await as.admin.delete(`/api/podcasts/comments/${c3}`)).status).toBe(200);
    expect(await count(id)).toBe(0);
    expect((await as.anonymous.get(`/api/podcasts/${id}/comments`)).body).toEqual([]);

    // An article's comment id is not an episode comment.
    expect((await as.admin.delete(`/api/podcasts/comments/${uuidv7()}`)).status).toBe(404);
  });
});
