import { beforeAll, expect, it } from 'vitest';
import { mentionMarkup } from '../../../contracts/notifications';
import { describeEachDb, type Agent } from '../../test/harness';
import { createCategory, createUser, insertArticle, insertPodcast } from '../../test/factories';
import { signedIn, signInAs } from '../../test/agents';
import type { UserRow } from '../users/presenter';

/*
 * A member edits their own comment: the words change, the comment is marked edited, what
 * it said before goes to a history only moderators read, and mentions stay right (a mention the edit
 * adds is told once; one already there, or the article's author, is not told again).
 */
describeEachDb('editing comments', (t) => {
  type Member = { agent: Agent; user: UserRow };
  let author: Member;
  let other: Member;
  let editor: Member;
  let categoryId: string;
  beforeAll(async () => {
    author = await signedIn(t().db, t().agent());
    other = await signedIn(t().db, t().agent());
    editor = await signedIn(t().db, t().agent(), 'editor');
    categoryId = (await createCategory(t().db)).id;
  });

  const mention = (u: UserRow) => mentionMarkup(`${u.first_name} ${u.last_name}`, u.id);
  async function commentOn(kind: 'news' | 'podcasts', parentId: string, content = 'Frist thoughts.') {
    const res = await author.agent.post(`/api/${kind}/${parentId}/comments`, { content });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it('the author fixes a typo: new words, an "edited" time, the old words in the history for moderators', async () => {
    const articleId = await insertArticle(t().db, { categoryIds: [categoryId] });
    const id = await commentOn('news', articleId);
    expect((await t().agent().get(`/api/news/${articleId}/comments`)).body[0]).toMatchObject({ id, editedAt: null });

    const res = await author.agent.patch(`/api/news/comments/${id}`, { content: 'First thoughts.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, articleId, content: 'First thoughts.' });
    expect(Date.parse(res.body.editedAt)).toBeGreaterThan(0);
    const [listed] = (await t().agent().get(`/api/news/${articleId}/comments`)).body;
    expect(listed).toMatchObject({ content: 'First thoughts.', editedAt: res.body.editedAt });

    // The same words again (an offline edit replayed) change nothing.
    expect((await author.agent.patch(`/api/news/comments/${id}`, { content: 'First thoughts.' })).status).toBe(200);
    const history = await editor.agent.get(`/api/news/comments/${id}/edits`);
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ previousContent: 'Frist thoughts.', previousTitle: null, editor: { id: author.user.id } });
    expect(history.headers.get('cache-control')).toContain('no-store');
  });

  it('only the author edits; only moderators read the history; bad input is refused and writes nothing', async () => {
    const articleId = await insertArticle(t().db, { categoryIds: [categoryId] });
    const id = await commentOn('news', articleId);
    expect((await other.agent.patch(`/api/news/comments/${id}`, { content: 'Mine now' })).status).toBe(403);
    expect((await editor.agent.patch(`/api/news/comments/${id}`, { content: 'Moderated' })).status).toBe(403);
    expect((await t().agent().patch(`/api/news/comments/${id}`, { content: 'Anyone' })).status).toBe(401);
    const empty = await author.agent.patch(`/api/news/comments/${id}`, { content: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.content).toEqual(['Comment required']);
    expect((await author.agent.patch('/api/news/comments/00000000-0000-7000-8000-000000000000', { content: 'x' })).status).toBe(404);
    expect((await author.agent.patch('/api/news/comments/not-an-id', { content: 'x' })).status).toBe(404);
    expect((await other.agent.get(`/api/news/comments/${id}/edits`)).status).toBe(403);
    expect((await author.agent.get(`/api/news/comments/${id}/edits`)).status).toBe(403);
    expect(await t().db('news_comments').where({ id }).first('content', 'edited_at')).toMatchObject({ content: 'Frist thoughts.', edited_at: null });
    expect(await t().db('post_edits').where({ news_comment_id: id })).toEqual([]);
  });

  it('an edit tells only the members it newly mentions, and nobody twice', async () => {
    const writer = await createUser(t().db, { role: 'contributor' });
    const ada = await createUser(t().db, { firstName: 'Ada', lastName: 'Mention' });
    const bo = await createUser(t().db, { firstName: 'Bo', lastName: 'Mention' });
    const articleId = await insertArticle(t().db, { categoryIds: [categoryId], authorId: writer.id });
    const id = await commentOn('news', articleId, `Ask ${mention(ada)}.`);
    const told = async (userId: string) => t().db('notifications').where({ user_id: userId }).pluck('type');
    expect(await told(ada.id)).toEqual(['mention']);
    expect(await told(writer.id)).toEqual(['article_comment']);

    expect((await author.agent.patch(`/api/news/comments/${id}`, { content: `Ask ${mention(ada)} and ${mention(bo)}.` })).status).toBe(200);
    expect(await told(bo.id)).toEqual(['mention']);
    expect(await told(ada.id)).toEqual(['mention']);
    expect(await told(writer.id)).toEqual(['article_comment']);
    // Taking a mention out tells nobody.
    expect((await author.agent.patch(`/api/news/comments/${id}`, { content: `Ask ${mention(ada)}.` })).status).toBe(200);
    expect(await told(bo.id)).toEqual(['mention']);
    expect(await told(ada.id)).toEqual(['mention']);
  });

  it("an episode's comment is edited the same way; deleting it takes its history", async () => {
    const episodeId = await insertPodcast(t().db, { categoryIds: [categoryId] });
    const id = await commentOn('podcasts', episodeId);
    const res = await author.agent.patch(`/api/podcasts/comments/${id}`, { content: 'Great episode.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ podcastId: episodeId, content: 'Great episode.' });
    expect((await editor.agent.get(`/api/podcasts/comments/${id}/edits`)).body.map((e: { previousContent: string }) => e.previousContent)).toEqual(['Frist thoughts.']);
    expect((await author.agent.delete(`/api/podcasts/comments/${id}`)).status).toBe(200);
    expect(await t().db('post_edits').where({ podcast_comment_id: id })).toEqual([]);
  });

  it("a comment on an article that went back to draft cannot be edited by its author (it is not theirs to see)", async () => {
    const articleId = await insertArticle(t().db, { categoryIds: [categoryId] });
    const id = await commentOn('news', articleId);
    await t().db('news_articles').where({ id: articleId }).update({ status: 'draft' });
    expect((await author.agent.patch(`/api/news/comments/${id}`, { content: 'Edited' })).status).toBe(404);
    // A moderator still reads its history.
    await signInAs(t().db, editor.agent, editor.user.id);
    expect((await editor.agent.get(`/api/news/comments/${id}/edits`)).status).toBe(200);
  });
});
