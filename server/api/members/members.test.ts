import { expect, it } from 'vitest';
import { PROFILE_LIMITS } from '../../../contracts/profile';
import { describeEachDb } from '../../test/harness';
import { createCategory, createUser, forumCategory, insertArticle, minutesAgo, postDiscussion } from '../../test/factories';
import { insertComment } from '../news/repo';
import { signedIn, signInAs } from '../../test/agents';
import { publicImage } from '../../test/uploads';
import { isCanonicalSpelling } from '../../middleware/canonical-path';

const MEMBER_KEYS = [
  'articleCount',
  'articles',
  'badges',
  'bio',
  'company',
  'discussionCount',
  'discussions',
  'expertiseTags',
  'firstName',
  'id',
  'joinedAt',
  'lastName',
  'points',
  'profileImageUrl',
  'title',
];

/** Anything that would identify a mailbox, an account's standing or its secrets. */
const PRIVATE = /@example\.com|email|password|hash|\$2[aby]\$|isActive|is_active|role|subscriber|session|invit/i;

describeEachDb('member pages', (t) => {
  /** A member with a public profile written straight to the database (no API sets points or badges). */
  const member = async (o: { isActive?: boolean } = {}) => {
    const user = await createUser(t().db, { firstName: 'Hannah', lastName: 'Lindqvist', isActive: o.isActive ?? true });
    await t()
      .db('users')
      .where({ id: user.id })
      .update({
        title: 'Audit Partner',
        company: 'Lindqvist & Co',
        bio: 'Twenty years in audit.',
        expertise_tags: JSON.stringify(['External Audit', 'IFRS']),
        badges: JSON.stringify(['First Post']),
        points: 1234,
      });
    return user;
  };

  it('shows what a member made public, and nothing private, to anyone', async () => {
    const user = await member();
    const { agent: signedInAgent } = await signedIn(t().db, t().agent(), 'admin');
    for (const agent of [t().agent(), signedInAgent]) {
      const res = await agent.get(`/api/members/${user.id}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(MEMBER_KEYS);
      expect(res.body).toMatchObject({
        id: user.id,
        firstName: 'Hannah',
        lastName: 'Lindqvist',
        title: 'Audit Partner',
        company: 'Lindqvist & Co',
        bio: 'Twenty years in audit.',
        expertiseTags: ['External Audit', 'IFRS'],
        badges: ['First Post'],
        points: 1234,
        profileImageUrl: null,
        articleCount: 0,
        discussionCount: 0,
        articles: [],
        discussions: [],
      });
      expect(Date.parse(res.body.joinedAt)).not.toBeNaN();
      expect(res.text).not.toMatch(PRIVATE);
      expect(res.text).not.toContain(user.email);
      expect(res.text).not.toContain(user.email.split('@')[0]);
    }
  });

  it('shows the photo the member chose', async () => {
    const { agent, user } = await signedIn(t().db, t().agent());
    const photo = await publicImage(agent);
    expect((await agent.patch('/api/profile', { profileImageUrl: photo })).status).toBe(200);
    expect((await t().agent().get(`/api/members/${user.id}`)).body.profileImageUrl).toBe(photo);
  });

  it('is 404 for a deactivated member, an unknown id and a malformed id (never a 500)', async () => {
    const inactive = await member({ isActive: false });
    const paths = [
      `/api/members/${inactive.id}`,
      '/api/members/019a0000-0000-7000-8000-00000000beef',
      '/api/members/not-an-id',
      '/api/members/1',
      `/api/members/${'9'.repeat(300)}`,
      '/api/members/%00',
      "/api/members/1'%20or%20'1'='1",
    ];
    for (const path of paths) {
      const res = await t().agent().get(path);
      expect(res.status, path).toBe(404);
      // Other spellings (an encoded NUL or slash) are refused before routing (docs/security.md §16), with the plain 404.
      expect(res.body).toEqual({ message: isCanonicalSpelling(path) ? 'Member not found' : 'Not found', code: 'not_found' });
    }
  });

  it('lists the newest published articles and discussions, with totals; drafts, archived items and others’ work stay out', async () => {
    const db = t().db;
    const author = await member();
    const other = await createUser(db);
    const category = await createCategory(db);
    const published: string[] = [];
    for (let i = 0; i < 7; i++) {
      published.push(await insertArticle(db, { title: `Published ${i}`, authorId: author.id, categoryIds: [category.id], createdAt: minutesAgo(100 - i) }));
    }
    await insertArticle(db, { title: 'A draft', status: 'draft', authorId: author.id });
    await insertArticle(db, { title: 'Archived', isArchived: true, authorId: author.id });
    await insertArticle(db, { title: 'Someone else', authorId: other.id });
    await insertComment(db, published[6], other.id, 'Nice');

    const forum = await forumCategory(db);
    const agent = t().agent();
    await signInAs(db, agent, author.id);
    const discussions = [];
    for (let i = 0; i < 6; i++) discussions.push(await postDiscussion(agent, forum.id, `Question ${i}`));
    const draft = await postDiscussion(agent, forum.id, 'Draft question');
    await db('forum_discussions').where({ id: draft.id }).update({ status: 'draft' });

    const res = await t().agent().get(`/api/members/${author.id}`);
    expect(res.status).toBe(200);
    expect(res.body.articleCount).toBe(7);
    expect(res.body.discussionCount).toBe(6);
    expect(res.body.articles.map((a: { title: string }) => a.title)).toEqual(['Published 6', 'Published 5', 'Published 4', 'Published 3', 'Published 2']);
    expect(res.body.articles).toHaveLength(PROFILE_LIMITS.memberListSize);
    expect(res.body.articles[0]).toEqual({ id: published[6], title: 'Published 6', publishedAt: expect.any(String), commentCount: 1, likes: 0 });
    expect(res.body.discussions.map((d: { title: string }) => d.title)).toEqual(['Question 5', 'Question 4', 'Question 3', 'Question 2', 'Question 1']);
    expect(res.body.discussions[0]).toEqual({ id: discussions[5].id, title: 'Question 5', replyCount: 0, likes: 0, createdAt: expect.any(String) });
  });

  it('costs the same few queries for a member with one item as for one with fifty', async () => {
    const db = t().db;
    const forum = await forumCategory(db);
    const agentFor = async (id: string) => {
      const agent = t().agent();
      await signInAs(db, agent, id);
      return agent;
    };
    const small = await member();
    await insertArticle(db, { authorId: small.id });
    await postDiscussion(await agentFor(small.id), forum.id);
    const big = await member();
    const bigAgent = await agentFor(big.id);
    for (let i = 0; i < 50; i++) {
      await insertArticle(db, { authorId: big.id });
      await postDiscussion(bigAgent, forum.id, `Question ${i}`);
    }
    const one = await t().countQueries(() => t().agent().get(`/api/members/${small.id}`));
    const fifty = await t().countQueries(() => t().agent().get(`/api/members/${big.id}`));
    expect(one).toBe(3);
    expect(fifty).toBe(one);
  });
});

describeEachDb('article byline', (t) => {
  it('names the author with their public fields only; none for a deactivated or deleted author', async () => {
    const db = t().db;
    const author = await createUser(db, { firstName: 'Elena', lastName: 'Marsh' });
    const article = await insertArticle(db, { authorId: author.id });
    const res = await t().agent().get(`/api/news/${article}`);
    expect(res.status).toBe(200);
    expect(res.body.author).toEqual({ id: author.id, firstName: 'Elena', lastName: 'Marsh', title: null, profileImageUrl: null });
    expect(res.text).not.toContain(author.email.split('@')[0]);

    await db('users').where({ id: author.id }).update({ is_active: false });
    expect((await t().agent().get(`/api/news/${article}`)).body.author).toBeNull();
    const orphan = await insertArticle(db, { authorId: null });
    expect((await t().agent().get(`/api/news/${orphan}`)).body.author).toBeNull();
  });

  it('lists leave the byline out (no query per article)', async () => {
    const author = await createUser(t().db);
    await insertArticle(t().db, { authorId: author.id });
    const list = await t().agent().get('/api/news');
    expect(list.body.length).toBeGreaterThan(0);
    for (const item of list.body) expect(item).not.toHaveProperty('author');
  });
});
