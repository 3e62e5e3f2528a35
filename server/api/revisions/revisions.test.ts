import { beforeAll, expect, it } from 'vitest';
import { Revision, RevisionSummary, REVISIONS_KEPT } from '../../../contracts/revisions';
import { describeEachDb, type Agent } from '../../test/harness';
import { createCategory } from '../../test/factories';
import { signedIn } from '../../test/agents';
import type { UserRow } from '../users/presenter';

/*
 * Revisions (revisions/repo.ts): every create and every save that changes the text or fields
 * writes one, the toggles do not, an item keeps its newest REVISIONS_KEPT, and restoring one is a
 * save of its own (a new revision, an audit entry).
 */
describeEachDb('revisions', (t) => {
  let editor: { agent: Agent; user: UserRow };
  let member: Agent;
  let categoryId: string;
  let otherCategoryId: string;
  beforeAll(async () => {
    editor = await signedIn(t().db, t().agent(), 'editor');
    member = (await signedIn(t().db, t().agent(), 'subscriber')).agent;
    categoryId = (await createCategory(t().db)).id;
    otherCategoryId = (await createCategory(t().db)).id;
  });

  const revisions = async (path: string) => {
    const res = await editor.agent.get(`${path}/revisions`);
    expect(res.status, res.text).toBe(200);
    return RevisionSummary.array().parse(res.body);
  };

  it('writes one on create and on each save that changes something, not on toggles or a save that changes nothing', async () => {
    const created = await editor.agent.post('/api/news', { title: 'First words', content: 'The first body.', categoryIds: [categoryId], status: 'draft' });
    const path = `/api/news/${created.body.id}`;
    expect(await revisions(path)).toHaveLength(1);

    expect((await editor.agent.patch(path, { content: 'The second body.', categoryIds: [categoryId, otherCategoryId] })).status).toBe(200);
    expect((await editor.agent.patch(`${path}/status`, { status: 'published' })).status).toBe(200);
    expect((await editor.agent.patch(`${path}/featured`, { isFeatured: true })).status).toBe(200);
    expect((await editor.agent.put(path, { title: 'First words', content: 'The second body.' })).status).toBe(200);

    const list = await revisions(path);
    expect(list).toHaveLength(2);
    expect(list[0].author).toEqual({ id: editor.user.id, name: expect.any(String) });
    const newest = Revision.parse((await editor.agent.get(`${path}/revisions/${list[0].id}`)).body);
    expect(newest.data).toMatchObject({ title: 'First words', content: 'The second body.', categoryIds: [categoryId, otherCategoryId].sort() });
  });

  it(`keeps the newest ${REVISIONS_KEPT}`, async () => {
    const created = await editor.agent.post('/api/podcasts', { title: 'Episode v0', categoryIds: [categoryId] });
    const path = `/api/podcasts/${created.body.id}`;
    for (let i = 1; i <= REVISIONS_KEPT + 2; i++) expect((await editor.agent.patch(path, { title: `Episode v${i}` })).status).toBe(200);
    const list = await revisions(path);
    expect(list).toHaveLength(REVISIONS_KEPT);
    const oldest = Revision.parse((await editor.agent.get(`${path}/revisions/${list.at(-1)!.id}`)).body);
    expect(oldest.data.title).toBe('Episode v3');
  });

  it('restores an old version as a new revision, with an audit entry', async () => {
    const created = await editor.agent.post('/api/news', { title: 'Original title', content: 'Original body.', categoryIds: [categoryId] });
    const id = created.body.id as string;
    const path = `/api/news/${id}`;
    expect((await editor.agent.put(path, { title: 'Changed title', content: 'Changed body.', categoryIds: [otherCategoryId] })).status).toBe(200);
    const [, original] = await revisions(path);

    const restored = await editor.agent.post(`${path}/revisions/${original.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body).toMatchObject({ title: 'Original title', content: 'Original body.', categoryIds: [categoryId], status: 'published' });
    expect(await revisions(path)).toHaveLength(3);
    const entries = await t().db('audit_log').where({ target_id: id, action: 'content.restore-revision' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: editor.user.id, target_type: 'article' });
    expect(JSON.parse(entries[0].after)).toMatchObject({ revisionId: original.id, title: 'Original title' });
  });

  it('is for editors and admins, and 404 for unknown items and revisions', async () => {
    const created = await editor.agent.post('/api/news', { title: 'Guarded', content: 'Body.', categoryIds: [categoryId] });
    const path = `/api/news/${created.body.id}`;
    const [revision] = await revisions(path);
    expect((await member.get(`${path}/revisions`)).status).toBe(403);
    expect((await member.post(`${path}/revisions/${revision.id}/restore`)).status).toBe(403);
    expect((await t().agent().get(`${path}/revisions`)).status).toBe(401);
    expect((await editor.agent.get('/api/news/00000000-0000-7000-8000-000000000000/revisions')).status).toBe(404);
    expect((await editor.agent.get(`${path}/revisions/00000000-0000-7000-8000-000000000000`)).status).toBe(404);
    expect((await editor.agent.get(`${path}/revisions/not-an-id`)).status).toBe(404);
    // Another item's revision is not this item's.
    const other = await editor.agent.post('/api/podcasts', { title: 'Elsewhere', categoryIds: [categoryId] });
    expect((await editor.agent.get(`/api/podcasts/${other.body.id}/revisions/${revision.id}`)).status).toBe(404);
    // Deleting the item deletes its history.
    expect((await editor.agent.delete(path)).status).toBe(200);
    expect(await t().db('content_revisions').where({ item_id: created.body.id })).toEqual([]);
  });
});
