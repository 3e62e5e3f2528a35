import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { AUTO_HIDDEN_REASON } from '../../../contracts/moderation';
import { mentionMarkup } from '../../../contracts/mentions';
import { DB_KINDS, describeEachDb, startTestServer, type Agent, type TestServer } from '../../test/harness';
import { newMember, signedIn } from '../../test/agents';
import { forumCategory, insertArticle, insertPodcast, postDiscussion, postReply } from '../../test/factories';
import { toBool, toInt } from '../../db/dialect';

/*
 * Reports and the moderation queue: a member reports a comment, reply, discussion or
 * member; enough reports hide it until a moderator decides; hidden words are left out of every read
 * path for everyone but the author and moderators.
 */

type Target = { type: string; id: string };

/** The servers here trust the loopback proxy, so each report can come from an address of its own (X-Forwarded-For). */
const BEHIND_PROXY = { trustProxy: ['127.0.0.1', '::1'] };
let addresses = 0;
/** A documentation address (RFC 5737) no other report has used, unless `from` names one. */
const freshAddress = () => `198.51.${100 + Math.floor(++addresses / 250)}.${addresses % 250}`;
const report = (agent: Agent, target: Target, reason = 'spam', note?: string, from = freshAddress()) =>
  agent.request('POST', '/api/reports', { body: { target, reason, note }, headers: { 'x-forwarded-for': from } });

