import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { createCategory, insertArticle, insertPodcast } from '../../test/factories';

const KINDS = [
  { name: 'article', path: '/api/news', insert: insertArticle, table: 'news_articles' },
  { name: 'podcast', path: '/api/podcasts', insert: insertPodcast, table: 'podcast_episodes' },
] as const;

describeEachDb('likes', (t) => {
  // Fifty signed-in users, shared by the article and podcast runs (each login costs a bcrypt compare).
  let crowd: Agent[];
  beforeAll(async () => {
    crowd = (await Promise.all(Array.from({ length: 50 }, () => signedIn(t().db, t().agent())))).map((u) => u.agent);
  }, 120_000);

  for (const kind of KINDS) {
    const make = async (o: { status?: 'draft' | 'published' } = {}) => {
      const cat = await createCategory(t().db);
      return kind.insert(t().db, { categoryIds: [cat.id], ...o });
    };
    const storedLikes = async (id: string) => Number((await t().db(kind.table).where({ id }).first('likes')).likes);
    const interactions = (id: string) => t().db('user_interactions').where({ target_id: id, target_type: kind.name, interaction_type: 'like' });

    it(`${kind.name}: an anonymous like answers {anonymous, likes} and changes nothing`, async () => {
      const id = await make();
      const first = await signedIn(t().db, t().agent());
      await first.agent.post(`${kind.path}/${id}/like`);
      for (const method of ['post', 'delete'] as const) {
        const res = await t().agent()[method](`${kind.path}/${id}/like`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ anonymous: true, likes: 1 });
      }
      expect(await storedLikes(id)).toBe(1);
      expect(await interactions(id)).toHaveLength(1);
    });

    it(`${kind.name}: one user liking twice (even concurrently) counts once; unlike undoes it once`, async () => {
      const id = await make();
      const me = await signedIn(t().db, t().agent());
      const results = await Promise.all(Array.from({ length: 5 }, () => me.agent.post(`${kind.path}/${id}/like`)));
      for (const res of results) expect(res.body).toEqual({ anonymous: false, liked: true, likes: 1 });
      expect(await storedLikes(id)).toBe(1);
      expect(await interactions(id)).toHaveLength(1);
      expect((await me.agent.get(`${kind.path}/${id}`)).body).toMatchObject({ liked: true, likes: 1 });

      const unliked = await Promise.all([me.agent.delete(`${kind.path}/${id}/like`), me.agent.delete(`${kind.path}/${id}/like`)]);
      for (const res of unliked) expect(res.body).toEqual({ anonymous: false, liked: false, likes: 0 });
      expect(await storedLikes(id)).toBe(0);
      expect((await me.agent.get(`${kind.path}/${id}`)).body).toMatchObject({ liked: false, likes: 0 });
    });

    it(`${kind.name}: 50 users liking concurrently give exactly 50`, async () => {
      const id = await make();
      const results = await Promise.all(crowd.map((agent) => agent.post(`${kind.path}/${id}/like`)));
      expect(results.every((r) => r.status === 200 && r.body.liked === true)).toBe(true);
      // Each answer is the count right after that like: all distinct, 1..50.
      expect(results.map((r) => r.body.likes).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(await storedLikes(id)).toBe(50);
      expect(await interactions(id)).toHaveLength(50);
      expect((await t().agent().get(`${kind.path}/${id}`)).body.likes).toBe(50);

      await Promise.all(crowd.slice(0, 20).map((agent) => agent.delete(`${kind.path}/${id}/like`)));
      expect(await storedLikes(id)).toBe(30);
    });

    it(`${kind.name}: likes on a draft are 404 except for editors and admins`, async () => {
      const id = await make({ status: 'draft' });
      expect((await t().agent().post(`${kind.path}/${id}/like`)).status).toBe(404);
      for (const role of ['subscriber', 'contributor'] as const) {
        const { agent } = await signedIn(t().db, t().agent(), role);
        expect((await agent.post(`${kind.path}/${id}/like`)).status, role).toBe(404);
        expect((await agent.delete(`${kind.path}/${id}/like`)).status, role).toBe(404);
      }
      const { agent } = await signedIn(t().db, t().agent(), 'editor');
      expect((await agent.post(`${kind.path}/${id}/like`)).body).toEqual({ anonymous: false, liked: true, likes: 1 });
      expect(await storedLikes(id)).toBe(1);
    });
  }
});
