import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDb, type Agent } from '../../test/harness';
import { createCategory, createUser, insertArticle, insertPodcast, minutesAgo } from '../../test/factories';
import { signedIn } from '../../test/agents';
import { insertShow } from '../podcast-shows/repo';
import type { UserRow } from '../users/presenter';
import type { AdminContentPage } from '../../../contracts/admin-content';

/*
 * GET /api/admin/content and POST /api/admin/content/bulk. Every test makes its own author (or
 * category) and filters by it, so the suite's items never meet on one server.
 */
describeEachDb('admin content list', (t) => {
  let editor: { agent: Agent; user: UserRow };
  let admin: { agent: Agent; user: UserRow };
  beforeAll(async () => {
    editor = await signedIn(t().db, t().agent(), 'editor');
    admin = await signedIn(t().db, t().agent(), 'admin');
  });

  const list = async (agent: Agent, search: string) => {
    const res = await agent.get<AdminContentPage>(`/api/admin/content?${search}`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const titles = (page: AdminContentPage) => page.rows.map((r) => r.title);
  const author = () => createUser(t().db, { role: 'editor', firstName: 'Ada', lastName: 'Lovelace' });

  /** One item of each tab by a new author, with known update times. */
  async function oneOfEach(kind: 'article' | 'episode' = 'article') {
    const a = await author();
    const insert = kind === 'article' ? insertArticle : insertPodcast;
    const ids = {
      draft: await insert(t().db, { authorId: a.id, status: 'draft', title: 'Draft one', createdAt: minutesAgo(40) }),
      scheduled: await insert(t().db, { authorId: a.id, status: 'draft', title: 'Scheduled one', createdAt: minutesAgo(30) }),
      published: await insert(t().db, { authorId: a.id, status: 'published', title: 'Published one', createdAt: minutesAgo(20) }),
      archived: await insert(t().db, { authorId: a.id, status: 'published', isArchived: true, title: 'Archived one', createdAt: minutesAgo(10) }),
    };
    const table = kind === 'article' ? 'news_articles' : 'podcast_episodes';
    await t().db(table).where({ id: ids.scheduled }).update({ scheduled_at: '2031-01-01T09:00:00.000Z' });
    return { author: a, ids, table };
  }

  it('puts each item in one tab and counts every tab in the labels', async () => {
    const { author: a, ids } = await oneOfEach();
    for (const tab of ['draft', 'scheduled', 'published', 'archived'] as const) {
      const page = await list(editor.agent, `kind=article&status=${tab}&author=${a.id}`);
      expect(page.rows.map((r) => r.id)).toEqual([ids[tab]]);
      expect(page.counts).toEqual({ draft: 1, scheduled: 1, published: 1, archived: 1 });
      expect(page.total).toBe(1);
    }
    const scheduled = await list(editor.agent, `kind=article&status=scheduled&author=${a.id}`);
    expect(scheduled.rows[0]).toMatchObject({ status: 'draft', scheduledAt: '2031-01-01T09:00:00.000Z', isArchived: false, author: { id: a.id, name: 'Ada Lovelace' }, plays: null, show: null });
    const archived = await list(editor.agent, `kind=article&status=archived&author=${a.id}`);
    expect(archived.rows[0]).toMatchObject({ status: 'published', isArchived: true });
    // The tab defaults to drafts.
    expect(titles(await list(editor.agent, `kind=article&author=${a.id}`))).toEqual(['Draft one']);
  });

  it('answers episodes with their show, plays and categories, and filters by show and category', async () => {
    const a = await author();
    const cat = await createCategory(t().db, { name: 'Audit' });
    const show = await insertShow(t().db, { name: 'Close the Books', slug: `close-${a.id.slice(-8)}` });
    const inShow = await insertPodcast(t().db, { authorId: a.id, title: 'In the show', showId: show.id, categoryIds: [cat.id] });
    await insertPodcast(t().db, { authorId: a.id, title: 'No show' });
    await t().db('podcast_episodes').where({ id: inShow }).update({ play_count: 42, likes: 3, comment_count: 2 });

    const all = await list(admin.agent, `kind=episode&status=published&author=${a.id}`);
    expect(titles(all).sort()).toEqual(['In the show', 'No show']);
    const byShow = await list(admin.agent, `kind=episode&status=published&author=${a.id}&show=${show.id}`);
    expect(byShow.rows).toHaveLength(1);
    expect(byShow.rows[0]).toMatchObject({
      title: 'In the show',
      plays: 42,
      likes: 3,
      commentCount: 2,
      show: { id: show.id, name: 'Close the Books' },
      categories: [{ id: cat.id, name: 'Audit' }],
    });
    expect(byShow.counts.published).toBe(1);
    expect(titles(await list(admin.agent, `kind=episode&status=published&author=${a.id}&category=${cat.id}`))).toEqual(['In the show']);
    // Articles are not episodes.
    expect((await list(admin.agent, `kind=article&status=published&author=${a.id}`)).total).toBe(0);
  });

  it('searches titles case-insensitively, with % and _ matched literally, and the counts follow', async () => {
    const a = await author();
    await insertArticle(t().db, { authorId: a.id, title: 'IFRS 18: what changes' });
    await insertArticle(t().db, { authorId: a.id, title: 'Revenue at 100% recognition', status: 'draft' });
    await insertArticle(t().db, { authorId: a.id, title: 'Revenue at 1000 recognition', status: 'draft' });
    const ifrs = await list(editor.agent, `kind=article&status=published&author=${a.id}&q=ifrs`);
    expect(titles(ifrs)).toEqual(['IFRS 18: what changes']);
    expect(ifrs.counts).toEqual({ draft: 0, scheduled: 0, published: 1, archived: 0 });
    const percent = await list(editor.agent, `kind=article&status=draft&author=${a.id}&q=${encodeURIComponent('100%')}`);
    expect(titles(percent)).toEqual(['Revenue at 100% recognition']);
    expect(percent.counts.draft).toBe(1);
  });

  it('sorts by last change or by publication, and pages with a total', async () => {
    const a = await author();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertArticle(t().db, { authorId: a.id, title: `P${i}`, createdAt: minutesAgo(100 - i) }));
    // P0 was edited last; P4 was published last.
    await t().db('news_articles').where({ id: ids[0] }).update({ updated_at: minutesAgo(1) });
    const byUpdate = await list(editor.agent, `kind=article&status=published&author=${a.id}&sort=updated`);
    expect(titles(byUpdate)).toEqual(['P0', 'P4', 'P3', 'P2', 'P1']);
    const byPublished = await list(editor.agent, `kind=article&status=published&author=${a.id}&sort=published`);
    expect(titles(byPublished)).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);

    const page1 = await list(editor.agent, `kind=article&status=published&author=${a.id}&sort=published&limit=2&page=1`);
    const page3 = await list(editor.agent, `kind=article&status=published&author=${a.id}&sort=published&limit=2&page=3`);
    expect([titles(page1), page1.total, page1.page, page1.limit]).toEqual([['P4', 'P3'], 5, 1, 2]);
    expect([titles(page3), page3.total]).toEqual([['P0'], 5]);
    expect((await list(editor.agent, `kind=article&status=published&author=${a.id}&limit=2&page=4`)).rows).toEqual([]);
  });

  it('puts never-published drafts last when sorted by publication', async () => {
    const a = await author();
    await insertArticle(t().db, { authorId: a.id, title: 'Never out', status: 'draft', createdAt: minutesAgo(1) });
    await insertArticle(t().db, { authorId: a.id, title: 'Was out', status: 'draft', publishedAt: minutesAgo(50), createdAt: minutesAgo(60) });
    expect(titles(await list(editor.agent, `kind=article&status=draft&author=${a.id}&sort=published`))).toEqual(['Was out', 'Never out']);
  });

  it('reads a page of 50 in as many queries as a page of 1', async () => {
    const a = await author();
    const cat = await createCategory(t().db);
    const show = await insertShow(t().db, { name: 'Counting show', slug: `count-${a.id.slice(-8)}` });
    for (let i = 0; i < 50; i++) await insertPodcast(t().db, { authorId: i % 2 ? a.id : editor.user.id, title: `Q${i}`, categoryIds: [cat.id], showId: i % 2 ? show.id : undefined });
    const one = await t().countQueries(() => list(admin.agent, `kind=episode&status=published&category=${cat.id}&limit=1`));
    const fifty = await t().countQueries(() => list(admin.agent, `kind=episode&status=published&category=${cat.id}&limit=50`));
    expect((await list(admin.agent, `kind=episode&status=published&category=${cat.id}&limit=50`)).rows).toHaveLength(50);
    expect(fifty).toBe(one);
  });

  it('refuses bad parameters with 400 and the field', async () => {
    for (const search of ['', 'kind=post', 'kind=article&status=deleted', 'kind=article&sort=likes', 'kind=article&page=0', 'kind=article&limit=101', 'kind=article&author=nobody', 'kind=article&show=00000000-0000-7000-8000-000000000000', 'kind=article&category=x']) {
      const res = await editor.agent.get(`/api/admin/content?${search}`);
      expect(res.status, search).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('is for editors and admins only', async () => {
    expect((await t().agent().get('/api/admin/content?kind=article')).status).toBe(401);
    const { agent: subscriber } = await signedIn(t().db, t().agent(), 'subscriber');
    expect((await subscriber.get('/api/admin/content?kind=article')).status).toBe(403);
    expect((await subscriber.post('/api/admin/content/bulk', { kind: 'article', ids: [editor.user.id], action: 'publish' })).status).toBe(403);
    const { agent: contributor } = await signedIn(t().db, t().agent(), 'contributor');
    expect((await contributor.get('/api/admin/content?kind=article')).status).toBe(403);
    expect((await t().agent().post('/api/admin/content/bulk', { kind: 'article', ids: [editor.user.id], action: 'publish' })).status).toBe(401);
  });

  describe('bulk actions', () => {
    const auditFor = (ids: string[]) => t().db('audit_log').whereIn('target_id', ids).orderBy('created_at').orderBy('id');

    it('publishes drafts and scheduled items: stamps publishedAt, clears the publish time, audits each, tells each author once', async () => {
      const writer = await author();
      const other = await author();
      const d1 = await insertArticle(t().db, { authorId: writer.id, status: 'draft', title: 'Bulk A' });
      const d2 = await insertArticle(t().db, { authorId: other.id, status: 'draft', title: 'Bulk B' });
      const d3 = await insertArticle(t().db, { authorId: writer.id, status: 'draft', title: 'Bulk C' });
      await t().db('news_articles').where({ id: d3 }).update({ scheduled_at: '2031-01-01T09:00:00.000Z' });
      const already = await insertArticle(t().db, { authorId: writer.id, title: 'Already out' });

      // The site feed is read (and may be kept) before the publish, as a feed reader would.
      expect((await t().agent().get('/feed.xml')).text).not.toContain('Bulk A');
      const res = await admin.agent.post('/api/admin/content/bulk', { kind: 'article', ids: [d1, d2, d3, already], action: 'publish' });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ changed: 3 });

      const rows = await t().db('news_articles').whereIn('id', [d1, d2, d3]).select('status', 'published_at', 'scheduled_at');
      for (const row of rows) {
        expect(row.status).toBe('published');
        expect(row.published_at).not.toBeNull();
        expect(row.scheduled_at).toBeNull();
      }
      const audit = await auditFor([d1, d2, d3, already]);
      expect(audit.map((r) => [r.target_id, r.action, r.actor_id]).sort()).toEqual(
        [d1, d2, d3].map((id) => [id, 'content.publish', admin.user.id]).sort(),
      );
      const notes = await t().db('notifications').whereIn('article_id', [d1, d2, d3, already]).select('user_id', 'article_id', 'type');
      expect(notes.map((n) => [n.article_id, n.user_id, n.type]).sort()).toEqual(
        [
          [d1, writer.id, 'article_published'],
          [d2, other.id, 'article_published'],
          [d3, writer.id, 'article_published'],
        ].sort(),
      );
      // Visitors see them at once, in the API and in the feed: the caches were emptied by the write.
      expect((await t().agent().get(`/api/news/${d1}`)).status).toBe(200);
      expect((await t().agent().get('/feed.xml')).text).toContain('Bulk A');
      // Publishing again changes nothing and tells no one again.
      expect((await admin.agent.post('/api/admin/content/bulk', { kind: 'article', ids: [d1, d2], action: 'publish' })).body).toEqual({ changed: 0 });
      expect(Number((await t().db('notifications').whereIn('article_id', [d1, d2]).count({ n: '*' }).first())!.n)).toBe(2);
    });

    it('unpublishes, archives and unarchives episodes, keeping publishedAt', async () => {
      const a = await author();
      const e1 = await insertPodcast(t().db, { authorId: a.id, title: 'E1', publishedAt: '2030-01-01T00:00:00.000Z' });
      const e2 = await insertPodcast(t().db, { authorId: a.id, title: 'E2' });
      // A visitor reads the public episode first, so a kept answer would show if caches did not follow.
      expect((await t().agent().get(`/api/podcasts/${e1}`)).status).toBe(200);
      expect((await editor.agent.post('/api/admin/content/bulk', { kind: 'episode', ids: [e1, e2], action: 'unpublish' })).body).toEqual({ changed: 2 });
      expect((await t().agent().get(`/api/podcasts/${e1}`)).status).toBe(404);
      const page = await list(editor.agent, `kind=episode&status=draft&author=${a.id}`);
      expect(titles(page).sort()).toEqual(['E1', 'E2']);
      expect(page.rows.find((r) => r.title === 'E1')!.publishedAt).toBe('2030-01-01T00:00:00.000Z');

      expect((await editor.agent.post('/api/admin/content/bulk', { kind: 'episode', ids: [e1, e2], action: 'archive' })).body).toEqual({ changed: 2 });
      expect((await list(editor.agent, `kind=episode&status=archived&author=${a.id}`)).total).toBe(2);
      expect((await editor.agent.post('/api/admin/content/bulk', { kind: 'episode', ids: [e1], action: 'unarchive' })).body).toEqual({ changed: 1 });
      expect((await list(editor.agent, `kind=episode&status=draft&author=${a.id}`)).counts).toEqual({ draft: 1, scheduled: 0, published: 0, archived: 1 });

      expect((await auditFor([e1])).map((r) => r.action)).toEqual(['content.unpublish', 'content.archive', 'content.unarchive']);
      expect((await auditFor([e2])).map((r) => [r.action, r.target_type])).toEqual([
        ['content.unpublish', 'episode'],
        ['content.archive', 'episode'],
      ]);
    });

    it('deletes items with their likes and category links, one audit entry each', async () => {
      const a = await author();
      const cat = await createCategory(t().db);
      const ids = [await insertArticle(t().db, { authorId: a.id, categoryIds: [cat.id] }), await insertArticle(t().db, { authorId: a.id, status: 'draft' })];
      expect((await editor.agent.post(`/api/news/${ids[0]}/like`)).status).toBe(200);
      const res = await admin.agent.post('/api/admin/content/bulk', { kind: 'article', ids, action: 'delete' });
      expect(res.body).toEqual({ changed: 2 });
      expect(await t().db('news_articles').whereIn('id', ids)).toEqual([]);
      expect(await t().db('article_categories').whereIn('article_id', ids)).toEqual([]);
      expect(await t().db('user_interactions').whereIn('target_id', ids)).toEqual([]);
      expect((await auditFor(ids)).map((r) => r.action)).toEqual(['content.delete', 'content.delete']);
      expect((await t().agent().get(`/api/news/${ids[0]}`)).status).toBe(404);
    });

    it('one unknown id: 404 naming it, and nothing changed or recorded', async () => {
      const a = await author();
      const known = [await insertArticle(t().db, { authorId: a.id, status: 'draft' }), await insertArticle(t().db, { authorId: a.id, status: 'draft' })];
      const unknown = '00000000-0000-7000-8000-00000000abcd';
      for (const action of ['publish', 'delete'] as const) {
        const res = await admin.agent.post('/api/admin/content/bulk', { kind: 'article', ids: [...known, unknown], action });
        expect(res.status).toBe(404);
        expect(res.body.errors).toEqual({ ids: [unknown] });
        expect(res.body.message).toContain(unknown);
      }
      expect((await t().db('news_articles').whereIn('id', known).select('status')).map((r) => r.status)).toEqual(['draft', 'draft']);
      expect(await auditFor(known)).toEqual([]);
      // An episode id is unknown as an article.
      const episode = await insertPodcast(t().db, { authorId: a.id });
      expect((await admin.agent.post('/api/admin/content/bulk', { kind: 'article', ids: [episode], action: 'archive' })).status).toBe(404);
    });

    it('refuses bad bodies with 400', async () => {
      const id = await insertArticle(t().db);
      const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
      for (const body of [{}, { kind: 'article', ids: [], action: 'publish' }, { kind: 'article', ids: [id], action: 'feature' }, { kind: 'post', ids: [id], action: 'publish' }, { kind: 'article', ids: ['x'], action: 'publish' }, { kind: 'article', ids: many, action: 'archive' }, { kind: 'article', ids: id, action: 'publish' }]) {
        const res = await admin.agent.post('/api/admin/content/bulk', body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
    });
  });
});
