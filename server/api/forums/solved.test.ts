import { beforeAll, expect, it } from 'vitest';
import { mentionMarkup } from '../../../contracts/notifications';
import { describeEachDb, type Agent } from '../../test/harness';
import { createUser, forumCategory, postDiscussion, postReply } from '../../test/factories';
import { signedIn } from '../../test/agents';
import { toInt } from '../../db/dialect';
import type { UserRow } from '../users/presenter';
import { ANSWER_POINTS } from './repo';

/*
 * Edits and Solved in the forums: members edit their own replies and discussions (the comments' design:
 * an "edited" time, the old words in a history moderators read, only new mentions told), and a
 * discussion's author or a moderator marks one reply as the answer (Solved), with points, a notice,
 * the "unanswered" filter and the community page's "Answered" figure.
 */
describeEachDb('forum edits and Solved', (t) => {
  type Member = { agent: Agent; user: UserRow };
  let asker: Member;
  let helper: Member;
  let other: Member;
  let editor: Member;
  let categoryId: string;
  beforeAll(async () => {
    asker = await signedIn(t().db, t().agent());
    helper = await signedIn(t().db, t().agent());
    other = await signedIn(t().db, t().agent());
    editor = await signedIn(t().db, t().agent(), 'editor');
    categoryId = (await forumCategory(t().db)).id;
  });

  const points = async (id: string) => toInt((await t().db('users').where({ id }).first('points')).points);
  const told = (userId: string, type?: string) =>
    t().db('notifications').where({ user_id: userId }).modify((q) => (type ? q.where({ type }) : q)).pluck('reply_id');
  const mention = (u: UserRow) => mentionMarkup(`${u.first_name} ${u.last_name}`, u.id);
  const question = () => postDiscussion(asker.agent, categoryId, `Question ${Date.now()} ${Math.random()}`);
  const mark = (agent: Agent, discussionId: string, replyId: string | null) => agent.put(`/api/forum/discussions/${discussionId}/answer`, { replyId });

  // -------------------------------------------------------------------------------------- edits

  it('the author edits their reply: new words, an "edited" time, the old words in the history for moderators', async () => {
    const d = await question();
    const reply = await postReply(helper.agent, d.id, 'Frist answer.');
    expect((await t().agent().get(`/api/forum/discussions/${d.id}`)).body.replies[0]).toMatchObject({ id: reply.id, editedAt: null });

    const res = await helper.agent.patch(`/api/forum/replies/${reply.id}`, { content: 'First answer.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: reply.id, discussionId: d.id, content: 'First answer.' });
    expect(Date.parse(res.body.editedAt)).toBeGreaterThan(0);
    expect((await t().agent().get(`/api/forum/discussions/${d.id}`)).body.replies[0]).toMatchObject({ content: 'First answer.', editedAt: res.body.editedAt });

    // The same words again (an offline edit replayed) change nothing.
    expect((await helper.agent.patch(`/api/forum/replies/${reply.id}`, { content: 'First answer.' })).status).toBe(200);
    const history = await editor.agent.get(`/api/forum/replies/${reply.id}/edits`);
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ previousContent: 'Frist answer.', previousTitle: null, editor: { id: helper.user.id } });
    expect(history.headers.get('cache-control')).toContain('no-store');
  });

  it('only the author edits a reply (401 signed out, 403 others and moderators, 404 unknown or hidden, 423 locked); nothing is written', async () => {
    const d = await question();
    const reply = await postReply(helper.agent, d.id, 'Mine.');
    const path = `/api/forum/replies/${reply.id}`;
    expect((await t().agent().patch(path, { content: 'Anyone' })).status).toBe(401);
    expect((await other.agent.patch(path, { content: 'Not mine' })).status).toBe(403);
    expect((await asker.agent.patch(path, { content: 'My discussion' })).status).toBe(403);
    expect((await editor.agent.patch(path, { content: 'Moderated' })).status).toBe(403);
    const empty = await helper.agent.patch(path, { content: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.content).toEqual(['Reply content is required']);
    expect((await helper.agent.patch('/api/forum/replies/00000000-0000-7000-8000-000000000000', { content: 'x' })).status).toBe(404);
    expect((await helper.agent.patch('/api/forum/replies/not-an-id', { content: 'x' })).status).toBe(404);
    await t().db('forum_replies').where({ id: reply.id }).update({ hidden_at: new Date().toISOString(), hidden_reason: 'spam' });
    expect((await helper.agent.patch(path, { content: 'Sneaky' })).status).toBe(404);
    await t().db('forum_replies').where({ id: reply.id }).update({ hidden_at: null, hidden_reason: null });
    await t().db('forum_discussions').where({ id: d.id }).update({ is_locked: true });
    const locked = await helper.agent.patch(path, { content: 'After the lock' });
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ message: 'This discussion is locked' });
    // Moderators only read histories.
    expect((await other.agent.get(`${path}/edits`)).status).toBe(403);
    expect((await helper.agent.get(`${path}/edits`)).status).toBe(403);
    expect(await t().db('forum_replies').where({ id: reply.id }).first('content', 'edited_at')).toMatchObject({ content: 'Mine.', edited_at: null });
    expect(await t().db('post_edits').where({ reply_id: reply.id })).toEqual([]);
  });

  it("an edited reply tells only the members it newly mentions; the discussion's author is not told again", async () => {
    const ada = await createUser(t().db, { firstName: 'Ada', lastName: 'Forum' });
    const bo = await createUser(t().db, { firstName: 'Bo', lastName: 'Forum' });
    const d = await question();
    const reply = await postReply(helper.agent, d.id, `Ask ${mention(ada)}.`);
    expect(await told(ada.id)).toEqual([reply.id]);
    const askerBefore = (await told(asker.user.id)).length;
    expect((await helper.agent.patch(`/api/forum/replies/${reply.id}`, { content: `Ask ${mention(ada)} or ${mention(bo)}.` })).status).toBe(200);
    expect(await told(bo.id)).toEqual([reply.id]);
    expect(await told(ada.id)).toEqual([reply.id]);
    expect((await told(asker.user.id)).length).toBe(askerBefore);
  });

  it("a discussion's edited title or words mark it edited and go to its history (the author's, or a moderator's)", async () => {
    const d = await question();
    const fresh = (await t().agent().get(`/api/forum/discussions/${d.id}`)).body;
    expect(fresh.editedAt).toBeNull();
    const res = await asker.agent.patch(`/api/forum/discussions/${d.id}`, { title: 'Clearer title', content: 'Clearer words' });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.editedAt)).toBeGreaterThan(0);
    // Pinning is no edit of the words: no history, the mark unchanged.
    expect((await editor.agent.patch(`/api/forum/discussions/${d.id}`, { isPinned: true })).body.editedAt).toBe(res.body.editedAt);
    expect((await editor.agent.patch(`/api/forum/discussions/${d.id}`, { content: 'Moderated words' })).status).toBe(200);
    const history = await editor.agent.get(`/api/forum/discussions/${d.id}/edits`);
    expect(history.status).toBe(200);
    expect(history.body.map((e: { previousTitle: string | null; previousContent: string; editor: { id: string } }) => [e.previousTitle, e.previousContent, e.editor.id])).toEqual([
      [d.title, `Body of ${d.title}`, asker.user.id],
      [null, 'Clearer words', editor.user.id],
    ]);
    expect((await asker.agent.get(`/api/forum/discussions/${d.id}/edits`)).status).toBe(403);
    expect((await t().agent().get(`/api/forum/discussions/${d.id}/edits`)).status).toBe(401);
    expect((await editor.agent.get('/api/forum/discussions/00000000-0000-7000-8000-000000000000/edits')).status).toBe(404);
  });

  // ------------------------------------------------------------------------------------- Solved

  it('the asker marks a reply as the answer: its author earns points and is told; unmarking takes them back', async () => {
    const d = await question();
    const reply = await postReply(helper.agent, d.id, 'Use IFRS 18.');
    const start = await points(helper.user.id);

    const res = await mark(asker.agent, d.id, reply.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: d.id, answerReplyId: reply.id });
    expect(await points(helper.user.id)).toBe(start + ANSWER_POINTS);
    expect(await told(helper.user.id, 'answer_marked')).toEqual([reply.id]);
    expect((await t().agent().get(`/api/forum/discussions/${d.id}`)).body.answerReplyId).toBe(reply.id);
    const notice = (await helper.agent.get('/api/notifications')).body.find((n: { type: string }) => n.type === 'answer_marked');
    expect(notice).toMatchObject({ type: 'answer_marked', target: { available: true, kind: 'discussion', path: `/forums/${d.id}#reply-${reply.id}` } });

    // Marking it again changes nothing (no second points, no second notice).
    expect((await mark(asker.agent, d.id, reply.id)).status).toBe(200);
    expect(await points(helper.user.id)).toBe(start + ANSWER_POINTS);
    expect(await told(helper.user.id, 'answer_marked')).toHaveLength(1);

    expect((await mark(asker.agent, d.id, null)).body.answerReplyId).toBeNull();
    expect(await points(helper.user.id)).toBe(start);
  });

  it('a moderator may move the answer to another reply: the points move with it; marking your own reply tells nobody', async () => {
    const d = await question();
    const first = await postReply(helper.agent, d.id, 'First try.');
    const second = await postReply(other.agent, d.id, 'Better.');
    const [h, o] = [await points(helper.user.id), await points(other.user.id)];
    expect((await mark(asker.agent, d.id, first.id)).status).toBe(200);
    expect((await mark(editor.agent, d.id, second.id)).body.answerReplyId).toBe(second.id);
    expect(await points(helper.user.id)).toBe(h);
    expect(await points(other.user.id)).toBe(o + ANSWER_POINTS);

    const own = await postReply(asker.agent, d.id, 'Solved it myself.');
    const a = await points(asker.user.id);
    expect((await mark(asker.agent, d.id, own.id)).status).toBe(200);
    expect(await points(asker.user.id)).toBe(a + ANSWER_POINTS);
    expect(await told(asker.user.id, 'answer_marked')).toEqual([]);
    expect(await points(other.user.id)).toBe(o);
  });

  it('only the asker or a moderator marks (401, 403); an unknown discussion 404; a reply from elsewhere 400; a locked one still may be marked', async () => {
    const d = await question();
    const reply = await postReply(helper.agent, d.id);
    const elsewhere = await postReply(helper.agent, (await question()).id);
    expect((await t().agent().put(`/api/forum/discussions/${d.id}/answer`, { replyId: reply.id })).status).toBe(401);
    expect((await helper.agent.put(`/api/forum/discussions/${d.id}/answer`, { replyId: reply.id })).status).toBe(403);
    expect((await mark(other.agent, d.id, reply.id)).status).toBe(403);
    expect((await mark(asker.agent, '00000000-0000-7000-8000-000000000000', reply.id)).status).toBe(404);
    const bad = await mark(asker.agent, d.id, elsewhere.id);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.replyId).toEqual(['The answer must be a reply in this discussion']);
    const invalid = await asker.agent.put(`/api/forum/discussions/${d.id}/answer`, { replyId: 'nope' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors)).toEqual(['replyId']);
    expect((await discussionAnswer(d.id))).toBeNull();
    await t().db('forum_discussions').where({ id: d.id }).update({ is_locked: true });
    expect((await mark(asker.agent, d.id, reply.id)).body.answerReplyId).toBe(reply.id);
  });
  const discussionAnswer = async (id: string) => (await t().db('forum_discussions').where({ id }).first('answer_reply_id')).answer_reply_id;

  it('deleting the answer (or a reply above it, or the discussion) unmarks it and takes the points back', async () => {
    const d = await question();
    const reply = await postReply(helper.agent, d.id);
    const start = await points(helper.user.id);
    await mark(asker.agent, d.id, reply.id);
    expect((await helper.agent.delete(`/api/forum/replies/${reply.id}`)).status).toBe(200);
    expect(await discussionAnswer(d.id)).toBeNull();
    expect(await points(helper.user.id)).toBe(start);

    const parent = await postReply(other.agent, d.id, 'Parent');
    const nested = await postReply(helper.agent, d.id, 'Nested answer', parent.id);
    await mark(asker.agent, d.id, nested.id);
    expect(await points(helper.user.id)).toBe(start + ANSWER_POINTS);
    expect((await editor.agent.delete(`/api/forum/replies/${parent.id}`)).status).toBe(200);
    expect(await discussionAnswer(d.id)).toBeNull();
    expect(await points(helper.user.id)).toBe(start);

    // Deleting another reply leaves the answer and its points alone.
    const kept = await postReply(helper.agent, d.id, 'Kept');
    const gone = await postReply(other.agent, d.id, 'Gone');
    await mark(asker.agent, d.id, kept.id);
    expect((await other.agent.delete(`/api/forum/replies/${gone.id}`)).status).toBe(200);
    expect(await discussionAnswer(d.id)).toBe(kept.id);
    expect(await points(helper.user.id)).toBe(start + ANSWER_POINTS);
    expect((await asker.agent.delete(`/api/forum/discussions/${d.id}`)).status).toBe(200);
    expect(await points(helper.user.id)).toBe(start);
  });

  it('the list carries answerReplyId and filters to unanswered, at the same query cost for 1 row or many', async () => {
    const cat = (await forumCategory(t().db)).id;
    const solved = await postDiscussion(asker.agent, cat, 'Solved one');
    const open = await postDiscussion(asker.agent, cat, 'Open one');
    const reply = await postReply(helper.agent, solved.id);
    await mark(asker.agent, solved.id, reply.id);
    const all = (await t().agent().get(`/api/forum/discussions?categoryId=${cat}`)).body;
    expect(all.map((x: { id: string; answerReplyId: string | null }) => [x.id, x.answerReplyId])).toEqual([
      [open.id, null],
      [solved.id, reply.id],
    ]);
    const unanswered = await t().agent().get(`/api/forum/discussions?categoryId=${cat}&unanswered=1`);
    expect(unanswered.status).toBe(200);
    expect(unanswered.body.map((x: { id: string }) => x.id)).toEqual([open.id]);
    expect((await t().agent().get(`/api/forum/discussions?categoryId=${cat}&unanswered=0`)).body).toHaveLength(2);
    expect((await t().agent().get('/api/forum/discussions?unanswered=maybe')).status).toBe(400);

    const one = await t().countQueries(() => t().agent().get(`/api/forum/discussions?categoryId=${cat}&unanswered=1`));
    for (let i = 0; i < 3; i++) await postDiscussion(asker.agent, cat, `More ${i}`);
    const many = await t().countQueries(() => t().agent().get(`/api/forum/discussions?categoryId=${cat}&unanswered=1`));
    expect(many).toBe(one);
  });

  it('the unanswered filter is served by an index in the list order', async () => {
    const db = t().db;
    const indexed =
      db.client.config.client === 'pg'
        ? (await db.raw("select indexdef from pg_indexes where indexname = 'forum_discussions_unanswered_idx'")).rows[0]?.indexdef
        : (await db.raw("select sql from sqlite_master where name = 'forum_discussions_unanswered_idx'"))[0]?.sql;
    expect(String(indexed)).toMatch(/answer_reply_id.*is_pinned.*created_at.*id/);
  });
});