describeEachDb('reports and moderation', (t) => {
  const as = (role: 'subscriber' | 'editor' | 'admin' = 'subscriber') => signedIn(t().db, t().agent(), role);

  /** An article with a comment by a fresh member; returns both and the author's agent. */
  async function commented(content = `Buy cheap pills ${randomUUID()}`) {
    const articleId = await insertArticle(t().db);
    const author = await as();
    const res = await author.agent.post(`/api/news/${articleId}/comments`, { content });
    expect(res.status).toBe(201);
    return { articleId, commentId: res.body.id as string, author, content };
  }
  /** `n` different members report the target. */
  async function reportedBy(n: number, target: Target) {
    const reporters = [];
    for (let i = 0; i < n; i++) {
      const r = await as();
      expect((await report(r.agent, target, i === 0 ? 'other' : 'spam', i === 0 ? 'Selling pills' : undefined)).status).toBe(201);
      reporters.push(r);
    }
    return reporters;
  }
  const commentsOf = async (agent: Agent, articleId: string) => (await agent.get(`/api/news/${articleId}/comments`)).body as Array<{ id: string; content: string; author: unknown; hidden?: { reason: string | null } | null }>;
  const queueItem = async (agent: Agent, id: string) => {
    const res = await agent.get('/api/moderation/queue?limit=50');
    expect(res.status).toBe(200);
    return (res.body as Array<{ target: Target; reports: Array<{ reason: string; note: string | null; reporter: { name: string } }> }>).find((i) => i.target.id === id);
  };

  it('validates a report: a reason from the list, a note for "other", at most 500 characters', async () => {
    const { commentId } = await commented();
    const { agent } = await as();
    const target = { type: 'article_comment', id: commentId };
    const bad = [
      { target, reason: 'rude' },
      { target, reason: 'other' },
      { target, reason: 'other', note: '   ' },
      { target, reason: 'spam', note: 'x'.repeat(501) },
      { target: { type: 'article', id: commentId }, reason: 'spam' },
      { target: { type: 'article_comment', id: 'nope' }, reason: 'spam' },
    ];
    for (const body of bad) {
      const res = await agent.post('/api/reports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const other = await agent.post('/api/reports', { target, reason: 'other', note: 'Same words posted under every article' });
    expect(other.status).toBe(201);
    expect(other.body).toEqual({ id: expect.any(String), hidden: false });
    expect(await t().db('reports').where({ id: other.body.id }).first()).toMatchObject({ reporter_id: expect.any(String), news_comment_id: commentId, reason: 'other', note: 'Same words posted under every article', resolved_at: null });
  });

  it('refuses anonymous reports, unknown items, one\'s own items and a second report of the same item', async () => {
    const { commentId, author } = await commented();
    const target = { type: 'article_comment', id: commentId };
    expect((await report(t().agent(), target)).status).toBe(401);
    const { agent, user } = await as();
    expect((await report(agent, { type: 'reply', id: randomUUID() })).status).toBe(404);
    const own = await report(author.agent, target);
    expect(own.status).toBe(422);
    expect(own.body.message).toBe('You cannot report your own comment');
    expect((await report(agent, { type: 'member', id: user.id })).body.message).toBe('You cannot report yourself');
    expect((await report(agent, target)).status).toBe(201);
    const again = await report(agent, target, 'abusive');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this comment. A moderator will review it.');
    expect(await t().db('reports').where({ news_comment_id: commentId }).count({ n: '*' }).first()).toMatchObject({ n: expect.anything() });
    expect(toInt((await t().db('reports').where({ news_comment_id: commentId }).count({ n: '*' }).first())?.n)).toBe(1);
  });

  it('GET /api/reports/mine: what I reported, newest first, never another member\'s reports; 401 for a visitor', async () => {
    const { commentId, author } = await commented();
    const { agent } = await as();
    expect((await agent.get('/api/reports/mine')).body).toEqual([]);
    expect((await report(agent, { type: 'article_comment', id: commentId })).status).toBe(201);
    expect((await report(agent, { type: 'member', id: author.user.id })).status).toBe(201);
    const mine = await agent.get('/api/reports/mine');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body).toEqual([
      { type: 'member', id: author.user.id },
      { type: 'article_comment', id: commentId },
    ]);
    expect((await author.agent.get('/api/reports/mine')).body).toEqual([]);
    const visitor = await t().agent().get('/api/reports/mine');
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBeTruthy();
  });

  it('hides a comment reported by three different members until reviewed; its author and moderators still read it', async () => {
    const { articleId, commentId, author, content } = await commented();
    const target = { type: 'article_comment', id: commentId };
    const [first, second] = await reportedBy(2, target);
    expect((await commentsOf(t().agent(), articleId))[0].content).toBe(content);
    const third = await as();
    const res = await report(third.agent, target, 'abusive');
    expect(res.body.hidden).toBe(true);
    void first;
    void second;
    const row = await t().db('news_comments').where({ id: commentId }).first();
    expect(row.hidden_at).toBeTruthy();
    expect(row.hidden_reason).toBe(AUTO_HIDDEN_REASON);

    // A visitor and another member: the comment keeps its place, without words or author.
    for (const agent of [t().agent(), third.agent]) {
      const [c] = await commentsOf(agent, articleId);
      expect(c).toMatchObject({ id: commentId, content: '', author: null, hidden: { reason: null } });
      expect(JSON.stringify(c)).not.toContain(content);
    }
    // The author sees why; a moderator sees the words, marked.
    expect((await commentsOf(author.agent, articleId))[0]).toMatchObject({ content, hidden: { reason: AUTO_HIDDEN_REASON } });
    const editor = await as('editor');
    expect((await commentsOf(editor.agent, articleId))[0]).toMatchObject({ content, hidden: { reason: AUTO_HIDDEN_REASON } });
    // Counts keep counting a hidden comment (docs/decisions/2026-11-28-hidden-items.md).
    expect(toInt((await t().db('news_articles').where({ id: articleId }).first()).comment_count)).toBe(1);
  });

  it('lists reported items for editors and admins, newest first, with their reports and reporters, paged, in a fixed number of queries', async () => {
    const editor = await as('editor');
    const { commentId } = await commented();
    const reporters = await reportedBy(2, { type: 'article_comment', id: commentId });
    const item = await queueItem(editor.agent, commentId);
    expect(item).toMatchObject({
      target: { type: 'article_comment', id: commentId },
      excerpt: expect.stringContaining('Buy cheap pills'),
      author: { name: 'Test User' },
      hidden: null,
      path: expect.stringMatching(/^\/news\//),
    });
    expect(item!.reports).toHaveLength(2);
    expect(item!.reports.map((r) => r.reason).sort()).toEqual(['other', 'spam']);
    expect(item!.reports.find((r) => r.reason === 'other')).toMatchObject({ note: 'Selling pills', reporter: { name: 'Test User' } });
    void reporters;

    // Newest report first: a discussion reported now comes before the comment.
    const cat = await forumCategory(t().db);
    const d = await postDiscussion((await as()).agent, cat.id, `Spammy ${Date.now()}`);
    await reportedBy(1, { type: 'discussion', id: d.id });
    const page = (await editor.agent.get('/api/moderation/queue?limit=1')).body;
    expect(page).toHaveLength(1);
    expect(page[0]).toMatchObject({ target: { type: 'discussion', id: d.id }, label: d.title });
    const first = await editor.agent.get('/api/moderation/queue?limit=1');
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await editor.agent.get(`/api/moderation/queue?limit=1&after=${cursor}`);
    expect(next.body[0].target.id).toBe(commentId);
    expect((await editor.agent.get('/api/moderation/queue?after=garbage')).status).toBe(400);

    // The same number of queries for one item as for many.
    const one = await t().countQueries(() => editor.agent.get('/api/moderation/queue?limit=1'));
    const many = await t().countQueries(() => editor.agent.get('/api/moderation/queue?limit=50'));
    // Items of kinds not on the page cost nothing: at most one query per kind more.
    expect(many).toBeLessThanOrEqual(one + 4);
    const again = await t().countQueries(() => editor.agent.get('/api/moderation/queue?limit=50'));
    expect(again).toBe(many);

    const count = await editor.agent.get('/api/moderation/count');
    expect(count.body.open).toBeGreaterThanOrEqual(2);
    const member = await as();
    expect((await member.agent.get('/api/moderation/queue')).status).toBe(403);
    expect((await t().agent().get('/api/moderation/queue')).status).toBe(401);
  });

  it('Restore brings a hidden comment back, resolves its reports in one go and writes the audit trail', async () => {
    const { articleId, commentId, content } = await commented();
    const target = { type: 'article_comment', id: commentId };
    await reportedBy(3, target);
    const editor = await as('editor');
    const res = await editor.agent.post('/api/moderation/actions', { target, action: 'restore', note: 'Not spam: a real product question' });
    expect(res.status).toBe(200);
    expect((await commentsOf(t().agent(), articleId))[0]).toMatchObject({ content });
    expect((await commentsOf(t().agent(), articleId))[0].hidden).toBeUndefined();
    const reports = await t().db('reports').where({ news_comment_id: commentId });
    expect(reports).toHaveLength(3);
    for (const r of reports) expect(r).toMatchObject({ resolution: 'restored', resolved_by: editor.user.id, resolution_note: 'Not spam: a real product question' });
    expect(await queueItem(editor.agent, commentId)).toBeUndefined();
    const audit = await t().db('audit_log').where({ target_id: commentId });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'moderation.restore', actor_id: editor.user.id, target_type: 'comment' });
    expect(JSON.parse(audit[0].after)).toEqual({ resolution: 'restore', note: 'Not spam: a real product question' });
    // The admin's audit log filters by the new actions.
    const admin = await as('admin');
    const log = await admin.agent.get('/api/admin/audit?action=moderation.');
    expect(log.status).toBe(200);
    expect(log.body.entries.some((e: { target: { id: string } }) => e.target.id === commentId)).toBe(true);
    // A new round of reports starts from nothing: two are not enough again.
    await reportedBy(2, target);
    expect((await t().db('news_comments').where({ id: commentId }).first()).hidden_at).toBeNull();
  });

  it('Hide shows the author the moderator\'s note; Dismiss lifts only an automatic hide; Delete removes the item and its count', async () => {
    const editor = await as('editor');
    const hidden = await commented();
    await reportedBy(1, { type: 'article_comment', id: hidden.commentId });
    expect((await editor.agent.post('/api/moderation/actions', { target: { type: 'article_comment', id: hidden.commentId }, action: 'hide', note: 'Advertising is not allowed here' })).status).toBe(200);
    expect((await commentsOf(hidden.author.agent, hidden.articleId))[0].hidden).toMatchObject({ reason: 'Advertising is not allowed here' });
    expect((await commentsOf(t().agent(), hidden.articleId))[0]).toMatchObject({ content: '', hidden: { reason: null } });
    expect(await t().db('reports').where({ news_comment_id: hidden.commentId }).first()).toMatchObject({ resolution: 'hidden' });

    const auto = await commented();
    await reportedBy(3, { type: 'article_comment', id: auto.commentId });
    expect((await editor.agent.post('/api/moderation/actions', { target: { type: 'article_comment', id: auto.commentId }, action: 'dismiss' })).status).toBe(200);
    expect((await t().db('news_comments').where({ id: auto.commentId }).first()).hidden_at).toBeNull();
    // Nothing left to dismiss.
    expect((await editor.agent.post('/api/moderation/actions', { target: { type: 'article_comment', id: auto.commentId }, action: 'dismiss' })).status).toBe(409);

    const gone = await commented();
    await reportedBy(1, { type: 'article_comment', id: gone.commentId });
    expect((await editor.agent.post('/api/moderation/actions', { target: { type: 'article_comment', id: gone.commentId }, action: 'delete' })).status).toBe(200);
    expect(await t().db('news_comments').where({ id: gone.commentId }).first()).toBeUndefined();
    expect(toInt((await t().db('news_articles').where({ id: gone.articleId }).first()).comment_count)).toBe(0);
    expect(await t().db('audit_log').where({ target_id: gone.commentId, action: 'moderation.delete' }).first()).toBeTruthy();
    expect((await editor.agent.post('/api/moderation/actions', { target: { type: 'article_comment', id: gone.commentId }, action: 'hide' })).status).toBe(404);
  });

  it('tells the author and the reporters what the moderator decided, in the app, linked to the item', async () => {
    const editor = await as('editor');
    const { articleId, commentId, author } = await commented();
    const reporters = await reportedBy(2, { type: 'article_comment', id: commentId });
    expect((await editor.agent.post('/api/moderation/actions', { target: { type: 'article_comment', id: commentId }, action: 'hide', note: 'No ads' })).status).toBe(200);
    const notices = (agent: Agent) => agent.get('/api/notifications').then((r) => (Array.isArray(r.body) ? r.body : r.body.notifications) as Array<{ type: string; outcome?: string; target: { available: boolean; path?: string } }>);
    expect(await notices(author.agent)).toEqual([expect.objectContaining({ type: 'moderation', outcome: 'hidden', target: expect.objectContaining({ available: true, path: `/news/${articleId}#comment-${commentId}` }) })]);
    for (const r of reporters) expect(await notices(r.agent)).toEqual([expect.objectContaining({ type: 'report_outcome', outcome: 'hidden' })]);
    // The moderator is not told of their own decision.
    expect((await notices(editor.agent)).filter((n) => n.type === 'report_outcome' || n.type === 'moderation')).toEqual([]);
  });

  it('does not list a notification whose comment is hidden', async () => {
    const articleId = await insertArticle(t().db);
    const { agent: writer } = await as();
    const mentioned = await as();
    const c = await writer.post(`/api/news/${articleId}/comments`, { content: `Hello ${mentionMarkup('Test User', mentioned.user.id)}` });
    expect(c.status).toBe(201);
    const count = async () => { const r = await mentioned.agent.get('/api/notifications'); return (Array.isArray(r.body) ? r.body : r.body.notifications).length as number; };
    expect(await count()).toBe(1);
    expect((await mentioned.agent.get('/api/notifications/unread-count')).body).toMatchObject({ count: 1 });
    await reportedBy(3, { type: 'article_comment', id: c.body.id });
    expect(await count()).toBe(0);
    expect((await mentioned.agent.get('/api/notifications/unread-count')).body).toMatchObject({ count: 0 });
  });

  it('a reported member can only be dismissed', async () => {
    const admin = await as('admin');
    const { user: member } = await as();
    await reportedBy(3, { type: 'member', id: member.id });
    const item = await queueItem(admin.agent, member.id);
    expect(item).toMatchObject({ target: { type: 'member', id: member.id }, label: 'Test User', path: `/members/${member.id}`, hidden: null });
    for (const action of ['hide', 'restore', 'delete']) {
      expect((await admin.agent.post('/api/moderation/actions', { target: { type: 'member', id: member.id }, action })).status).toBe(422);
    }
    expect((await admin.agent.post('/api/moderation/actions', { target: { type: 'member', id: member.id }, action: 'dismiss', note: 'Fine' })).status).toBe(200);
    expect(await t().db('audit_log').where({ target_id: member.id, action: 'moderation.dismiss', target_type: 'user' }).first()).toBeTruthy();
  });

  it('refuses a hidden post\'s edits by its author (404, as for replies) and lets staff edit theirs', async () => {
    const editor = await as('editor');
    const hide = async (type: string, id: string) =>
      expect((await editor.agent.post('/api/moderation/actions', { target: { type, id }, action: 'hide', note: 'Spam' })).status).toBe(200);
    // An article comment and an episode comment.
    const { commentId, author } = await commented();
    await hide('article_comment', commentId);
    const edit = await author.agent.patch(`/api/news/comments/${commentId}`, { content: 'Rewritten while hidden' });
    expect(edit.status).toBe(404);
    expect((await t().db('news_comments').where({ id: commentId }).first('content')).content).not.toBe('Rewritten while hidden');
    const podcastId = await insertPodcast(t().db);
    const episodeComment = (await author.agent.post(`/api/podcasts/${podcastId}/comments`, { content: 'On the episode' })).body;
    await hide('episode_comment', episodeComment.id);
    expect((await author.agent.patch(`/api/podcasts/comments/${episodeComment.id}`, { content: 'Rewritten' })).status).toBe(404);
    // A discussion and a reply.
    const d = await postDiscussion(author.agent, (await forumCategory(t().db)).id, 'Asked in good faith');
    const reply = await postReply(author.agent, d.id, 'Replied in good faith');
    await hide('reply', reply.id);
    expect((await author.agent.patch(`/api/forum/replies/${reply.id}`, { content: 'Rewritten' })).status).toBe(404);
    await hide('discussion', d.id);
    const title = await author.agent.patch(`/api/forum/discussions/${d.id}`, { title: 'EDITED WHILE HIDDEN - visit evil.example' });
    expect(title.status).toBe(404);
    expect((await author.agent.post('/api/forum/replies', { discussionId: d.id, content: 'More while hidden' })).status).toBe(404);
    // Its author still reads it with the reason; staff may still edit.
    expect((await author.agent.get(`/api/forum/discussions/${d.id}`)).body).toMatchObject({ title: 'Asked in good faith', hidden: { reason: 'Spam' } });
    expect((await editor.agent.patch(`/api/forum/discussions/${d.id}`, { title: 'Retitled by a moderator' })).status).toBe(200);
    const own = (await editor.agent.post(`/api/podcasts/${podcastId}/comments`, { content: 'Staff words' })).body;
    await hide('episode_comment', own.id);
    expect((await editor.agent.patch(`/api/podcasts/comments/${own.id}`, { content: 'Staff words, mended' })).status).toBe(200);
  });

  it('tells a watcher nothing that carries a hidden discussion\'s title', async () => {
    const editor = await as('editor');
    const cat = await forumCategory(t().db);
    const watcher = await as();
    expect((await watcher.agent.put(`/api/forum/categories/${cat.id}/watch`, { level: 'watching' })).status).toBe(200);
    const author = await as();
    const d = await postDiscussion(author.agent, cat.id, 'An honest title');
    const notices = async () => (await watcher.agent.get('/api/notifications?limit=50')).body as Array<{ type: string; target: { available: boolean; id?: string; title?: string } }>;
    expect((await notices()).find((n) => n.type === 'watched_discussion')?.target).toMatchObject({ available: true, id: d.id, title: 'An honest title' });

    await reportedBy(3, { type: 'discussion', id: d.id });
    // Whatever its title becomes while hidden (its author cannot change it; a moderator could), the watcher reads none.
    await t().db('forum_discussions').where({ id: d.id }).update({ title: 'EDITED WHILE HIDDEN - visit evil.example' });
    expect((await author.agent.post('/api/forum/replies', { discussionId: d.id, content: `Hey ${mentionMarkup('W', watcher.user.id)}` })).status).toBe(404);
    const list = await notices();
    expect(list.filter((n) => n.target.id === d.id || n.target.available === false)).toEqual([
      expect.objectContaining({ type: 'watched_discussion', target: { available: false, kind: 'discussion' } }),
    ]);
    expect(JSON.stringify(list)).not.toContain('EDITED WHILE HIDDEN');
    expect(list.some((n) => n.type === 'mention')).toBe(false);
    // Restored: the watcher may open it again.
    expect((await editor.agent.post('/api/moderation/actions', { target: { type: 'discussion', id: d.id }, action: 'restore' })).status).toBe(200);
    expect((await notices()).find((n) => n.type === 'watched_discussion')?.target).toMatchObject({ available: true, id: d.id });
  });

  it('leaves hidden replies and discussions out of every read path but their author\'s and moderators\'', async () => {
    const editor = await as('editor');
    const cat = await forumCategory(t().db);
    const author = await as();
    const word = `zanzibarquux${Date.now().toString(36)}`;
    const d = await postDiscussion(author.agent, cat.id, `Cheap ${word} here`);
    const reply = await postReply(author.agent, d.id, `Reply selling ${word}`);
    const other = await as();
    const child = await postReply(other.agent, d.id, 'A fair answer', reply.id);

    await reportedBy(3, { type: 'reply', id: reply.id });
    // The thread keeps its shape: the hidden reply is a placeholder, its child stays.
    const thread = (await t().agent().get(`/api/forum/discussions/${d.id}`)).body;
    expect(thread.replies.map((r: { id: string }) => r.id)).toEqual([reply.id, child.id]);
    expect(thread.replies[0]).toMatchObject({ content: '', authorId: null, hidden: { reason: null } });
    expect(JSON.stringify(thread)).not.toContain(`Reply selling ${word}`);
    expect((await author.agent.get(`/api/forum/discussions/${d.id}`)).body.replies[0]).toMatchObject({ content: `Reply selling ${word}`, hidden: { reason: AUTO_HIDDEN_REASON } });

    const searchHits = async (agent: Agent) => ((await agent.get(`/api/search?q=${word}`)).body.results as Array<{ id: string }>).map((r) => r.id);
    expect(await searchHits(t().agent())).toContain(d.id);
    expect((await t().agent().get('/sitemap.xml')).text).toContain(d.id);

    await editor.agent.post('/api/moderation/actions', { target: { type: 'discussion', id: d.id }, action: 'hide', note: 'Spam' });
    const listed = async (agent: Agent) => ((await agent.get(`/api/forum/discussions?categoryId=${cat.id}`)).body as Array<{ id: string }>).map((x) => x.id);
    expect(await listed(t().agent())).not.toContain(d.id);
    expect(await listed(other.agent)).not.toContain(d.id);
    expect(await listed(author.agent)).toContain(d.id);
    expect(await listed(editor.agent)).toContain(d.id);
    expect((await t().agent().get(`/api/forum/discussions/${d.id}`)).status).toBe(404);
    expect((await other.agent.get(`/api/forum/discussions/${d.id}`)).status).toBe(404);
    expect((await author.agent.get(`/api/forum/discussions/${d.id}`)).body.hidden).toMatchObject({ reason: 'Spam' });
    expect((await editor.agent.get(`/api/forum/discussions/${d.id}`)).status).toBe(200);
    expect(await searchHits(t().agent())).not.toContain(d.id);
    expect(await searchHits(editor.agent)).not.toContain(d.id);
    expect((await t().agent().get('/sitemap.xml')).text).not.toContain(d.id);
    // The author's member page lists only what a visitor can open.
    const page = (await t().agent().get(`/api/members/${author.user.id}`)).body;
    expect(JSON.stringify(page)).not.toContain(d.id);

    await editor.agent.post('/api/moderation/actions', { target: { type: 'discussion', id: d.id }, action: 'restore' });
    expect(await listed(t().agent())).toContain(d.id);
    expect(await searchHits(t().agent())).toContain(d.id);
  });

  it('hides an episode comment the same way', async () => {
    const podcastId = await insertPodcast(t().db);
    const author = await as();
    const c = (await author.agent.post(`/api/podcasts/${podcastId}/comments`, { content: 'Visit my site' })).body;
    await reportedBy(3, { type: 'episode_comment', id: c.id });
    const list = (await t().agent().get(`/api/podcasts/${podcastId}/comments`)).body;
    expect(list[0]).toMatchObject({ id: c.id, content: '', hidden: { reason: null } });
  });
}, { ...BEHIND_PROXY, moderation: { reportsToHide: 3, reporterMinAgeHours: 0 } });

