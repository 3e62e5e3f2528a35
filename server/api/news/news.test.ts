import { beforeAll, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { Article, ArticleSummary } from '../../../contracts/news';
import { describeEachDb, type Agent } from '../../test/harness';
import { createCategory, createUser, insertArticle, minutesAgo, type CategoryFixture } from '../../test/factories';
import { signedIn, viewerAgents, VIEWERS, type Viewer } from '../../test/agents';

describeEachDb('news', (t) => {
  let as: Record<Viewer, Agent>;
  beforeAll(async () => {
    as = await viewerAgents(t());
  });

  /** Each test works inside its own category so the shared database never leaks between tests. */
  const freshCategory = () => createCategory(t().db);
  const ids = (res: { body: Array<{ id: string }> }) => res.body.map((a) => a.id);

  const validBody = (cat: CategoryFixture, extra: Record<string, unknown> = {}) => ({
    title: 'IFRS 18 arrives',
    content: 'Line one\nLine two',
    excerpt: 'Short',
    sourceName: 'Standards Watch',
    sourceUrl: 'https://example.com/a',
    imageUrl: '/objects/uploads/abc',
    categoryIds: [cat.id],
    ...extra,
  });

  // ------------------------------------------------------------------ list and detail

  it('lists published, non-archived articles newest first with the spec 3 fields', async () => {
    const cat = await freshCategory();
    const old = await insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(30) });
    const recent = await insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(10) });
    // Same publishedAt: the later createdAt comes first.
    const tieA = await insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(20), createdAt: minutesAgo(25) });
    const tieB = await insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(20), createdAt: minutesAgo(24) });
    await insertArticle(t().db, { categoryIds: [cat.id], status: 'draft' });
    await insertArticle(t().db, { categoryIds: [cat.id], isArchived: true });

    const res = await as.anonymous.get(`/api/news?categories=${cat.id}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([recent, tieB, tieA, old]);
    expect(res.headers.get('x-next-cursor')).toBeNull();
    const first = Article.parse(res.body[0]);
    expect(first).toMatchObject({
      categories: [{ id: cat.id, name: cat.name, slug: cat.slug, color: cat.color }],
      categoryIds: [cat.id],
      category: null,
      commentCount: 0,
      likes: 0,
      liked: false,
      status: 'published',
      isArchived: false,
      isFeatured: false,
      publishedAt: minutesAgo(10),
    });
    expect(res.text).not.toMatch(/_at"|comment_count|is_archived/);
  });

  it('GET /api/news/featured: featured, visible, non-archived, newest first, limited; [] when none', async () => {
    const cat = await freshCategory();
    const q = `?categories=${cat.id}`;
    expect((await as.anonymous.get(`/api/news/featured${q}`)).body).toEqual([]);
    const older = await insertArticle(t().db, { categoryIds: [cat.id], isFeatured: true, publishedAt: minutesAgo(20) });
    const newer = await insertArticle(t().db, { categoryIds: [cat.id], isFeatured: true, publishedAt: minutesAgo(10) });
    const draft = await insertArticle(t().db, { categoryIds: [cat.id], isFeatured: true, status: 'draft', createdAt: minutesAgo(5) });
    await insertArticle(t().db, { categoryIds: [cat.id], isFeatured: true, isArchived: true });
    await insertArticle(t().db, { categoryIds: [cat.id] });
    expect(ids(await as.anonymous.get(`/api/news/featured${q}`))).toEqual([newer, older]);
    expect(ids(await as.subscriber.get(`/api/news/featured${q}&limit=1`))).toEqual([newer]);
    expect(ids(await as.editor.get(`/api/news/featured${q}`))).toEqual([draft, newer, older]);
    // Not read as an article id ('/:id'); a bad limit is 400 like the list's.
    expect((await as.anonymous.get('/api/news/featured?limit=0')).status).toBe(400);
  });

  it('view=card: each article as its card shows it, without the full text, on the list and the featured list', async () => {
    const cat = await freshCategory();
    // 660 words: 3 minutes at 220 a minute; the Markdown syntax is not counted.
    const long = `# Heading\n\n${'**Revenue** recognition under [IFRS 15](https://example.com) '.repeat(132)}`;
    const withExcerpt = await insertArticle(t().db, { categoryIds: [cat.id], isFeatured: true, content: long, publishedAt: minutesAgo(10) });
    await t().db('news_articles').where({ id: withExcerpt }).update({ excerpt: 'The short version' });
    const without = await insertArticle(t().db, { categoryIds: [cat.id], content: long, publishedAt: minutesAgo(20) });

    const res = await as.subscriber.get(`/api/news?categories=${cat.id}&view=card`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([withExcerpt, without]);
    const [a, b] = res.body.map((item: unknown) => ArticleSummary.strict().parse(item));
    expect(a).toMatchObject({ summary: 'The short version', readingMinutes: 3, excerpt: 'The short version', categoryIds: [cat.id] });
    // No excerpt: the first 150 characters of the content plus '...', as the spec's card shows.
    expect(b.summary).toBe(`${long.slice(0, 150)}...`);
    expect(res.body[0]).not.toHaveProperty('content');
    expect(res.text.length).toBeLessThan(long.length);
    // The same article on the spec's list and in detail keeps its whole text.
    const full = await as.subscriber.get(`/api/news?categories=${cat.id}`);
    expect(Article.parse(full.body[0]).content).toBe(long);

    const featured = await as.anonymous.get(`/api/news/featured?categories=${cat.id}&view=card`);
    expect(featured.body.map((item: unknown) => ArticleSummary.strict().parse(item).id)).toEqual([withExcerpt]);

    for (const bad of ['full', 'cards', '']) {
      const refused = await as.anonymous.get(`/api/news?view=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBeTruthy();
    }
  });

  it('shows drafts only to editors and admins, in the list and in detail', async () => {
    const cat = await freshCategory();
    const draft = await insertArticle(t().db, { categoryIds: [cat.id], status: 'draft', createdAt: minutesAgo(1) });
    const published = await insertArticle(t().db, { categoryIds: [cat.id], createdAt: minutesAgo(2) });
    for (const viewer of VIEWERS) {
      const list = await as[viewer].get(`/api/news?categories=${cat.id}`);
      const detail = await as[viewer].get(`/api/news/${draft}`);
      if (viewer === 'editor' || viewer === 'admin') {
        expect(ids(list), viewer).toEqual([draft, published]); // newest first, drafts by when they were made
        expect(detail.status, viewer).toBe(200);
        expect(detail.body).toMatchObject({ status: 'draft', publishedAt: null });
      } else {
        expect(ids(list), viewer).toEqual([published]);
        expect(detail.status, viewer).toBe(404);
        expect(detail.body.message).toBe('Article not found');
      }
    }
  });

  it('lists archived articles only with archivedOnly=true', async () => {
    const cat = await freshCategory();
    const active = await insertArticle(t().db, { categoryIds: [cat.id] });
    const archived = await insertArticle(t().db, { categoryIds: [cat.id], isArchived: true });
    expect(ids(await as.anonymous.get(`/api/news?categories=${cat.id}`))).toEqual([active]);
    expect(ids(await as.anonymous.get(`/api/news?categories=${cat.id}&archivedOnly=false`))).toEqual([active]);
    expect(ids(await as.editor.get(`/api/news?categories=${cat.id}&archivedOnly=true`))).toEqual([archived]);
    expect((await as.anonymous.get('/api/news?archivedOnly=yes')).status).toBe(400);
  });

  it('filters by categories matching ANY of them, each article once', async () => {
    const [a, b, c] = await Promise.all([freshCategory(), freshCategory(), freshCategory()]);
    const inA = await insertArticle(t().db, { categoryIds: [a.id], publishedAt: minutesAgo(1) });
    const inB = await insertArticle(t().db, { categoryIds: [b.id], publishedAt: minutesAgo(2) });
    const inBoth = await insertArticle(t().db, { categoryIds: [a.id, b.id], publishedAt: minutesAgo(3) });
    await insertArticle(t().db, { categoryIds: [c.id], publishedAt: minutesAgo(4) });
    const res = await as.anonymous.get(`/api/news?categories=${a.id},${b.id}`);
    expect(ids(res)).toEqual([inA, inB, inBoth]);
    expect(res.body[2].categoryIds.sort()).toEqual([a.id, b.id].sort());
    // Spaces and empty entries are tolerated; a malformed id is a 400, not an empty list.
    expect(ids(await as.anonymous.get(`/api/news?categories=${a.id},%20,`))).toEqual([inA, inBoth]);
    const bad = await as.anonymous.get(`/api/news?categories=${a.id},nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.categories).toEqual(['Invalid category id']);
  });

  it('defaults limit to 50, clamps it to 100 and refuses nonsense', async () => {
    const cat = await freshCategory();
    const rows = Array.from({ length: 105 }, (_, i) => ({
      id: uuidv7(),
      title: `Bulk ${i}`,
      content: 'x',
      status: 'published',
      published_at: minutesAgo(i),
      created_at: minutesAgo(i),
      updated_at: minutesAgo(i),
    }));
    await t().db.batchInsert('news_articles', rows, 50);
    await t().db.batchInsert('article_categories', rows.map((r) => ({ article_id: r.id, category_id: cat.id })), 50);
    expect((await as.anonymous.get(`/api/news?categories=${cat.id}`)).body).toHaveLength(50);
    const clamped = await as.anonymous.get(`/api/news?categories=${cat.id}&limit=1000`);
    expect(clamped.status).toBe(200);
    expect(clamped.body).toHaveLength(100);
    for (const limit of ['0', '-1', 'abc', '1.5']) {
      const res = await as.anonymous.get(`/api/news?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.errors.limit).toBeDefined();
    }
  });

  it('pages with the X-Next-Cursor cursor: no overlap, no gap, drafts among the published by when they were made, and ties', async () => {
    const cat = await freshCategory();
    const draft = (createdAt: string) => insertArticle(t().db, { categoryIds: [cat.id], status: 'draft', createdAt });
    const drafts = new Set<string>();
    const asDraft = (id: string) => (drafts.add(id), id);
    const expected = [
      asDraft(await draft(minutesAgo(1))),
      asDraft(await draft(minutesAgo(2))),
      await insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(5) }),
      asDraft(await draft(minutesAgo(5.5))),
      // Three published and a draft that all appeared at one time: the id breaks the tie.
      ...[
        ...(await Promise.all([0, 1, 2].map(() => insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(6), createdAt: minutesAgo(6) })))),
        asDraft(await draft(minutesAgo(6))),
      ]
        .sort()
        .reverse(),
      await insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(7) }),
      // Made long before it was published: it sorts by its publication.
      await insertArticle(t().db, { categoryIds: [cat.id], publishedAt: minutesAgo(7.5), createdAt: minutesAgo(600) }),
      asDraft(await draft(minutesAgo(10))),
    ];
    for (const [viewer, want] of [
      ['editor', expected],
      ['subscriber', expected.filter((id) => !drafts.has(id))],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: Array<{ id: string }>; headers: Headers } = await as[viewer].get(
          `/api/news?categories=${cat.id}&limit=2${cursor ? `&before=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        seen.push(...ids(res));
        cursor = res.headers.get('x-next-cursor');
        pages++;
      } while (cursor && pages < 10);
      expect(seen, viewer).toEqual(want);
      expect(pages).toBe(Math.ceil(want.length / 2));
    }
    const bad = await as.anonymous.get('/api/news?before=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.before).toEqual(['Invalid cursor']);
  });

  it('answers 404 JSON for unknown and malformed ids on every /:id route', async () => {
    const unknown = uuidv7();
    for (const id of [unknown, 'not-a-uuid', '123']) {
      const calls = [
        as.anonymous.get(`/api/news/${id}`),
        as.anonymous.get(`/api/news/${id}/comments`),
        as.anonymous.post(`/api/news/${id}/like`),
        as.subscriber.post(`/api/news/${id}/like`),
        as.subscriber.post(`/api/news/${id}/comments`, { content: 'Hi' }),
        as.editor.put(`/api/news/${id}`, { title: 'T', content: 'C' }),
        as.editor.patch(`/api/news/${id}`, { title: 'T' }),
        as.editor.patch(`/api/news/${id}/status`, { status: 'draft' }),
        as.editor.patch(`/api/news/${id}/archive`, { isArchived: true }),
        as.editor.patch(`/api/news/${id}/featured`, { isFeatured: true }),
        as.editor.delete(`/api/news/${id}`),
        as.editor.delete(`/api/news/comments/${id}`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status, `${id} ${res.text}`).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
  });

  // ------------------------------------------------------------------ create / update / delete

  it('POST /api/news: 401 anonymous, 403 subscriber and contributor, 201 editor and admin', async () => {
    const cat = await freshCategory();
    const expected: Record<Viewer, number> = { anonymous: 401, subscriber: 403, contributor: 403, editor: 201, admin: 201 };
    for (const viewer of VIEWERS) {
      const res = await as[viewer].post('/api/news', validBody(cat, { title: `By ${viewer}` }));
      expect(res.status, viewer).toBe(expected[viewer]);
    }
    const anon = await as.anonymous.post('/api/news', validBody(cat));
    expect(anon.body.message).toBe('Authentication required');
    const titles = await t().db('news_articles').whereIn('title', VIEWERS.map((v) => `By ${v}`)).pluck('title');
    expect(titles.sort()).toEqual(['By admin', 'By editor']);
  });

  it('creates an article with its categories, published by default, and returns it', async () => {
    const [a, b] = await Promise.all([freshCategory(), freshCategory()]);
    const editor = await signedIn(t().db, t().agent(), 'editor');
    const res = await editor.agent.post('/api/news', validBody(a, { categoryIds: [a.id, b.id, a.id], category: 'regulatory', isFeatured: true }));
    expect(res.status).toBe(201);
    const article = Article.parse(res.body);
    expect(article).toMatchObject({
      title: 'IFRS 18 arrives',
      content: 'Line one\nLine two',
      status: 'published',
      authorId: editor.user.id,
      category: 'regulatory',
      isFeatured: true,
      commentCount: 0,
      likes: 0,
      liked: false,
      sourceUrl: 'https://example.com/a',
      imageUrl: '/objects/uploads/abc',
    });
    expect(article.categoryIds.sort()).toEqual([a.id, b.id].sort());
    expect(article.publishedAt).not.toBeNull();
    expect((await as.anonymous.get(`/api/news/${article.id}`)).body.id).toBe(article.id);

    const draft = await as.editor.post('/api/news', validBody(a, { status: 'draft', excerpt: '  ' }));
    expect(draft.body).toMatchObject({ status: 'draft', publishedAt: null, excerpt: null });
  });

  it('validates with the spec 5 messages', async () => {
    const cat = await freshCategory();
    const empty = await as.editor.post('/api/news', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      title: ['Title is required'],
      content: ['Content is required'],
      categoryIds: ['At least one category is required'],
    });
    const blank = await as.editor.post('/api/news', { title: '   ', content: '\n ', categoryIds: [] });
    expect(blank.body.errors).toMatchObject({
      title: ['Title is required'],
      content: ['Content is required'],
      categoryIds: ['At least one category is required'],
    });
    expect(blank.body.message).toBe('Title is required');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
      [{ sourceUrl: 'not a url' }, 'sourceUrl'],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      [{ status: 'live' }, 'status'],
      [{ categoryIds: ['nope'] }, 'categoryIds'],
      [{ categoryIds: cat.id }, 'categoryIds'],
      [{ isFeatured: 'yes' }, 'isFeatured'],
      [{ title: 'x'.repeat(301) }, 'title'],
    ];
    for (const [extra, field] of cases) {
      const res = await as.editor.post('/api/news', validBody(cat, extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(extra)).toEqual([field]);
    }
  });

  it('refuses the whole write when a category is unknown or inactive (no article row left)', async () => {
    const cat = await freshCategory();
    const inactive = await createCategory(t().db, { isActive: false });
    for (const badId of [uuidv7(), inactive.id]) {
      const title = `Atomic ${badId}`;
      const res = await as.editor.post('/api/news', validBody(cat, { title, categoryIds: [cat.id, badId] }));
      expect(res.status).toBe(400);
      expect(res.body.errors.categoryIds[0]).toBe(`Unknown or inactive category: ${badId}`);
      expect(await t().db('news_articles').where({ title }).first()).toBeUndefined();
    }
    expect(await t().db('article_categories').where({ category_id: cat.id })).toEqual([]);
  });

  it('PATCH changes only the fields sent; PUT needs title and content; both keep links atomic', async () => {
    const [a, b] = await Promise.all([freshCategory(), freshCategory()]);
    const created = (await as.editor.post('/api/news', validBody(a, { status: 'draft' }))).body;

    const patched = await as.editor.patch(`/api/news/${created.id}`, { title: 'Renamed', sourceName: null });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Renamed', content: created.content, excerpt: 'Short', sourceName: null, categoryIds: [a.id] });

    const recat = await as.admin.patch(`/api/news/${created.id}`, { categoryIds: [b.id] });
    expect(recat.body.categoryIds).toEqual([b.id]);
    const none = await as.editor.patch(`/api/news/${created.id}`, { categoryIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors.categoryIds).toEqual(['At least one category is required']);

    // An unknown category refuses the whole update: title and links stay as they were.
    const refused = await as.editor.patch(`/api/news/${created.id}`, { title: 'Nope', categoryIds: [a.id, uuidv7()] });
    expect(refused.status).toBe(400);
    const after = (await as.editor.get(`/api/news/${created.id}`)).body;
    expect(after).toMatchObject({ title: 'Renamed', categoryIds: [b.id] });

    const putMissing = await as.editor.put(`/api/news/${created.id}`, { title: 'Only title' });
    expect(putMissing.status).toBe(400);
    expect(putMissing.body.errors.content).toEqual(['Content is required']);
    const put = await as.editor.put(`/api/news/${created.id}`, { title: 'Full', content: 'New body', categoryIds: [a.id], id: 'ignored' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: created.id, title: 'Full', content: 'New body', categoryIds: [a.id], excerpt: 'Short' });

    for (const viewer of ['anonymous', 'subscriber', 'contributor'] as const) {
      const res = await as[viewer].patch(`/api/news/${created.id}`, { title: 'Hijack' });
      expect(res.status, viewer).toBe(viewer === 'anonymous' ? 401 : 403);
      expect((await as[viewer].put(`/api/news/${created.id}`, { title: 'Hijack', content: 'x' })).status).toBe(viewer === 'anonymous' ? 401 : 403);
    }
    expect((await as.editor.get(`/api/news/${created.id}`)).body.title).toBe('Full');
  });

  it('keeps a deactivated category the article already has when the form is re-saved', async () => {
    const cat = await freshCategory();
    const created = (await as.editor.post('/api/news', validBody(cat))).body;
    await t().db('news_categories').where({ id: cat.id }).update({ is_active: false });
    const res = await as.editor.put(`/api/news/${created.id}`, { title: 'Again', content: 'x', categoryIds: [cat.id] });
    expect(res.status).toBe(200);
    expect(res.body.categoryIds).toEqual([cat.id]);
  });

  it('status, archive and featured toggles: editors only; publishing stamps publishedAt once', async () => {
    const cat = await freshCategory();
    const id = (await as.editor.post('/api/news', validBody(cat, { status: 'draft' }))).body.id;
    const routes: Array<[string, Record<string, unknown>]> = [
      ['status', { status: 'published' }],
      ['archive', { isArchived: true }],
      ['featured', { isFeatured: true }],
    ];
    for (const [route, body] of routes) {
      expect((await as.anonymous.patch(`/api/news/${id}/${route}`, body)).status).toBe(401);
      expect((await as.subscriber.patch(`/api/news/${id}/${route}`, body)).status).toBe(403);
      expect((await as.contributor.patch(`/api/news/${id}/${route}`, body)).status).toBe(403);
      expect((await as.editor.patch(`/api/news/${id}/${route}`, {})).status).toBe(400);
    }
    const published = await as.editor.patch(`/api/news/${id}/status`, { status: 'published' });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    const stamp = published.body.publishedAt;
    expect(stamp).not.toBeNull();
    expect((await as.subscriber.get(`/api/news/${id}`)).status).toBe(200);

    const unpublished = await as.admin.patch(`/api/news/${id}/status`, { status: 'draft' });
    expect(unpublished.body).toMatchObject({ status: 'draft', publishedAt: stamp });
    expect((await as.subscriber.get(`/api/news/${id}`)).status).toBe(404);
    const again = await as.editor.patch(`/api/news/${id}/status`, { status: 'published' });
    expect(again.body.publishedAt).toBe(stamp);

    const archived = await as.editor.patch(`/api/news/${id}/archive`, { isArchived: true });
    expect(archived.body.isArchived).toBe(true);
    expect(ids(await as.anonymous.get(`/api/news?categories=${cat.id}&archivedOnly=true`))).toEqual([id]);
    expect((await as.editor.patch(`/api/news/${id}/archive`, { isArchived: false })).body.isArchived).toBe(false);

    const featured = await as.editor.patch(`/api/news/${id}/featured`, { isFeatured: true });
    expect(featured.body.isFeatured).toBe(true);
    expect((await as.editor.patch(`/api/news/${id}/status`, { status: 'gone' })).body.errors.status).toEqual([
      "Status must be 'draft' or 'published'",
    ]);
  });

  it('DELETE removes the article, its comments, category links and likes; editors and admins only', async () => {
    const cat = await freshCategory();
    for (const deleter of ['editor', 'admin'] as const) {
      const id = (await as.editor.post('/api/news', validBody(cat))).body.id;
      await as.subscriber.post(`/api/news/${id}/comments`, { content: 'First!' });
      await as.subscriber.post(`/api/news/${id}/like`);
      expect((await as.anonymous.delete(`/api/news/${id}`)).status).toBe(401);
      expect((await as.subscriber.delete(`/api/news/${id}`)).status).toBe(403);
      expect((await as.contributor.delete(`/api/news/${id}`)).status).toBe(403);
      const res = await as[deleter].delete(`/api/news/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect((await as.editor.get(`/api/news/${id}`)).status).toBe(404);
      expect(await t().db('news_comments').where({ article_id: id })).toEqual([]);
      expect(await t().db('article_categories').where({ article_id: id })).toEqual([]);
      expect(await t().db('user_interactions').where({ target_id: id })).toEqual([]);
      expect((await as[deleter].delete(`/api/news/${id}`)).status).toBe(404);
    }
  });

  // ------------------------------------------------------------------ comments

  it('comments: anyone who can see the article reads them oldest first with their author', async () => {
    const cat = await freshCategory();
    const id = await insertArticle(t().db, { categoryIds: [cat.id] });
    const alice = await signedIn(t().db, t().agent(), 'subscriber');
    const first = await alice.agent.post(`/api/news/${id}/comments`, { content: '  First  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      articleId: id,
      authorId: alice.user.id,
      content: 'First',
      author: { id: alice.user.id, firstName: 'Test', lastName: 'User', email: alice.user.email.split('@')[0], title: null, profileImageUrl: null },
    });
    expect(first.text).not.toMatch(/password/i);
    // Public content never exposes a commenter's email address.
    expect(first.text).not.toContain(alice.user.email);
    const second = await as.editor.post(`/api/news/${id}/comments`, { content: 'Second' });

    const list = await as.anonymous.get(`/api/news/${id}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([first.body.id, second.body.id]);
    expect((await as.anonymous.get(`/api/news/${id}`)).body.commentCount).toBe(2);

    // Paging with the same cursor header.
    const page1 = await as.anonymous.get(`/api/news/${id}/comments?limit=1`);
    expect(page1.body).toHaveLength(1);
    const page2 = await as.anonymous.get(`/api/news/${id}/comments?limit=1&after=${page1.headers.get('x-next-cursor')}`);
    expect(page2.body.map((c: { id: string }) => c.id)).toEqual([second.body.id]);
    expect(page2.headers.get('x-next-cursor')).toBeNull();

    // A deleted author leaves the comment with author null (the client shows 'Unknown User').
    await t().db('users').where({ id: alice.user.id }).delete();
    const orphan = (await as.anonymous.get(`/api/news/${id}/comments`)).body[0];
    expect(orphan).toMatchObject({ id: first.body.id, authorId: null, author: null });
  });

  it('comments: sign-in required, content trimmed 1-5000, drafts hidden', async () => {
    const cat = await freshCategory();
    const id = await insertArticle(t().db, { categoryIds: [cat.id] });
    const anon = await as.anonymous.post(`/api/news/${id}/comments`, { content: 'Hi' });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe('Authentication required');
    for (const content of ['', '   \n ', undefined]) {
      const res = await as.subscriber.post(`/api/news/${id}/comments`, { content });
      expect(res.status).toBe(400);
      expect(res.body.errors.content).toEqual(['Comment required']);
    }
    const long = await as.subscriber.post(`/api/news/${id}/comments`, { content: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await as.subscriber.post(`/api/news/${id}/comments`, { content: 'x'.repeat(5000) })).status).toBe(201);

    const draft = await insertArticle(t().db, { categoryIds: [cat.id], status: 'draft' });
    expect((await as.subscriber.post(`/api/news/${draft}/comments`, { content: 'Hi' })).status).toBe(404);
    expect((await as.subscriber.get(`/api/news/${draft}/comments`)).status).toBe(404);
    expect((await as.editor.get(`/api/news/${draft}/comments`)).status).toBe(200);
    expect(await t().db('news_articles').where({ id }).first('comment_count')).toEqual({ comment_count: 1 });
  });

  it('comments: own delete, editor/admin moderation, 403 for others; commentCount follows', async () => {
    const cat = await freshCategory();
    const id = await insertArticle(t().db, { categoryIds: [cat.id] });
    const author = await signedIn(t().db, t().agent(), 'subscriber');
    const post = async () => (await author.agent.post(`/api/news/${id}/comments`, { content: 'Mine' })).body.id as string;
    const count = async () => (await as.anonymous.get(`/api/news/${id}`)).body.commentCount;

    const c1 = await post();
    const c2 = await post();
    const c3 = await post();
    expect(await count()).toBe(3);
    expect((await as.anonymous.delete(`/api/news/comments/${c1}`)).status).toBe(401);
    for (const other of ['subscriber', 'contributor'] as const) {
      const res = await as[other].delete(`/api/news/comments/${c1}`);
      expect(res.status, other).toBe(403);
    }
    expect(await count()).toBe(3);

    expect((await author.agent.delete(`/api/news/comments/${c1}`)).body).toEqual({ ok: true });
    expect(await count()).toBe(2);
    expect((await author.agent.delete(`/api/news/comments/${c1}`)).status).toBe(404);
    expect(await count()).toBe(2);
    expect((await as.editor.delete(`/api/news/comments/${c2}`)).status).toBe(200);
    expect((await as.admin.delete(`/api/news/comments/${c3}`)).status).toBe(200);
    expect(await count()).toBe(0);
    expect((await as.anonymous.get(`/api/news/${id}/comments`)).body).toEqual([]);
  });

  // ------------------------------------------------------------------ likes on articles

  it('article likes: anonymous changes nothing; signed-in counts once and shows as liked', async () => {
    const cat = await freshCategory();
    const id = await insertArticle(t().db, { categoryIds: [cat.id] });
    expect((await as.anonymous.post(`/api/news/${id}/like`)).body).toEqual({ anonymous: true, likes: 0 });
    const me = await signedIn(t().db, t().agent(), 'subscriber');
    expect((await me.agent.post(`/api/news/${id}/like`)).body).toEqual({ anonymous: false, liked: true, likes: 1 });
    expect((await me.agent.post(`/api/news/${id}/like`)).body).toEqual({ anonymous: false, liked: true, likes: 1 });
    expect((await me.agent.get(`/api/news/${id}`)).body).toMatchObject({ likes: 1, liked: true });
    expect((await me.agent.get(`/api/news?categories=${cat.id}`)).body[0]).toMatchObject({ likes: 1, liked: true });
    expect((await as.subscriber.get(`/api/news/${id}`)).body).toMatchObject({ likes: 1, liked: false });
    expect((await as.anonymous.get(`/api/news/${id}`)).body).toMatchObject({ likes: 1, liked: false });
    expect((await me.agent.delete(`/api/news/${id}/like`)).body).toEqual({ anonymous: false, liked: false, likes: 0 });
    expect((await me.agent.delete(`/api/news/${id}/like`)).body).toEqual({ anonymous: false, liked: false, likes: 0 });
  });

  // ------------------------------------------------------------------ queries per list

  it('a list costs the same fixed number of queries for 1 and for 50 articles (no N+1)', async () => {
    const [a, b] = await Promise.all([freshCategory(), freshCategory()]);
    const users = await Promise.all([createUser(t().db), createUser(t().db)]);
    const articleIds: string[] = [];
    for (let i = 0; i < 55; i++) {
      articleIds.push(await insertArticle(t().db, { categoryIds: i % 2 ? [a.id, b.id] : [a.id], publishedAt: minutesAgo(i), authorId: users[i % 2].id }));
    }
    await t().db.batchInsert(
      'news_comments',
      articleIds.flatMap((article_id) => users.map((u) => ({ id: uuidv7(), article_id, author_id: u.id, content: 'c', created_at: minutesAgo(0) }))),
      100,
    );
    await t().db('news_articles').whereIn('id', articleIds).update({ comment_count: 2 });
    const me = await signedIn(t().db, t().agent(), 'subscriber');
    await me.agent.post(`/api/news/${articleIds[0]}/like`);

    const run = async (agent: Agent, limit: number) => {
      let body: Array<{ commentCount: number; categories: unknown[] }> = [];
      const n = await t().countQueries(async () => {
        const res = await agent.get(`/api/news?categories=${a.id},${b.id}&limit=${limit}`);
        expect(res.status).toBe(200);
        body = res.body;
      });
      expect(body).toHaveLength(limit);
      expect(body.every((x) => x.commentCount === 2 && x.categories.length >= 1)).toBe(true);
      return n;
    };
    const sessionCost = await t().countQueries(() => me.agent.get('/api/auth/user'));

    const anon1 = await run(as.anonymous, 1);
    const anon50 = await run(as.anonymous, 50);
    expect(anon50).toBe(anon1);
    expect(anon50).toBe(2); // the page, its categories

    const signed1 = await run(me.agent, 1);
    const signed50 = await run(me.agent, 50);
    expect(signed50).toBe(signed1);
    // The page (with the viewer's likes in it: likedByViewerColumn) and its categories.
    expect(signed50 - sessionCost).toBe(2);
    const liked = (await me.agent.get(`/api/news?categories=${a.id},${b.id}&limit=50`)).body as Array<{ id: string; liked: boolean }>;
    expect(liked.filter((x) => x.liked).map((x) => x.id)).toEqual([articleIds[0]]);
  });
});
