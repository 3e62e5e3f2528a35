import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/harness';
import { forumCategory } from '../../test/factories';
import { signedIn } from '../../test/agents';

const CATEGORY_REQUIRED = { categoryId: ['Category is required'] };

describeEachDb('forum drafts and their category', (t) => {
  const member = () => signedIn(t().db, t().agent(), 'subscriber');
  const categoryCount = async (categoryId: string) =>
    ((await t().agent().get('/api/forum/categories')).body as Array<{ id: string; discussionCount: number }>).find((c) => c.id === categoryId)!.discussionCount;

  it('a draft may be saved without a category; it is its author’s alone and counts nowhere', async () => {
    const { agent } = await member();
    const res = await agent.post('/api/forum/discussions', { title: 'Half a thought', content: 'More later', status: 'draft' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'draft', categoryId: null, category: null });
    // Listed for its author (with no category), not for visitors.
    const mine = (await agent.get('/api/forum/discussions')).body as Array<{ id: string }>;
    expect(mine.map((d) => d.id)).toContain(res.body.id);
    const public_ = (await t().agent().get('/api/forum/discussions')).body as Array<{ id: string }>;
    expect(public_.map((d) => d.id)).not.toContain(res.body.id);
    expect((await t().agent().get(`/api/forum/discussions/${res.body.id}`)).status).toBe(404);
  });

  it('publishing needs a category: created published, or a draft published by edit or by status', async () => {
    const { agent } = await member();
    const published = await agent.post('/api/forum/discussions', { title: 'T', content: 'C' });
    expect(published.status).toBe(400);
    expect(published.body.errors).toEqual(CATEGORY_REQUIRED);
    const explicit = await agent.post('/api/forum/discussions', { title: 'T', content: 'C', status: 'published', categoryId: null });
    expect(explicit.status).toBe(400);
    expect(explicit.body.errors).toEqual(CATEGORY_REQUIRED);

    const draft = (await agent.post('/api/forum/discussions', { title: 'T', content: 'C', status: 'draft' })).body as { id: string };
    const byEdit = await agent.patch(`/api/forum/discussions/${draft.id}`, { status: 'published' });
    expect(byEdit.status).toBe(400);
    expect(byEdit.body).toMatchObject({ message: 'Category is required', errors: CATEGORY_REQUIRED });
    const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
    const byStatus = await editor.patch(`/api/forum/discussions/${draft.id}/status`, { status: 'published' });
    expect(byStatus.status).toBe(400);
    expect(byStatus.body.errors).toEqual(CATEGORY_REQUIRED);
    expect((await t().db('forum_discussions').where({ id: draft.id }).first()).status).toBe('draft');

    // With its category, the author publishes their draft, and the category counts it.
    const cat = await forumCategory(t().db);
    const done = await agent.patch(`/api/forum/discussions/${draft.id}`, { categoryId: cat.id, status: 'published' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'published', categoryId: cat.id });
    expect(await categoryCount(cat.id)).toBe(1);
    expect((await t().agent().get(`/api/forum/discussions/${draft.id}`)).status).toBe(200);
  });

  it('a published discussion keeps its category; a draft may lose it; only moderators unpublish', async () => {
    const { agent } = await member();
    const cat = await forumCategory(t().db);
    const d = (await agent.post('/api/forum/discussions', { title: 'T', content: 'C', categoryId: cat.id })).body as { id: string };
    const emptied = await agent.patch(`/api/forum/discussions/${d.id}`, { title: 'T2', categoryId: null });
    expect(emptied.status).toBe(400);
    expect(emptied.body.errors).toEqual(CATEGORY_REQUIRED);
    expect((await agent.patch(`/api/forum/discussions/${d.id}`, { status: 'draft' })).status).toBe(403);

    const draft = (await agent.post('/api/forum/discussions', { title: 'D', content: 'C', categoryId: cat.id, status: 'draft' })).body as { id: string };
    expect(await categoryCount(cat.id)).toBe(1);
    const res = await agent.patch(`/api/forum/discussions/${draft.id}`, { categoryId: null, status: 'draft' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ categoryId: null, status: 'draft' });
    expect(await categoryCount(cat.id)).toBe(1);
  });

  it('a bad status is refused with its field', async () => {
    const { agent } = await member();
    const res = await agent.post('/api/forum/discussions', { title: 'T', content: 'C', status: 'archived' });
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toEqual(['Status must be draft or published']);
  });

  it('a draft published tells its category’s watchers once, as a discussion created public does; saving the draft told nobody', async () => {
    const { agent } = await member();
    const watcher = await member();
    const cat = await forumCategory(t().db);
    expect((await watcher.agent.put(`/api/forum/categories/${cat.id}/watch`, { level: 'watching' })).status).toBe(200);
    const notices = async () =>
      (await t().db('notifications').where({ user_id: watcher.user.id, type: 'watched_discussion' }).select('discussion_id')).map((n) => n.discussion_id as string);

    const draft = (await agent.post('/api/forum/discussions', { title: 'Not yet', content: 'C', status: 'draft', categoryId: cat.id })).body as { id: string };
    expect(await notices()).toEqual([]);
    expect((await agent.patch(`/api/forum/discussions/${draft.id}`, { title: 'Still a draft' })).status).toBe(200);
    expect(await notices()).toEqual([]);
    expect((await agent.patch(`/api/forum/discussions/${draft.id}`, { status: 'published' })).status).toBe(200);
    expect(await notices()).toEqual([draft.id]);
    // An edit of the published discussion is not news again.
    expect((await agent.patch(`/api/forum/discussions/${draft.id}`, { title: 'Now out', status: 'published' })).status).toBe(200);
    expect(await notices()).toEqual([draft.id]);
  });
});