describe.each(DB_KINDS)('what a report weighs [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, {
      ...BEHIND_PROXY,
      moderation: { reportsToHide: 2, reporterMinAgeHours: 24 },
      writeLimits: { comment: { perMinute: 2, perHour: 10 }, discussion: { perMinute: 9, perHour: 9 }, like: { perMinute: 9, perHour: 9 }, upload: { perMinute: 9, perHour: 9 }, staffFactor: 1 },
    });
  }, 60_000);
  afterAll(() => t?.close());

  /** A member whose account is `ageHours` old, its email confirmed or not. */
  const member = async (ageHours: number, emailConfirmed = true) => {
    const m = await newMember(t, { emailConfirmed });
    await t.db('users').where({ id: m.user.id }).update({ created_at: new Date(Date.now() - ageHours * 3_600_000).toISOString() });
    return m;
  };
  const discussion = async () => {
    const author = await member(100);
    return { type: 'discussion', id: (await postDiscussion(author.agent, (await forumCategory(t.db)).id)).id };
  };
  const isHidden = async (target: Target) => Boolean((await t.db('forum_discussions').where({ id: target.id }).first('hidden_at')).hidden_at);
  const queued = async (target: Target) => (await t.db('reports').where({ discussion_id: target.id }).whereNull('resolved_at').count({ n: '*' }).first())?.n;

  it('three accounts made seconds ago from one address, none confirmed, hide nothing; their reports reach the queue', async () => {
    const target = await discussion();
    const from = freshAddress();
    for (let i = 0; i < 3; i++) {
      const res = await report((await member(0, false)).agent, target, 'spam', undefined, from);
      expect(res.status).toBe(201);
      expect(res.body.hidden).toBe(false);
    }
    expect(await isHidden(target)).toBe(false);
    expect((await t.agent().get(`/api/forum/discussions/${target.id}`)).status).toBe(200);
    expect(toInt(await queued(target))).toBe(3);
    const editor = await signedIn(t.db, t.agent(), 'editor');
    const queue = (await editor.agent.get('/api/moderation/queue?limit=50')).body as Array<{ target: Target; reports: unknown[] }>;
    expect(queue.find((i) => i.target.id === target.id)?.reports).toHaveLength(3);
  });

  it('counts a trusted member (confirmed, older than REPORTER_MIN_AGE_HOURS) once per address, and hides at REPORTS_TO_HIDE addresses', async () => {
    const target = await discussion();
    // Young or unconfirmed: 201, in the queue, not counted.
    expect((await report((await member(1)).agent, target)).body.hidden).toBe(false);
    expect((await report((await member(30, false)).agent, target)).body.hidden).toBe(false);
    // Two trusted members behind one address count as one.
    const shared = freshAddress();
    expect((await report((await member(30)).agent, target, 'spam', undefined, shared)).body.hidden).toBe(false);
    expect((await report((await member(30)).agent, target, 'spam', undefined, shared)).body.hidden).toBe(false);
    // An IPv6 /64 is one address too.
    const other = await discussion();
    expect((await report((await member(30)).agent, other, 'spam', undefined, '2001:db8:1:2::a')).body.hidden).toBe(false);
    expect((await report((await member(30)).agent, other, 'spam', undefined, '2001:db8:1:2:ffff::b')).body.hidden).toBe(false);
    expect(await isHidden(other)).toBe(false);
    // A second address makes two: hidden.
    expect((await report((await member(30)).agent, target)).body.hidden).toBe(true);
    expect((await t.agent().get(`/api/forum/discussions/${target.id}`)).status).toBe(404);
    const rows = await t.db('reports').where({ discussion_id: target.id }).select('source', 'counts');
    expect(rows.filter((r) => toBool(r.counts))).toHaveLength(3);
    expect(rows.filter((r) => r.source === shared)).toHaveLength(2);
  });

  it("hides at once on a staff member's report", async () => {
    const target = await discussion();
    const editor = await signedIn(t.db, t.agent(), 'editor');
    expect((await report(editor.agent, target)).body.hidden).toBe(true);
    expect((await t.agent().get(`/api/forum/discussions/${target.id}`)).status).toBe(404);
  });

  it('limits reports like comments (429)', async () => {
    const a = await member(30);
    // Two a minute: the third report of one member is refused and not written.
    const targets = await Promise.all([0, 1, 2].map(async () => ({ type: 'member', id: (await member(50)).user.id })));
    expect((await report(a.agent, targets[0])).status).toBe(201);
    expect((await report(a.agent, targets[1])).status).toBe(201);
    const limited = await report(a.agent, targets[2]);
    expect(limited.status).toBe(429);
    expect(await t.db('reports').where({ member_id: targets[2].id }).first()).toBeUndefined();
  });
});

