import { createHash, randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDb, type Agent } from '../test/harness';
import { toInt } from '../db/dialect';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_TTL_MS, sweepIdempotencyKeys } from './idempotency';
import { signedIn } from '../test/agents';
import { forumCategory, insertArticle, postDiscussion } from '../test/factories';

const key = () => `outbox-${randomUUID()}`;
const withKey = (agent: Agent, k: string, method: string, path: string, body?: unknown) =>
  agent.request(method, path, { body, headers: { 'Idempotency-Key': k } });

describeEachDb('idempotency', (t) => {
  const member = async () => (await signedIn(t().db, t().agent())).agent;
  const article = () => insertArticle(t().db);
  const comments = (articleId: string) => t().db('news_comments').where({ article_id: articleId });
  const commentCount = async (articleId: string) => toInt((await t().db('news_articles').where({ id: articleId }).first()).comment_count);
  const keyRows = (k: string) => t().db('idempotency_keys').where({ key: k });

  it('answers a repeat with the first result, applied once, and marks it replayed', async () => {
    const agent = await member();
    const id = await article();
    const k = key();
    const first = await withKey(agent, k, 'POST', `/api/news/${id}/comments`, { content: 'Once only' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    for (let i = 0; i < 3; i++) {
      const again = await withKey(agent, k, 'POST', `/api/news/${id}/comments`, { content: 'Once only' });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(await comments(id)).toHaveLength(1);
    expect(await commentCount(id)).toBe(1);
    // Without the key the same body is a new comment: the key, not the content, makes it a repeat.
    expect((await agent.post(`/api/news/${id}/comments`, { content: 'Once only' })).status).toBe(201);
    expect(await comments(id)).toHaveLength(2);
  });

  it('replays a like and an unlike without toggling again', async () => {
    const agent = await member();
    const id = await article();
    const like = key();
    const unlike = key();
    expect((await withKey(agent, like, 'POST', `/api/news/${id}/like`)).body).toMatchObject({ liked: true, likes: 1 });
    expect((await withKey(agent, unlike, 'DELETE', `/api/news/${id}/like`)).body).toMatchObject({ liked: false, likes: 0 });
    // The like sent again (an outbox retry after the unlike) must not like it again.
    const replay = await withKey(agent, like, 'POST', `/api/news/${id}/like`);
    expect(replay.body).toMatchObject({ liked: true, likes: 1 });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const row = await t().db('news_articles').where({ id }).first();
    expect(toInt(row.likes)).toBe(0);
  });

  it('refuses the same key for a different body, path or method with 422 and writes nothing', async () => {
    const agent = await member();
    const id = await article();
    const other = await article();
    const k = key();
    expect((await withKey(agent, k, 'POST', `/api/news/${id}/comments`, { content: 'First' })).status).toBe(201);
    const cases: Array<[string, string, unknown]> = [
      ['POST', `/api/news/${id}/comments`, { content: 'Second' }],
      ['POST', `/api/news/${other}/comments`, { content: 'First' }],
      ['POST', `/api/news/${id}/like`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await withKey(agent, k, method, path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.message).toBe('This Idempotency-Key was already used for a different request');
    }
    expect(await comments(id)).toHaveLength(1);
    expect(await comments(other)).toHaveLength(0);
    expect(toInt((await t().db('news_articles').where({ id }).first()).likes)).toBe(0);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const { agent, user } = await signedIn(t().db, t().agent());
    const id = await article();
    const k = key();
    // The row an in-flight request holds while its route runs (a race made deterministic).
    await t().db('idempotency_keys').insert({
      user_id: user.id,
      key: k,
      method: 'POST',
      path: `/api/news/${id}/comments`,
      body_hash: createHash('sha256').update(JSON.stringify({ content: 'Hello' })).digest('hex'),
      completed: false,
      created_at: new Date().toISOString(),
    });
    const running = await withKey(agent, k, 'POST', `/api/news/${id}/comments`, { content: 'Hello' });
    expect(running.status).toBe(409);
    expect(running.body).toMatchObject({ message: 'A request with this Idempotency-Key is still being processed', code: 'request_in_progress' });
    expect(await comments(id)).toHaveLength(0);
  });

  it('lets exactly one of many concurrent repeats write', async () => {
    const agent = await member();
    const id = await article();
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => withKey(agent, k, 'POST', `/api/news/${id}/comments`, { content: 'Raced' })),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    expect(await comments(id)).toHaveLength(1);
    expect(await commentCount(id)).toBe(1);
  });

  it('keeps keys per user: another user with the same key gets their own write', async () => {
    const a = await member();
    const b = await member();
    const id = await article();
    const k = key();
    const first = await withKey(a, k, 'POST', `/api/news/${id}/comments`, { content: 'Same words' });
    const second = await withKey(b, k, 'POST', `/api/news/${id}/comments`, { content: 'Same words' });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.id).not.toBe(first.body.id);
    expect(await comments(id)).toHaveLength(2);
    expect(await keyRows(k)).toHaveLength(2);
  });

  it('forgets results after 24 hours, sweeping expired keys on the next keyed write', async () => {
    const agent = await member();
    const id = await article();
    const k = key();
    const old = key();
    await withKey(agent, k, 'POST', `/api/news/${id}/comments`, { content: 'Day one' });
    await withKey(agent, old, 'POST', `/api/news/${id}/comments`, { content: 'Also day one' });
    const expired = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000).toISOString();
    await t().db('idempotency_keys').whereIn('key', [k, old]).update({ created_at: expired });

    const later = await withKey(agent, k, 'POST', `/api/news/${id}/comments`, { content: 'Day one' });
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await comments(id)).toHaveLength(3);
    expect(await keyRows(old)).toHaveLength(0);
  });

  it('releases the key of a refused request, so a repeat runs again', async () => {
    const agent = await member();
    const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
    const cat = await forumCategory(t().db);
    const discussion = await postDiscussion(editor, cat.id);
    await editor.patch(`/api/forum/discussions/${discussion.id}`, { isLocked: true });
    const k = key();
    const body = { discussionId: discussion.id, content: 'Queued while locked' };
    expect((await withKey(agent, k, 'POST', '/api/forum/replies', body)).status).toBe(423);
    expect(await keyRows(k)).toHaveLength(0);
    await editor.patch(`/api/forum/discussions/${discussion.id}`, { isLocked: false });
    const retry = await withKey(agent, k, 'POST', '/api/forum/replies', body);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a malformed key with 400 and writes nothing', async () => {
    const agent = await member();
    const id = await article();
    for (const bad of ['short', 'x'.repeat(129), 'has space inside', 'semi;colon-key', 'quote"in-the-key']) {
      const res = await withKey(agent, bad, 'POST', `/api/news/${id}/comments`, { content: 'Hi' });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/^Idempotency-Key must be/);
    }
    expect(await comments(id)).toHaveLength(0);
  });

  it('ignores the header on anonymous requests', async () => {
    const id = await article();
    const res = await withKey(t().agent(), 'bad', 'POST', `/api/news/${id}/like`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ anonymous: true });
    expect(await t().db('idempotency_keys').where({ key: 'bad' })).toHaveLength(0);
  });

  it('sweeps expired results and abandoned unfinished rows by age only, keeping recent results and running requests', async () => {
    const agent = await member();
    const id = await article();
    const kept = key();
    const cutOff = key();
    await withKey(agent, kept, 'POST', `/api/news/${id}/comments`, { content: 'Finished' });
    await withKey(agent, cutOff, 'POST', `/api/news/${id}/comments`, { content: 'Cut off by a crash' });
    // As if the process died after the comment was written but before its result was recorded.
    await keyRows(cutOff).update({ completed: false, status: null, response_body: null });
    // Another process may be running it: a minute later it is still held.
    const written = new Date((await keyRows(cutOff).first()).created_at).getTime();
    await sweepIdempotencyKeys(t().db, written + 60_000);
    expect(await keyRows(cutOff)).toHaveLength(1);
    expect((await withKey(agent, cutOff, 'POST', `/api/news/${id}/comments`, { content: 'Cut off by a crash' })).status).toBe(409);
    // Past IDEMPOTENCY_ABANDONED_MS nothing can still be running it: the key is usable again.
    await sweepIdempotencyKeys(t().db, written + IDEMPOTENCY_ABANDONED_MS + 1_000);
    expect(await keyRows(kept)).toHaveLength(1);
    expect(await keyRows(cutOff)).toHaveLength(0);
    expect((await withKey(agent, kept, 'POST', `/api/news/${id}/comments`, { content: 'Finished' })).headers.get('idempotent-replayed')).toBe('true');
  });
});

