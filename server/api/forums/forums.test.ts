import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import type { Role } from '../../../contracts/common';
import { describeEachDb, type Agent, type Response } from '../../test/harness';
import { createUser, forumCategory, postDiscussion, postReply } from '../../test/factories';
import { toInt, toIso } from '../../db/dialect';
import { signedIn } from '../../test/agents';

const ROLES: Role[] = ['subscriber', 'contributor', 'editor', 'admin'];

describeEachDb('forums', (t) => {
  const as = (role: Role) => signedIn(t().db, t().agent(), role);
  const categoryCount = async (categoryId: string) => {
    const res = await t().agent().get('/api/forum/categories');
    return res.body.find((c: { id: string }) => c.id === categoryId)?.discussionCount as number;
  };
  const discussionRow = (id: string) => t().db('forum_discussions').where({ id }).first();

  // ---------------------------------------------------------------------------------------------
  // Categories and creating discussions

  it('lists forum categories with a live count of published discussions', async () => {
    const cat = await forumCategory(t().db);
    const res = await t().agent().get('/api/forum/categories');
    expect(res.status).toBe(200);
    expect(res.body.find((c: { id: string }) => c.id === cat.id)).toMatchObject({
      id: cat.id,
      name: cat.name,
      color: '#10B981',
      icon: 'MessageSquare',
      discussionCount: 0,
    });

    const { agent } = await as('subscriber');
    const d = await postDiscussion(agent, cat.id);
    await postDiscussion(agent, cat.id);
    expect(await categoryCount(cat.id)).toBe(2);
    const { agent: editor } = await as('editor');
    await editor.patch(`/api/forum/discussions/${d.id}/status`, { status: 'draft' });
    expect(await categoryCount(cat.id)).toBe(1);
  });

  it("gives each category's newest public post (discussion or reply) as lastActivityAt, in one query", async () => {
    const cat = await forumCategory(t().db);
    const activity = async () =>
      ((await t().agent().get('/api/forum/categories')).body as Array<{ id: string; lastActivityAt: string | null }>).find((c) => c.id === cat.id)!
        .lastActivityAt;
    expect(await activity()).toBeNull();

    const { agent } = await as('subscriber');
    const first = await postDiscussion(agent, cat.id, 'First');
    expect(await activity()).toBe(first.createdAt);
    const second = await postDiscussion(agent, cat.id, 'Second');
    expect(await activity()).toBe(second.createdAt);
    // A reply on the older discussion is the newest post.
    const reply = await postReply(agent, first.id);
    expect(await activity()).toBe(reply.createdAt);
    // A discussion that is not public does not count.
    const { agent: editor } = await as('editor');
    await editor.patch(`/api/forum/discussions/${first.id}/status`, { status: 'draft' });
    expect(await activity()).toBe(second.createdAt);

    expect(await t().countQueries(() => t().agent().get('/api/forum/categories'))).toBe(1);
  });

  it('any signed-in role may start a discussion; anonymous gets 401', async () => {
    const cat = await forumCategory(t().db);
    const anon = await t().agent().post('/api/forum/discussions', { title: 'T', content: 'C', categoryId: cat.id });
    expect(anon.status).toBe(401);

    for (const role of ROLES) {
      const { agent, user } = await as(role);
      const res = await agent.post('/api/forum/discussions', { title: `  From ${role}  `, content: 'Hello', categoryId: cat.id });
      expect(res.status, role).toBe(201);
      expect(res.body).toMatchObject({
        title: `From ${role}`,
        content: 'Hello',
        categoryId: cat.id,
        category: { id: cat.id, name: cat.name },
        newsCategories: [],
        authorId: user.id,
        author: { id: user.id, firstName: 'Test', lastName: 'User', email: user.email.split('@')[0], title: null, profileImageUrl: null },
        replyCount: 0,
        likes: 0,
        isPinned: false,
        isLocked: false,
        isFeatured: false,
        status: 'published',
        lastReplyAt: null,
      });
      expect(res.text).not.toMatch(/password|hash/i);
    }
    expect(await categoryCount(cat.id)).toBe(ROLES.length);
  });

  it('validates a new discussion with the spec messages', async () => {
    const { agent } = await as('subscriber');
    const empty = await agent.post('/api/forum/discussions', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      title: ['Title is required'],
      content: ['Content is required'],
      categoryId: ['Category is required'],
    });

    const blank = await agent.post('/api/forum/discussions', { title: '   ', content: '\n ', categoryId: 'nope' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({
      title: ['Title is required'],
      content: ['Content is required'],
      categoryId: ['Category is required'],
    });

    const unknown = await agent.post('/api/forum/discussions', { title: 'T', content: 'C', categoryId: randomUUID() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ categoryId: ['Category does not exist'] });

    const cat = await forumCategory(t().db);
    const long = await agent.post('/api/forum/discussions', { title: 'x'.repeat(301), content: 'C', categoryId: cat.id });
    expect(long.status).toBe(400);
    expect(long.body.errors.title[0]).toMatch(/at most 300/);
    const nul = await agent.post('/api/forum/discussions', { title: 'a\u0000b', content: 'C', categoryId: cat.id });
    expect(nul.status).toBe(400);
    expect(await categoryCount(cat.id)).toBe(0);
  });

  // ---------------------------------------------------------------------------------------------
  // Listing, drafts, paging

  it('lists pinned first, then newest, with author, category and news categories', async () => {
    const cat = await forumCategory(t().db);
    const { agent, user } = await as('contributor');
    const first = await postDiscussion(agent, cat.id, 'first');
    const second = await postDiscussion(agent, cat.id, 'second');
    const third = await postDiscussion(agent, cat.id, 'third');
    const { agent: editor } = await as('editor');
    expect((await editor.patch(`/api/forum/discussions/${first.id}`, { isPinned: true })).status).toBe(200);

    const newsCat = { id: uuidv7(), name: `AI ${randomUUID()}`, slug: `ai-${randomUUID()}`, color: '#FF0000' };
    await t().db('news_categories').insert(newsCat);
    await t().db('discussion_news_categories').insert({ discussion_id: second.id, category_id: newsCat.id });

    const res = await t().agent().get(`/api/forum/discussions?categoryId=${cat.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((d: { title: string }) => d.title)).toEqual(['first', 'third', 'second']);
    expect(res.body[0]).toMatchObject({ isPinned: true, category: { id: cat.id, name: cat.name }, author: { id: user.id, email: user.email.split('@')[0] } });
    expect(res.body[2].newsCategories).toEqual([newsCat]);
    expect(res.headers.get('x-next-cursor')).toBeNull();
    expect(third.id).toBeTruthy();
  });

  it('shows drafts only to editors, admins and their own author', async () => {
    const cat = await forumCategory(t().db);
    const { agent: author } = await as('subscriber');
    const d = await postDiscussion(author, cat.id, 'soon a draft');
    const { agent: editor } = await as('editor');
    expect((await editor.patch(`/api/forum/discussions/${d.id}/status`, { status: 'draft' })).body.status).toBe('draft');

    const listed = async (agent: Agent) =>
      ((await agent.get(`/api/forum/discussions?categoryId=${cat.id}`)).body as Array<{ id: string }>).some((x) => x.id === d.id);
    const { agent: other } = await as('subscriber');
    const { agent: contributor } = await as('contributor');
    const { agent: admin } = await as('admin');
    expect(await listed(t().agent())).toBe(false);
    expect(await listed(other)).toBe(false);
    expect(await listed(contributor)).toBe(false);
    expect(await listed(author)).toBe(true);
    expect(await listed(editor)).toBe(true);
    expect(await listed(admin)).toBe(true);

    expect((await t().agent().get(`/api/forum/discussions/${d.id}`)).status).toBe(404);
    expect((await other.get(`/api/forum/discussions/${d.id}`)).status).toBe(404);
    expect((await author.get(`/api/forum/discussions/${d.id}`)).status).toBe(200);
    expect((await admin.get(`/api/forum/discussions/${d.id}`)).body.status).toBe('draft');
    // A hidden draft cannot be replied to, edited or deleted by others either.
    expect((await other.post('/api/forum/replies', { discussionId: d.id, content: 'hi' })).status).toBe(404);
    expect((await other.patch(`/api/forum/discussions/${d.id}`, { title: 'x' })).status).toBe(404);
    expect((await other.delete(`/api/forum/discussions/${d.id}`)).status).toBe(404);
  });

  it('pages with an opaque cursor in X-Next-Cursor and validates list parameters', async () => {
    const cat = await forumCategory(t().db);
    const { agent } = await as('subscriber');
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await postDiscussion(agent, cat.id, `page ${i}`)).id);
    const { agent: editor } = await as('editor');
    await editor.patch(`/api/forum/discussions/${created[1]}`, { isPinned: true });

    const all = (await t().agent().get(`/api/forum/discussions?categoryId=${cat.id}`)).body.map((d: { id: string }) => d.id);
    expect(all).toEqual([created[1], created[4], created[3], created[2], created[0]]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Response = await t().agent().get(
        `/api/forum/discussions?categoryId=${cat.id}&limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      seen.push(...res.body.map((d: { id: string }) => d.id));
      cursor = res.headers.get('x-next-cursor');
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(all);
    expect(pages).toBe(3);

    for (const bad of ['limit=0', 'limit=101', 'limit=abc', 'categoryId=nope', 'before=garbage', `before=${Buffer.from('[1,"x","y"]').toString('base64url')}`]) {
      const res = await t().agent().get(`/api/forum/discussions?${bad}`);
      expect(res.status, bad).toBe(400);
    }
    expect((await t().agent().get(`/api/forum/discussions?categoryId=${randomUUID()}`)).body).toEqual([]);
    // An empty filter is "All categories".
    const unfiltered = await t().agent().get('/api/forum/discussions?categoryId=&before=&limit=100');
    expect(unfiltered.status).toBe(200);
    expect(unfiltered.body.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining(created));
  });

  it('defaults the list to 50 items', async () => {
    const cat = await forumCategory(t().db);
    const { user } = await as('subscriber');
    const ts = Date.now();
    await t()
      .db('forum_discussions')
      .insert(
        Array.from({ length: 55 }, (_, i) => ({
          id: uuidv7(),
          title: `bulk ${i}`,
          content: 'x',
          category_id: cat.id,
          author_id: user.id,
          created_at: new Date(ts - i * 1000).toISOString(),
          updated_at: new Date(ts).toISOString(),
        })),
      );
    // Inserted behind the API's back, so keep the maintained counter true as the seed does.
    await t().db('forum_categories').where({ id: cat.id }).update({ discussion_count: 55 });
    const res = await t().agent().get(`/api/forum/discussions?categoryId=${cat.id}`);
    expect(res.body).toHaveLength(50);
    expect(res.headers.get('x-next-cursor')).toBeTruthy();
    const rest = await t().agent().get(`/api/forum/discussions?categoryId=${cat.id}&before=${res.headers.get('x-next-cursor')}`);
    expect(rest.body).toHaveLength(5);
    expect(rest.body[4].title).toBe('bulk 54');
  });

  // ---------------------------------------------------------------------------------------------
  // Detail, edit, delete

  it('returns a discussion with its replies oldest first', async () => {
    const cat = await forumCategory(t().db);
    const { agent, user } = await as('subscriber');
    const { agent: other, user: otherUser } = await as('contributor');
    const d = await postDiscussion(agent, cat.id);
    const r1 = await postReply(other, d.id, 'first reply');
    const r2 = await postReply(agent, d.id, 'answer to first', r1.id);

    const res = await t().agent().get(`/api/forum/discussions/${d.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: d.id, author: { id: user.id }, category: { id: cat.id }, replyCount: 2 });
    expect(res.body.replies).toEqual([
      {
        id: r1.id,
        content: 'first reply',
        discussionId: d.id,
        parentReplyId: null,
        authorId: otherUser.id,
        author: { id: otherUser.id, firstName: 'Test', lastName: 'User', email: otherUser.email.split('@')[0], title: null, profileImageUrl: null },
        likes: 0,
        writtenAt: null,
        createdAt: r1.createdAt,
        editedAt: null,
      },
      expect.objectContaining({ id: r2.id, parentReplyId: r1.id, authorId: user.id, content: 'answer to first' }),
    ]);

    // A deleted account leaves its posts with a null author.
    await t().db('users').where({ id: otherUser.id }).delete();
    const after = await t().agent().get(`/api/forum/discussions/${d.id}`);
    expect(after.body.replies[0]).toMatchObject({ authorId: null, author: null });
  });

  it('lets the author, editors and admins edit; other users get 403', async () => {
    const cat = await forumCategory(t().db);
    const { agent: author } = await as('subscriber');
    const d = await postDiscussion(author, cat.id, 'original');

    expect((await t().agent().patch(`/api/forum/discussions/${d.id}`, { title: 'anon' })).status).toBe(401);
    for (const role of ['subscriber', 'contributor'] as const) {
      const { agent } = await as(role);
      const res = await agent.patch(`/api/forum/discussions/${d.id}`, { title: 'hijack' });
      expect(res.status, role).toBe(403);
    }
    const own = await author.patch(`/api/forum/discussions/${d.id}`, { title: ' edited ', content: 'new body' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ title: 'edited', content: 'new body', categoryId: cat.id });
    for (const role of ['editor', 'admin'] as const) {
      const { agent } = await as(role);
      const res = await agent.patch(`/api/forum/discussions/${d.id}`, { title: `by ${role}` });
      expect(res.status, role).toBe(200);
      expect(res.body.title).toBe(`by ${role}`);
    }

    expect((await author.patch(`/api/forum/discussions/${d.id}`, {})).status).toBe(400);
    expect((await author.patch(`/api/forum/discussions/${d.id}`, { title: ' ' })).body.errors).toEqual({ title: ['Title is required'] });
    const unknownCat = await author.patch(`/api/forum/discussions/${d.id}`, { categoryId: randomUUID() });
    expect(unknownCat.status).toBe(400);
    expect(unknownCat.body.errors.categoryId).toEqual(['Category does not exist']);
  });

  it('pin and lock are for editors and admins only (an author sending them gets 403)', async () => {
    const cat = await forumCategory(t().db);
    const { agent: author } = await as('contributor');
    const d = await postDiscussion(author, cat.id);
    const denied = await author.patch(`/api/forum/discussions/${d.id}`, { title: 'ok', isPinned: true });
    expect(denied.status).toBe(403);
    expect((await discussionRow(d.id)).title).not.toBe('ok');

    for (const role of ['editor', 'admin'] as const) {
      const { agent } = await as(role);
      const res = await agent.patch(`/api/forum/discussions/${d.id}`, { isPinned: role === 'editor', isLocked: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ isPinned: role === 'editor', isLocked: true });
    }
    expect((await author.patch(`/api/forum/discussions/${d.id}`, { isLocked: 'yes' })).status).toBe(400);
  });

  it('keeps discussionCount exact when a discussion moves between categories or changes status', async () => {
    const a = await forumCategory(t().db);
    const b = await forumCategory(t().db);
    const { agent: author } = await as('subscriber');
    const d = await postDiscussion(author, a.id);
    await postDiscussion(author, a.id);
    expect([await categoryCount(a.id), await categoryCount(b.id)]).toEqual([2, 0]);

    const moved = await author.patch(`/api/forum/discussions/${d.id}`, { categoryId: b.id });
    expect(moved.body.category).toEqual({ id: b.id, name: b.name });
    expect([await categoryCount(a.id), await categoryCount(b.id)]).toEqual([1, 1]);

    const { agent: editor } = await as('editor');
    await editor.patch(`/api/forum/discussions/${d.id}/status`, { status: 'draft' });
    await editor.patch(`/api/forum/discussions/${d.id}/status`, { status: 'draft' }); // no double count
    expect(await categoryCount(b.id)).toBe(0);
    // Moving a draft does not count anywhere; publishing it counts in its new home.
    await editor.patch(`/api/forum/discussions/${d.id}`, { categoryId: a.id });
    expect([await categoryCount(a.id), await categoryCount(b.id)]).toEqual([1, 0]);
    await editor.patch(`/api/forum/discussions/${d.id}/status`, { status: 'published' });
    expect([await categoryCount(a.id), await categoryCount(b.id)]).toEqual([2, 0]);
    await editor.delete(`/api/forum/discussions/${d.id}`);
    expect(await categoryCount(a.id)).toBe(1);
  });

  it('deletes with its replies for the author, editors and admins; others get 403', async () => {
    const cat = await forumCategory(t().db);
    const { agent: author } = await as('subscriber');
    const { agent: replier } = await as('subscriber');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await postDiscussion(author, cat.id, `to delete ${i}`)).id);
    await postReply(replier, ids[0]);
    await postReply(replier, ids[0]);
    expect(await categoryCount(cat.id)).toBe(3);

    expect((await t().agent().delete(`/api/forum/discussions/${ids[0]}`)).status).toBe(401);
    expect((await replier.delete(`/api/forum/discussions/${ids[0]}`)).status).toBe(403);
    const { agent: contributor } = await as('contributor');
    expect((await contributor.delete(`/api/forum/discussions/${ids[0]}`)).status).toBe(403);

    const res = await author.delete(`/api/forum/discussions/${ids[0]}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await t().agent().get(`/api/forum/discussions/${ids[0]}`)).status).toBe(404);
    expect(await t().db('forum_replies').where({ discussion_id: ids[0] })).toEqual([]);
    expect((await author.delete(`/api/forum/discussions/${ids[0]}`)).status).toBe(404);

    const { agent: editor } = await as('editor');
    const { agent: admin } = await as('admin');
    expect((await editor.delete(`/api/forum/discussions/${ids[1]}`)).status).toBe(200);
    expect((await admin.delete(`/api/forum/discussions/${ids[2]}`)).status).toBe(200);
    expect(await categoryCount(cat.id)).toBe(0);
  });

  it('status and featured are editor/admin calls', async () => {
    const cat = await forumCategory(t().db);
    const { agent: author } = await as('subscriber');
    const d = await postDiscussion(author, cat.id);

    for (const path of ['status', 'featured']) {
      const body = path === 'status' ? { status: 'draft' } : { isFeatured: true };
      expect((await t().agent().patch(`/api/forum/discussions/${d.id}/${path}`, body)).status).toBe(401);
      // Not even the author: these are moderation toggles.
      expect((await author.patch(`/api/forum/discussions/${d.id}/${path}`, body)).status).toBe(403);
      const { agent: contributor } = await as('contributor');
      expect((await contributor.patch(`/api/forum/discussions/${d.id}/${path}`, body)).status).toBe(403);
    }
    expect((await discussionRow(d.id)).status).toBe('published');

    const { agent: editor } = await as('editor');
    const { agent: admin } = await as('admin');
    const featured = await editor.patch(`/api/forum/discussions/${d.id}/featured`, { isFeatured: true });
    expect(featured.status).toBe(200);
    expect(featured.body.isFeatured).toBe(true);
    const status = await admin.patch(`/api/forum/discussions/${d.id}/status`, { status: 'draft' });
    expect(status.body).toMatchObject({ status: 'draft', isFeatured: true });

    const badStatus = await editor.patch(`/api/forum/discussions/${d.id}/status`, { status: 'archived' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toEqual({ status: ['Status must be draft or published'] });
    const badFeatured = await editor.patch(`/api/forum/discussions/${d.id}/featured`, {});
    expect(badFeatured.status).toBe(400);
    expect(badFeatured.body.errors).toEqual({ isFeatured: ['isFeatured must be true or false'] });
  });

  it('answers 404 JSON for unknown and malformed ids', async () => {
    const { agent: admin } = await as('admin');
    for (const id of [randomUUID(), 'not-a-uuid', '1', "1' or '1'='1"]) {
      const p = `/api/forum/discussions/${encodeURIComponent(id)}`;
      const results = [
        await admin.get(p),
        await admin.patch(p, { title: 'x' }),
        await admin.delete(p),
        await admin.patch(`${p}/status`, { status: 'draft' }),
        await admin.patch(`${p}/featured`, { isFeatured: true }),
        await admin.delete(`/api/forum/replies/${encodeURIComponent(id)}`),
      ];
      for (const res of results) {
        expect(res.status, id).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
    expect((await admin.get(`/api/forum/discussions/${randomUUID()}`)).body.message).toBe('Discussion not found');
    expect((await admin.post('/api/forum/replies', { discussionId: randomUUID(), content: 'x' })).status).toBe(404);
  });

  // ---------------------------------------------------------------------------------------------
  // Replies

  it('posting a reply moves replyCount and lastReplyAt; anonymous gets 401', async () => {
    const cat = await forumCategory(t().db);
    const { agent } = await as('subscriber');
    const d = await postDiscussion(agent, cat.id);
    expect((await t().agent().post('/api/forum/replies', { discussionId: d.id, content: 'hi' })).status).toBe(401);

    let last = '';
    for (const role of ROLES) {
      const { agent: replier, user } = await as(role);
      const res = await replier.post('/api/forum/replies', { discussionId: d.id, content: `  from ${role}  ` });
      expect(res.status, role).toBe(201);
      expect(res.body).toMatchObject({ content: `from ${role}`, discussionId: d.id, parentReplyId: null, author: { id: user.id }, likes: 0 });
      last = res.body.createdAt;
    }
    const detail = (await t().agent().get(`/api/forum/discussions/${d.id}`)).body;
    expect(detail.replyCount).toBe(4);
    expect(detail.lastReplyAt).toBe(last);
    expect(detail.replies).toHaveLength(4);
    const row = await discussionRow(d.id);
    expect(toInt(row.reply_count)).toBe(4);
    expect(toIso(row.last_reply_at)).toBe(last);
  });

  it('validates replies: content, length, parent in the same discussion', async () => {
    const cat = await forumCategory(t().db);
    const { agent } = await as('subscriber');
    const d1 = await postDiscussion(agent, cat.id);
    const d2 = await postDiscussion(agent, cat.id);
    const r2 = await postReply(agent, d2.id);

    const blank = await agent.post('/api/forum/replies', { discussionId: d1.id, content: ' \n\t ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ content: ['Reply content is required'] });
    expect((await agent.post('/api/forum/replies', { discussionId: d1.id })).body.errors).toEqual({ content: ['Reply content is required'] });
    const long = await agent.post('/api/forum/replies', { discussionId: d1.id, content: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.errors.content).toEqual(['Reply must be at most 5000 characters']);
    expect((await agent.post('/api/forum/replies', { discussionId: d1.id, content: 'x'.repeat(5000) })).status).toBe(201);
    expect((await agent.post('/api/forum/replies', { content: 'x' })).body.errors).toEqual({ discussionId: ['Discussion is required'] });

    const foreign = await agent.post('/api/forum/replies', { discussionId: d1.id, content: 'nested', parentReplyId: r2.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ parentReplyId: ['Parent reply must belong to the same discussion'] });
    const ghost = await agent.post('/api/forum/replies', { discussionId: d1.id, content: 'nested', parentReplyId: randomUUID() });
    expect(ghost.status).toBe(400);
    expect(toInt((await discussionRow(d1.id)).reply_count)).toBe(1);

    const nested = await postReply(agent, d2.id, 'nested ok', r2.id);
    expect(nested.parentReplyId).toBe(r2.id);
  });

  it('a locked discussion refuses replies with 423, for every role', async () => {
    const cat = await forumCategory(t().db);
    const { agent: author } = await as('subscriber');
    const d = await postDiscussion(author, cat.id);
    await postReply(author, d.id);
    const { agent: editor } = await as('editor');
    await editor.patch(`/api/forum/discussions/${d.id}`, { isLocked: true });

    for (const role of ROLES) {
      const { agent } = await as(role);
      const res = await agent.post('/api/forum/replies', { discussionId: d.id, content: 'too late' });
      expect(res.status, role).toBe(423);
      expect(res.body).toMatchObject({ message: 'This discussion is locked', code: 'locked' });
    }
    expect((await t().agent().get(`/api/forum/discussions/${d.id}`)).body.replyCount).toBe(1);

    await editor.patch(`/api/forum/discussions/${d.id}`, { isLocked: false });
    expect((await author.post('/api/forum/replies', { discussionId: d.id, content: 'open again' })).status).toBe(201);
  });

  it('deletes own replies (editors/admins any), with nested replies, and recounts', async () => {
    const cat = await forumCategory(t().db);
    const { agent: author } = await as('subscriber');
    const { agent: other } = await as('subscriber');
    const d = await postDiscussion(author, cat.id);
    const r1 = await postReply(author, d.id, 'one');
    const r2 = await postReply(other, d.id, 'two');
    const r3 = await postReply(author, d.id, 'three, under two', r2.id);
    expect((await discussionRow(d.id)).reply_count).toBe(3);

    expect((await t().agent().delete(`/api/forum/replies/${r2.id}`)).status).toBe(401);
    expect((await author.delete(`/api/forum/replies/${r2.id}`)).status).toBe(403);
    const { agent: contributor } = await as('contributor');
    expect((await contributor.delete(`/api/forum/replies/${r2.id}`)).status).toBe(403);

    // Deleting "two" takes "three" (nested under it) with it; lastReplyAt falls back to "one".
    const res = await other.delete(`/api/forum/replies/${r2.id}`);
    expect(res.status).toBe(200);
    let detail = (await t().agent().get(`/api/forum/discussions/${d.id}`)).body;
    expect(detail.replies.map((r: { id: string }) => r.id)).toEqual([r1.id]);
    expect(detail.replyCount).toBe(1);
    expect(detail.lastReplyAt).toBe(r1.createdAt);
    expect(r3.id).toBeTruthy();

    const { agent: editor } = await as('editor');
    expect((await editor.delete(`/api/forum/replies/${r1.id}`)).status).toBe(200);
    detail = (await t().agent().get(`/api/forum/discussions/${d.id}`)).body;
    expect(detail).toMatchObject({ replyCount: 0, lastReplyAt: null, replies: [] });
    expect((await editor.delete(`/api/forum/replies/${r1.id}`)).status).toBe(404);

    const r4 = await postReply(author, d.id);
    const { agent: admin } = await as('admin');
    expect((await admin.delete(`/api/forum/replies/${r4.id}`)).status).toBe(200);
  });

  it('keeps counters exact under concurrent replies and status toggles', async () => {
    const cat = await forumCategory(t().db);
    const { agent } = await as('subscriber');
    const d = await postDiscussion(agent, cat.id);
    const repliers = await Promise.all(Array.from({ length: 4 }, () => as('subscriber')));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => postReply(repliers[i % repliers.length].agent, d.id, `concurrent ${i}`)),
    );
    const { agent: editor } = await as('editor');
    const statuses = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'published' : 'draft'));
    await Promise.all(statuses.map((status) => editor.patch(`/api/forum/discussions/${d.id}/status`, { status })));

    const row = await discussionRow(d.id);
    const replies = await t().db('forum_replies').where({ discussion_id: d.id }).count({ n: '*' }).first();
    expect(toInt(row.reply_count)).toBe(20);
    expect(toInt(replies?.n)).toBe(20);
    expect(await categoryCount(cat.id)).toBe(row.status === 'published' ? 1 : 0);
  });

  it('every maintained counter equals a recount after all of the above', async () => {
    const categories = await t().db('forum_categories');
    for (const c of categories) {
      const n = await t().db('forum_discussions').where({ category_id: c.id, status: 'published' }).count({ n: '*' }).first();
      expect(toInt(c.discussion_count), c.name).toBe(toInt(n?.n));
    }
    for (const d of await t().db('forum_discussions')) {
      const n = await t().db('forum_replies').where({ discussion_id: d.id }).count({ n: '*' }).first();
      expect(toInt(d.reply_count), d.title).toBe(toInt(n?.n));
    }
  });

  // ---------------------------------------------------------------------------------------------
  // Query counts

  it('the list costs the same number of queries for 50 discussions as for 1', async () => {
    const cat = await forumCategory(t().db);
    const newsCats = Array.from({ length: 3 }, (_, i) => ({ id: uuidv7(), name: `QC ${i} ${randomUUID()}`, slug: `qc-${i}-${randomUUID()}` }));
    await t().db('news_categories').insert(newsCats);
    // A different author for each discussion: the authors query must batch them.
    const authors = await Promise.all(Array.from({ length: 50 }, () => createUser(t().db)));
    const ts = Date.now();
    const rows = authors.map((a, i) => ({
      id: uuidv7(),
      title: `qc ${i}`,
      content: 'x',
      category_id: cat.id,
      author_id: a.id,
      created_at: new Date(ts - i).toISOString(),
      updated_at: new Date(ts).toISOString(),
    }));
    await t().db('forum_discussions').insert(rows);
    await t().db('forum_categories').where({ id: cat.id }).update({ discussion_count: 50 });
    await t().db('discussion_news_categories').insert(rows.map((r, i) => ({ discussion_id: r.id, category_id: newsCats[i % 3].id })));

    const { agent: viewer } = await as('subscriber');
    // A member's first request of the period also notes when they were last seen (one write per 5 minutes): made before counting.
    await viewer.get('/api/forum/categories');
    let many: Array<{ author: { id: string }; newsCategories: unknown[] }> = [];
    let one: unknown[] = [];
    const q50 = await t().countQueries(async () => {
      many = (await viewer.get(`/api/forum/discussions?categoryId=${cat.id}&limit=50`)).body;
    });
    const q1 = await t().countQueries(async () => {
      one = (await viewer.get(`/api/forum/discussions?categoryId=${cat.id}&limit=1`)).body;
    });
    expect(many).toHaveLength(50);
    expect(one).toHaveLength(1);
    expect(new Set(many.map((d) => d.author.id)).size).toBe(50);
    expect(many.every((d) => d.newsCategories.length === 1)).toBe(true);
    expect(q50).toBe(q1);
    // session, user, the page (category joined), authors, news categories
    expect(q50).toBeLessThanOrEqual(5);
    const unfiltered50 = await t().countQueries(() => viewer.get('/api/forum/discussions?limit=50'));
    const unfiltered1 = await t().countQueries(() => viewer.get('/api/forum/discussions?limit=1'));
    expect(unfiltered50).toBe(unfiltered1);
    expect(unfiltered50).toBeLessThanOrEqual(5);
  });

  it('the detail costs the same number of queries with 50 replies as with 1', async () => {
    const cat = await forumCategory(t().db);
    const { agent } = await as('subscriber');
    const small = await postDiscussion(agent, cat.id, 'one reply');
    const big = await postDiscussion(agent, cat.id, 'fifty replies');
    await postReply(agent, small.id);
    const repliers = await Promise.all(Array.from({ length: 10 }, () => createUser(t().db)));
    const ts = Date.now();
    await t()
      .db('forum_replies')
      .insert(
        Array.from({ length: 50 }, (_, i) => ({
          id: uuidv7(),
          content: `reply ${i}`,
          discussion_id: big.id,
          author_id: repliers[i % 10].id,
          created_at: new Date(ts + i).toISOString(),
        })),
      );
    await t().db('forum_discussions').where({ id: big.id }).update({ reply_count: 50 });

    const { agent: viewer } = await as('subscriber');
    // A member's first request of the period also notes when they were last seen (one write per 5 minutes): made before counting.
    await viewer.get('/api/forum/categories');
    let bigBody: { replies: Array<{ content: string; author: { id: string } }> } = { replies: [] };
    const qBig = await t().countQueries(async () => {
      bigBody = (await viewer.get(`/api/forum/discussions/${big.id}`)).body;
    });
    const qSmall = await t().countQueries(() => viewer.get(`/api/forum/discussions/${small.id}`));
    expect(bigBody.replies).toHaveLength(50);
    expect(bigBody.replies[49]).toMatchObject({ content: 'reply 49', author: { id: repliers[9].id } });
    expect(qBig).toBe(qSmall);
    // session, user, discussion (category joined), replies, authors, news categories
    expect(qBig).toBeLessThanOrEqual(6);
  });
});