// The server-rendered pages read through the same API (SERVER_RENDERING; needs the dist/ssr build,
// as server/pages/render.test.ts does): hidden words are not in the HTML either.
describe.each(DB_KINDS)('hidden items in server-rendered pages [%s]', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { serverRendering: true });
  }, 60_000);
  afterAll(() => t?.close());

  it('leaves a hidden reply\'s words and a hidden discussion out of the HTML', async () => {
    const cat = await forumCategory(t.db);
    const { agent: author } = await signedIn(t.db, t.agent());
    const { agent: editor } = await signedIn(t.db, t.agent(), 'editor');
    const tag = randomUUID().slice(0, 8);
    const d = await postDiscussion(author, cat.id, `Rendered question ${tag}`);
    const reply = await postReply(author, d.id, `Hidden words ${tag}`);
    const before = await t.agent().get(`/forums/${d.id}`);
    expect(before.status).toBe(200);
    expect(before.text).toContain(`Hidden words ${tag}`);

    expect((await editor.post('/api/moderation/actions', { target: { type: 'reply', id: reply.id }, action: 'hide' })).status).toBe(200);
    const page = await t.agent().get(`/forums/${d.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Rendered question ${tag}`);
    expect(page.text).not.toContain(`Hidden words ${tag}`);
    expect(page.text).toContain('This comment was hidden by a moderator.');

    expect((await editor.post('/api/moderation/actions', { target: { type: 'discussion', id: d.id }, action: 'hide' })).status).toBe(200);
    const gone = await t.agent().get(`/forums/${d.id}`);
    expect(gone.status).toBe(404);
    expect(gone.text).not.toContain(`Rendered question ${tag}`);
    const list = await t.agent().get('/forums');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(`Rendered question ${tag}`);
  });
});