describeEachDb('client ids', (t) => {
  const as = async () => signedIn(t().db, t().agent());

  it('a comment with a client id is created once; the same id again answers 200 with that comment', async () => {
    const { agent, user } = await as();
    // Written offline an hour ago by a member whose account is older than that.
    await t().db('users').where({ id: user.id }).update({ created_at: new Date(Date.now() - 86_400_000).toISOString() });
    const articleId = await insertArticle(t().db);
    const id = randomUUID();
    const writtenAt = new Date(Date.now() - 3_600_000).toISOString();
    const first = await agent.post(`/api/news/${articleId}/comments`, { content: 'Written on the train', id, writtenAt });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, content: 'Written on the train', writtenAt });
    expect(Date.parse(first.body.createdAt)).toBeGreaterThan(Date.parse(writtenAt));

    const again = await agent.post(`/api/news/${articleId}/comments`, { content: 'Written on the train', id, writtenAt });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await t().db('news_comments').where({ article_id: articleId })).toHaveLength(1);
    expect(toInt((await t().db('news_articles').where({ id: articleId }).first()).comment_count)).toBe(1);

    const list = await agent.get(`/api/news/${articleId}/comments`);
    expect(list.body).toEqual([first.body]);
  });

  it('a client id used by another user or on another article is 409', async () => {
    const { agent } = await as();
    const { agent: other } = await as();
    const articleId = await insertArticle(t().db);
    const elsewhere = await insertArticle(t().db);
    const id = randomUUID();
    await agent.post(`/api/news/${articleId}/comments`, { content: 'Mine', id });
    const stolen = await other.post(`/api/news/${articleId}/comments`, { content: 'Mine', id });
    expect(stolen.status).toBe(409);
    expect(stolen.body.message).toBe('This id is already in use');
    expect((await agent.post(`/api/news/${elsewhere}/comments`, { content: 'Mine', id })).status).toBe(409);
    expect(await t().db('news_comments').where({ id })).toHaveLength(1);
    expect(toInt((await t().db('news_articles').where({ id: elsewhere }).first()).comment_count)).toBe(0);
  });

  it('concurrent posts of one client id make one comment', async () => {
    const { agent } = await as();
    const articleId = await insertArticle(t().db);
    const id = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => agent.post(`/api/news/${articleId}/comments`, { content: 'Raced', id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await t().db('news_comments').where({ article_id: articleId })).toHaveLength(1);
    expect(toInt((await t().db('news_articles').where({ id: articleId }).first()).comment_count)).toBe(1);
  });

  it('replies and discussions take client ids the same way', async () => {
    const { agent } = await as();
    const { agent: other } = await as();
    const cat = await forumCategory(t().db);
    const discussionId = randomUUID();
    const d1 = await agent.post('/api/forum/discussions', { title: 'Offline question', content: 'Body', categoryId: cat.id, id: discussionId });
    expect(d1.status).toBe(201);
    expect(d1.body.id).toBe(discussionId);
    const d2 = await agent.post('/api/forum/discussions', { title: 'Offline question', content: 'Body', categoryId: cat.id, id: discussionId });
    expect(d2.status).toBe(200);
    expect(d2.body.id).toBe(discussionId);
    expect((await other.post('/api/forum/discussions', { title: 'Mine', content: 'Body', categoryId: cat.id, id: discussionId })).status).toBe(409);
    expect(toInt((await t().db('forum_categories').where({ id: cat.id }).first()).discussion_count)).toBe(1);

    const replyId = randomUUID();
    const writtenAt = new Date(Date.now() - 60_000).toISOString();
    const body = { discussionId, content: 'Offline reply', id: replyId, writtenAt };
    const r1 = await agent.post('/api/forum/replies', body);
    expect(r1.status).toBe(201);
    expect(r1.body).toMatchObject({ id: replyId, writtenAt });
    const r2 = await agent.post('/api/forum/replies', body);
    expect(r2.status).toBe(200);
    expect(r2.body).toEqual(r1.body);
    expect((await other.post('/api/forum/replies', body)).status).toBe(409);
    const otherDiscussion = await postDiscussion(agent, cat.id);
    expect((await agent.post('/api/forum/replies', { ...body, discussionId: otherDiscussion.id })).status).toBe(409);
    const detail = await agent.get(`/api/forum/discussions/${discussionId}`);
    expect(detail.body.replyCount).toBe(1);
    expect(detail.body.replies).toEqual([r1.body]);
  });

  it('a replayed reply to a discussion locked since is the existing reply, not 423', async () => {
    const { agent } = await as();
    const { agent: editor } = await signedIn(t().db, t().agent(), 'editor');
    const cat = await forumCategory(t().db);
    const d = await postDiscussion(agent, cat.id);
    const body = { discussionId: d.id, content: 'Before the lock', id: randomUUID() };
    expect((await agent.post('/api/forum/replies', body)).status).toBe(201);
    await editor.patch(`/api/forum/discussions/${d.id}`, { isLocked: true });
    expect((await agent.post('/api/forum/replies', body)).status).toBe(200);
  });

  it('a writing time a little ahead (device clock within the 5-minute skew) is clamped to the posting time; bad ids and times are 400', async () => {
    const { agent } = await as();
    const articleId = await insertArticle(t().db);
    const ahead = new Date(Date.now() + 2 * 60_000).toISOString();
    const res = await agent.post(`/api/news/${articleId}/comments`, { content: 'Fast clock', writtenAt: ahead });
    expect(res.status).toBe(201);
    expect(Date.parse(res.body.writtenAt)).toBeLessThanOrEqual(Date.parse(res.body.createdAt));
    const plain = await agent.post(`/api/news/${articleId}/comments`, { content: 'Online' });
    expect(plain.body.writtenAt).toBeNull();
    for (const bad of [{ id: 'not-a-uuid' }, { id: 42 }, { writtenAt: 'yesterday' }, { writtenAt: '2999-01-01T00:00:00.000Z' }]) {
      const r = await agent.post(`/api/news/${articleId}/comments`, { content: 'x', ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await t().db('news_comments').where({ article_id: articleId })).toHaveLength(2);
  });
});
