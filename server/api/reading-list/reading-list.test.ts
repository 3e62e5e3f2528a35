import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { ReadingListItem } from '../../../contracts/reading-list';
import { describeEachDb, type Agent } from '../../test/harness';
import { signedIn } from '../../test/agents';
import { createCategory, insertArticle } from '../../test/factories';

/*
 * The reading list on both databases over real HTTP: the merge rules in every order,
 * idempotent replays, one member's list never another's, articles that go, and the list's cost.
 */

describeEachDb('reading list', (t) => {
  let categoryId: string;
  beforeAll(async () => {
    categoryId = (await createCategory(t().db)).id;
  });
  const article = (o: { status?: 'draft' | 'published'; title?: string; content?: string } = {}) => insertArticle(t().db, { categoryIds: [categoryId], ...o });
  const member = async (role: 'subscriber' | 'editor' = 'subscriber') => (await signedIn(t().db, t().agent(), role)).agent;
  /** Device times, a minute apart, all in the past (the server clamps future ones). */
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString();
  const list = async (a: Agent) => {
    const res = await a.get<ReadingListItem[]>('/api/reading-list');
    expect(res.status).toBe(200);
    return res.body;
  };
  const save = (a: Agent, id: string, changedAt: string, headers: Record<string, string> = {}) =>
    a.request('PUT', `/api/reading-list/${id}`, { body: { changedAt }, headers });
  const remove = (a: Agent, id: string, changedAt: string) => a.delete(`/api/reading-list/${id}?changedAt=${encodeURIComponent(changedAt)}`);
  const progress = (a: Agent, id: string, body: { changedAt: string; position?: number; finished?: boolean }) => a.patch(`/api/reading-list/${id}`, body);

  it('save, list with the article, progress, remove', async () => {
    const me = await member();
    const id = await article({ title: 'Lease accounting', content: 'word '.repeat(660) });
    const saved = await save(me, id, at(1));
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ articleId: id, onList: true, savedAt: at(1), position: 0, finished: false });
    expect(await list(me)).toEqual([
      expect.objectContaining({ articleId: id, title: 'Lease accounting', gone: false, savedAt: at(1), position: 0, finished: false, readingMinutes: 3 }),
    ]);
    expect((await progress(me, id, { changedAt: at(2), position: 0.4 })).body).toMatchObject({ position: 0.4, finished: false });
    expect((await progress(me, id, { changedAt: at(3), finished: true })).body).toMatchObject({ position: 0.4, finished: true });
    const removed = await remove(me, id, at(4));
    expect(removed.body).toMatchObject({ onList: false });
    expect(await list(me)).toEqual([]);
  });

  it('newest saved first', async () => {
    const me = await member();
    const [a, b, c] = [await article(), await article(), await article()];
    await save(me, b, at(2));
    await save(me, a, at(3));
    await save(me, c, at(1));
    expect((await list(me)).map((i) => i.articleId)).toEqual([a, b, c]);
  });

  // Two devices, each with changes made offline, arrive in either order: the same list.
  const MERGES: Array<{ name: string; a: Array<(x: Agent, id: string) => Promise<unknown>>; b: Array<(x: Agent, id: string) => Promise<unknown>>; expect: Partial<ReadingListItem> | null }> = [
    { name: 'a removal beats an older save', a: [(x, id) => save(x, id, at(1))], b: [(x, id) => remove(x, id, at(2))], expect: null },
    { name: 'a save after a removal revives', a: [(x, id) => save(x, id, at(1)), (x, id) => save(x, id, at(3))], b: [(x, id) => remove(x, id, at(2))], expect: { savedAt: at(3) } },
    { name: 'a removal and a save at the same time: removed', a: [(x, id) => save(x, id, at(2))], b: [(x, id) => remove(x, id, at(2))], expect: null },
    {
      name: 'the furthest position wins, whatever its time',
      a: [(x, id) => save(x, id, at(1)), (x, id) => progress(x, id, { changedAt: at(2), position: 0.8 })],
      b: [(x, id) => progress(x, id, { changedAt: at(5), position: 0.3 })],
      expect: { position: 0.8 },
    },
    {
      name: 'finished: the later change wins',
      a: [(x, id) => save(x, id, at(1)), (x, id) => progress(x, id, { changedAt: at(4), finished: false })],
      b: [(x, id) => progress(x, id, { changedAt: at(3), finished: true, position: 1 })],
      expect: { finished: false, position: 1 },
    },
  ];
  for (const m of MERGES) {
    it(`merge: ${m.name}, in either order`, async () => {
      const results = [];
      for (const order of [[...m.a, ...m.b], [...m.b, ...m.a]]) {
        const me = await member();
        const id = await article();
        // Device A's changes keep their order, as its outbox sends them; B's may come first.
        for (const step of order) await step(me, id);
        const items = await list(me);
        if (m.expect === null) expect(items).toEqual([]);
        else expect(items).toEqual([expect.objectContaining({ articleId: id, ...m.expect })]);
        results.push(items.map(({ savedAt, position, finished }) => ({ savedAt, position, finished })));
      }
      expect(results[0]).toEqual(results[1]);
    });
  }

  it('replays change nothing: the same write again, and with the same Idempotency-Key', async () => {
    const me = await member();
    const id = await article();
    const key = `rl-${randomUUID()}`;
    const first = await save(me, id, at(1), { 'Idempotency-Key': key });
    const again = await save(me, id, at(1), { 'Idempotency-Key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    await progress(me, id, { changedAt: at(2), position: 0.5 });
    const before = await list(me);
    for (let i = 0; i < 3; i++) {
      expect((await save(me, id, at(1))).status).toBe(200);
      expect((await progress(me, id, { changedAt: at(2), position: 0.5 })).status).toBe(200);
    }
    expect(await list(me)).toEqual(before);
    expect((await remove(me, id, at(3))).status).toBe(200);
    expect((await remove(me, id, at(3))).status).toBe(200);
    expect(await list(me)).toEqual([]);
  });

  it("another member's list is never readable or writable", async () => {
    const alice = await member();
    const bob = await member();
    const id = await article();
    await save(alice, id, at(1));
    expect(await list(bob)).toEqual([]);
    // Bob's writes are his own rows: Alice's entry is untouched.
    await remove(bob, id, at(5));
    await progress(bob, id, { changedAt: at(5), position: 1, finished: true });
    expect(await list(alice)).toEqual([expect.objectContaining({ articleId: id, position: 0, finished: false })]);
    expect(await t().db('reading_list').where({ article_id: id })).toHaveLength(2);
  });

  it('signed out 401, bad input 400 with field errors, unknown or draft article 404', async () => {
    const me = await member();
    const id = await article();
    const anonymous = t().agent();
    expect((await anonymous.get('/api/reading-list')).status).toBe(401);
    expect((await save(anonymous, id, at(1))).status).toBe(401);
    const bad = await me.put(`/api/reading-list/${id}`, { changedAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.changedAt).toEqual(['changedAt must be an ISO-8601 timestamp']);
    const position = await progress(me, id, { changedAt: at(1), position: 1.5 });
    expect(position.status).toBe(400);
    expect(position.body.errors.position).toBeDefined();
    expect((await progress(me, id, { changedAt: at(1) })).status).toBe(400);
    expect((await me.delete(`/api/reading-list/${id}`)).status).toBe(400);
    const future = await save(me, id, new Date(Date.now() + 3600_000).toISOString());
    expect(future.status).toBe(400);
    for (const missing of [randomUUID(), 'not-an-id', await article({ status: 'draft' })]) {
      expect((await save(me, missing, at(1))).status).toBe(404);
      expect((await remove(me, missing, at(1))).status).toBe(404);
      expect((await progress(me, missing, { changedAt: at(1), position: 0.5 })).status).toBe(404);
    }
    expect(await t().db('reading_list').where({ user_id: (await me.get('/api/auth/session')).body.user.id })).toEqual([]);
    // Editors may keep drafts, which they can open.
    expect((await save(await member('editor'), await article({ status: 'draft' }), at(1))).status).toBe(200);
  });

  it('a deleted or unpublished article leaves the list with a note, which can be removed', async () => {
    const me = await member();
    const editor = await member('editor');
    const deleted = await article({ title: 'Soon deleted' });
    const unpublished = await article({ title: 'Soon a draft' });
    const kept = await article({ title: 'Still here' });
    for (const [i, id] of [deleted, unpublished, kept].entries()) await save(me, id, at(i + 1));
    expect((await editor.delete(`/api/news/${deleted}`)).status).toBe(200);
    expect((await editor.patch(`/api/news/${unpublished}/status`, { status: 'draft' })).status).toBe(200);
    const items = await list(me);
    expect(items).toEqual([
      expect.objectContaining({ articleId: kept, gone: false, title: 'Still here' }),
      { articleId: unpublished, title: 'Soon a draft', gone: true, excerpt: null, imageUrl: null, publishedAt: null, readingMinutes: null, savedAt: at(2), position: 0, finished: false },
      expect.objectContaining({ articleId: deleted, title: 'Soon deleted', gone: true }),
    ]);
    expect((await remove(me, deleted, at(9))).status).toBe(200);
    expect((await remove(me, unpublished, at(9))).status).toBe(200);
    expect((await list(me)).map((i) => i.articleId)).toEqual([kept]);
  });

  it('one query for the list, whether it holds 1 or 50 articles', async () => {
    const one = await member();
    const fifty = await member();
    await save(one, await article(), at(1));
    for (let i = 0; i < 50; i++) await save(fifty, await article(), at(1));
    const cost = async (a: Agent) => {
      let length = 0;
      const queries = await t().countQueries(async () => {
        length = (await list(a)).length;
      });
      return { length, queries };
    };
    const small = await cost(one);
    const large = await cost(fifty);
    expect([small.length, large.length]).toEqual([1, 50]);
    expect(large.queries).toBe(small.queries);
  });
});
