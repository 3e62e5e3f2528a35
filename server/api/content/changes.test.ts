import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, type Agent } from '../../test/harness';
import { createCategory, insertArticle, insertPodcast } from '../../test/factories';
import { signedIn } from '../../test/agents';
import type { UserRow } from '../users/presenter';

/*
 * Publishing, archiving, featuring and deleting an article or episode each leave one audit entry
 * (actor, target, before/after) in the change's own transaction, and a refused change leaves none
 * (content/changes.ts). The audit screen and its API are tested in api/audit.
 */
describeEachDb('content changes in the audit log', (t) => {
  let editor: { agent: Agent; user: UserRow };
  beforeAll(async () => {
    editor = await signedIn(t().db, t().agent(), 'editor');
  });

  const entriesFor = (id: string) => t().db('audit_log').where({ target_id: id }).orderBy('created_at').orderBy('id');

  it('records publish, archive and feature toggles with before and after, and who did them', async () => {
    const cat = await createCategory(t().db);
    const id = await insertArticle(t().db, { categoryIds: [cat.id], status: 'draft', title: 'Lease accounting, again' });
    expect((await editor.agent.patch(`/api/news/${id}/status`, { status: 'published' })).status).toBe(200);
    expect((await editor.agent.patch(`/api/news/${id}/featured`, { isFeatured: true })).status).toBe(200);
    expect((await editor.agent.patch(`/api/news/${id}/archive`, { isArchived: true })).status).toBe(200);
    // The same status again is not a change.
    expect((await editor.agent.patch(`/api/news/${id}/status`, { status: 'published' })).status).toBe(200);

    const rows = await entriesFor(id);
    expect(rows.map((r) => r.action)).toEqual(['content.publish', 'content.feature', 'content.archive']);
    expect(rows[0]).toMatchObject({ actor_id: editor.user.id, target_type: 'article', target_label: 'Lease accounting, again' });
    expect(JSON.parse(rows[0].before)).toEqual({ status: 'draft' });
    expect(JSON.parse(rows[0].after)).toEqual({ status: 'published' });
    expect(JSON.parse(rows[2].after)).toEqual({ is_archived: true });
  });

  it("records an episode's unpublish through its full edit, and a deletion with what it was", async () => {
    const cat = await createCategory(t().db);
    const id = await insertPodcast(t().db, { categoryIds: [cat.id], title: 'Audit season' });
    expect((await editor.agent.patch(`/api/podcasts/${id}`, { status: 'draft' })).status).toBe(200);
    expect((await editor.agent.delete(`/api/podcasts/${id}`)).status).toBe(200);
    const rows = await entriesFor(id);
    expect(rows.map((r) => [r.action, r.target_type])).toEqual([
      ['content.unpublish', 'episode'],
      ['content.delete', 'episode'],
    ]);
    expect(JSON.parse(rows[1].before)).toEqual({ status: 'draft', isArchived: false });
  });

  it('a refused change leaves no entry', async () => {
    const cat = await createCategory(t().db);
    const id = await insertArticle(t().db, { categoryIds: [cat.id], status: 'draft' });
    const res = await editor.agent.patch(`/api/news/${id}`, { status: 'published', categoryIds: ['00000000-0000-7000-8000-000000000000'] });
    expect(res.status).toBe(400);
    expect(await entriesFor(id)).toEqual([]);
    expect((await editor.agent.delete('/api/news/00000000-0000-7000-8000-000000000001')).status).toBe(404);
  });
});
