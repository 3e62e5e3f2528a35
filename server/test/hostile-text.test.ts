import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { WRITTEN_AT_MESSAGES } from '../../contracts/common';
import { CONTROL_CHARACTER_MESSAGE, INVALID_UNICODE_MESSAGE, SINGLE_LINE_MESSAGE } from '../../contracts/text';
import { encodeCursor } from '../api/cursor';
import { type CategoryFixture, createCategory, createUser, forumCategory, insertArticle, postDiscussion } from './factories';
import { describeEachDb, type Agent, type Response } from './harness';
import { signedIn } from './agents';

/*
 * Text and times that PostgreSQL cannot store (NUL, year 0), and SQLite would store as-is: every
 * surface an attacker can reach answers 400 (404 for a path) with the field's message, on both
 * databases, and writes nothing (never a 500).
 */

const NUL = 'a\u0000b';
const YEAR_ZERO = '0000-01-01T00:00:00Z';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

describeEachDb('hostile text and times', (t) => {
  let anon: Agent;
  let member: Agent;
  let editor: Agent;
  let admin: Agent;
  let category: CategoryFixture;
  let articleId: string;

  /** Every row of `table`, to show a refused request wrote nothing there. */
  const rows = (table: string) => t().db(table).select('*').orderByRaw('1');

  /** Sends the request and checks: `status`, the field's message under `field`, and `table` unchanged. */
  async function refused(table: string, send: () => Promise<Response>, field: string, message: string, status = 400) {
    const before = await rows(table);
    const res = await send();
    expect(res.status, res.text).toBe(status);
    expect(res.body.message).toBe(message);
    expect(res.body.errors?.[field]).toEqual([message]);
    expect(await rows(table)).toEqual(before);
  }

  beforeAll(async () => {
    const db = t().db;
    anon = t().agent();
    ({ agent: member } = await signedIn(db, t().agent()));
    ({ agent: editor } = await signedIn(db, t().agent(), 'editor'));
    ({ agent: admin } = await signedIn(db, t().agent(), 'admin'));
    category = await createCategory(db);
    articleId = await insertArticle(db, { categoryIds: [category.id] });
  });

  describe('NUL in text is 400 with the field message, nothing written', () => {
    it('registration: a first name with NUL', async () => {
      await refused(
        'users',
        () => anon.post('/api/auth/register', { email: `nul-${randomUUID()}@example.com`, password: 'Quiet-harbour-lamp-42', firstName: NUL, lastName: 'X' }),
        'firstName',
        CONTROL_CHARACTER_MESSAGE,
      );
    });

    it('a comment with NUL', async () => {
      await refused('news_comments', () => member.post(`/api/news/${articleId}/comments`, { content: NUL }), 'content', CONTROL_CHARACTER_MESSAGE);
      expect((await t().db('news_articles').where({ id: articleId }).first()).comment_count).toEqual(0);
    });

    it('an article title and an article content with NUL', async () => {
      const valid = { title: 'Fine', content: 'Fine', categoryIds: [category.id] };
      await refused('news_articles', () => editor.post('/api/news', { ...valid, title: NUL }), 'title', CONTROL_CHARACTER_MESSAGE);
      await refused('news_articles', () => editor.post('/api/news', { ...valid, content: NUL }), 'content', CONTROL_CHARACTER_MESSAGE);
      await refused('news_articles', () => editor.patch(`/api/news/${articleId}`, { title: NUL }), 'title', CONTROL_CHARACTER_MESSAGE);
    });

    it('a podcast title with NUL', async () => {
      await refused('podcast_episodes', () => editor.post('/api/podcasts', { title: NUL, categoryIds: [category.id] }), 'title', CONTROL_CHARACTER_MESSAGE);
    });

    it("a news category's name, and an article's category label, with NUL", async () => {
      await refused('news_categories', () => admin.post('/api/admin/news-categories', { name: NUL, slug: 'nul-name' }), 'name', CONTROL_CHARACTER_MESSAGE);
      await refused('news_categories', () => admin.patch(`/api/admin/news-categories/${category.id}`, { description: NUL }), 'description', CONTROL_CHARACTER_MESSAGE);
      await refused(
        'news_articles',
        () => editor.post('/api/news', { title: 'Fine', content: 'Fine', categoryIds: [category.id], category: NUL }),
        'category',
        CONTROL_CHARACTER_MESSAGE,
      );
    });

    it('admin user create and update with NUL', async () => {
      const email = `nul-${randomUUID()}@example.com`;
      await refused(
        'users',
        () => admin.post('/api/admin/users', { email, password: 'Quiet-harbour-lamp-42', firstName: 'A', lastName: NUL }),
        'lastName',
        CONTROL_CHARACTER_MESSAGE,
      );
      const target = await createUser(t().db);
      await refused('users', () => admin.patch(`/api/admin/users/${target.id}`, { bio: NUL }), 'bio', CONTROL_CHARACTER_MESSAGE);
      await refused('users', () => admin.put(`/api/users/${target.id}`, { firstName: NUL }), 'firstName', CONTROL_CHARACTER_MESSAGE);
    });

    it('the admin users search ?q= with NUL', async () => {
      const res = await admin.get('/api/admin/users?q=a%00b');
      expect(res.status, res.text).toBe(400);
      expect(res.body.errors).toEqual({ q: [CONTROL_CHARACTER_MESSAGE] });
    });

    it('a forum title, a reply and a search with NUL or another control character', async () => {
      const forum = await forumCategory(t().db);
      const discussion = await postDiscussion(member, forum.id);
      await refused('forum_discussions', () => member.post('/api/forum/discussions', { title: 'Esc\u001b[31m', content: 'C', categoryId: forum.id }), 'title', CONTROL_CHARACTER_MESSAGE);
      await refused('forum_replies', () => member.post('/api/forum/replies', { discussionId: discussion.id, content: NUL }), 'content', CONTROL_CHARACTER_MESSAGE);
      const search = await anon.get('/api/search?q=audit%00');
      expect([search.status, search.body.errors]).toEqual([400, { q: [CONTROL_CHARACTER_MESSAGE] }]);
    });
  });

  describe('paths that reach the database as text', () => {
    it('a category feed path with NUL is 404, not 500', async () => {
      for (const path of ['/news/category/a%00b/feed.xml', '/news/category/%00/feed.xml', '/news/category/a%01b/feed.xml']) {
        const res = await anon.get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.message).toBe('Category not found');
      }
    });

    it('a menu key with NUL is 404, and the settings are unchanged', async () => {
      const before = await rows('menu_settings');
      const res = await admin.patch('/api/admin/menu-settings/news%00', { isVisible: false });
      expect(res.status, res.text).toBe(404);
      expect(await rows('menu_settings')).toEqual(before);
    });
  });

  describe('line breaks in one-line fields (names, titles)', () => {
    const CRLF = 'Eve\r\nBcc: victim@example.com';
    it('are 400 under the field on both databases and write nothing; bodies keep theirs', async () => {
      const address = `crlf-${randomUUID()}@example.com`;
      await refused('users', () => anon.post('/api/auth/register', { email: address, password: 'Quiet-harbour-lamp-42', firstName: CRLF, lastName: 'X' }), 'firstName', SINGLE_LINE_MESSAGE);
      await refused('users', () => anon.post('/api/auth/register', { email: address, password: 'Quiet-harbour-lamp-42', firstName: 'Eve', lastName: 'X\n' }), 'lastName', SINGLE_LINE_MESSAGE);
      await refused('users', () => member.patch('/api/profile', { lastName: 'Tab\there' }), 'lastName', SINGLE_LINE_MESSAGE);
      await refused('users', () => member.patch('/api/profile', { title: 'CFO\u2028CEO' }), 'title', SINGLE_LINE_MESSAGE);
      const user = await createUser(t().db);
      await refused('users', () => admin.patch(`/api/admin/users/${user.id}`, { firstName: CRLF }), 'firstName', SINGLE_LINE_MESSAGE);
      await refused('news_articles', () => editor.post('/api/news', { title: 'Fees\r\nSECRET', content: 'Body\r\nkeeps lines', categoryIds: [category.id] }), 'title', SINGLE_LINE_MESSAGE);
      await refused('podcast_episodes', () => editor.post('/api/podcasts', { title: 'Episode\n2', categoryIds: [category.id] }), 'title', SINGLE_LINE_MESSAGE);
      const forum = await forumCategory(t().db);
      await refused('forum_discussions', () => member.post('/api/forum/discussions', { title: 'A\rB', content: 'C', categoryId: forum.id }), 'title', SINGLE_LINE_MESSAGE);
      await refused('resources', () => admin.post('/api/resources', { title: 'Guide\n', type: 'ebook', category: 'taxation' }), 'title', SINGLE_LINE_MESSAGE);
      await refused('podcast_shows', () => admin.post('/api/admin/podcast-shows', { name: 'Show\r\n' }), 'name', SINGLE_LINE_MESSAGE);
      await refused('news_categories', () => admin.post('/api/admin/news-categories', { name: 'Cat\nX', slug: `crlf-${Date.now()}` }), 'name', SINGLE_LINE_MESSAGE);

      // Multi-line bodies keep their line breaks.
      const bio = 'First line\r\nSecond line';
      const res = await member.patch('/api/profile', { bio });
      expect(res.status, res.text).toBe(200);
      expect(res.body.bio).toBe(bio);
    });
  });

  describe('text that is not Unicode', () => {
    it('lone surrogates are 400 on both databases instead of being stored as replacement characters', async () => {
      // JSON.stringify writes a lone surrogate as the escape \ud800, which the server's parser turns back into one.
      await refused('news_comments', () => member.post(`/api/news/${articleId}/comments`, { content: 'half \ud800 a pair' }), 'content', INVALID_UNICODE_MESSAGE);
      await refused('news_articles', () => editor.post('/api/news', { title: '\udfff', content: 'Fine', categoryIds: [category.id] }), 'title', INVALID_UNICODE_MESSAGE);
      await refused('users', () => anon.post('/api/auth/register', { email: `s-${randomUUID()}@example.com`, password: 'Quiet-harbour-lamp-42', firstName: 'A', lastName: 'x\udc00' }), 'lastName', INVALID_UNICODE_MESSAGE);
    });

    it('a complete surrogate pair (an emoji), tabs and newlines are kept exactly', async () => {
      const content = 'Ledger 🧾\ttab\r\nnew line';
      const res = await member.post(`/api/news/${articleId}/comments`, { content });
      expect(res.status, res.text).toBe(201);
      expect((await t().db('news_comments').where({ id: res.body.id }).first()).content).toBe(content);
    });
  });

  describe('cursors carrying times no database can store', () => {
    it('a list cursor, a comment cursor and a forum cursor dated year 0 are 400, not 500', async () => {
      const yearZero = '0000-01-01T00:00:00.000Z';
      const listCursor = encodeCursor([yearZero, yearZero, randomUUID()]);
      const ascCursor = encodeCursor([yearZero, randomUUID()]);
      const forumCursor = Buffer.from(JSON.stringify([0, yearZero, randomUUID()])).toString('base64url');
      for (const path of [`/api/news?before=${listCursor}`, `/api/podcasts?before=${listCursor}`, `/api/news/${articleId}/comments?after=${ascCursor}`, `/api/forum/discussions?before=${forumCursor}`]) {
        const res = await anon.get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(400);
      }
    });
  });

  describe('writtenAt', () => {
    /** A member whose account was made `hours` ago, on a fresh article. */
    async function memberSince(hours: number) {
      const { agent, user } = await signedIn(t().db, t().agent());
      await t().db('users').where({ id: user.id }).update({ created_at: hoursAgo(hours) });
      return agent;
    }

    it('year 0, -000001, 1970 and 9999 on a comment are 400 under writtenAt and write nothing', async () => {
      const agent = await memberSince(24);
      const cases: Array<[string, string]> = [
        [YEAR_ZERO, WRITTEN_AT_MESSAGES.tooEarly],
        ['-000001-01-01T00:00:00Z', WRITTEN_AT_MESSAGES.format],
        ['1970-01-01T00:00:00Z', WRITTEN_AT_MESSAGES.tooEarly],
        ['9999-12-31T23:59:59Z', WRITTEN_AT_MESSAGES.future],
      ];
      for (const [writtenAt, message] of cases) {
        await refused('news_comments', () => agent.post(`/api/news/${articleId}/comments`, { content: 'Backdated', writtenAt }), 'writtenAt', message);
      }
    });

    it('year 0 and a time ten minutes ahead on a reply are 400; nothing written', async () => {
      const agent = await memberSince(24);
      const discussion = await postDiscussion(agent, (await forumCategory(t().db)).id);
      const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
      for (const [writtenAt, message] of [[YEAR_ZERO, WRITTEN_AT_MESSAGES.tooEarly], [ahead, WRITTEN_AT_MESSAGES.future]]) {
        await refused('forum_replies', () => agent.post('/api/forum/replies', { discussionId: discussion.id, content: 'Reply', writtenAt }), 'writtenAt', message);
      }
    });

    it('a time before the author had an account is 400', async () => {
      const agent = await memberSince(1);
      await refused(
        'news_comments',
        () => agent.post(`/api/news/${articleId}/comments`, { content: 'Before I joined', writtenAt: hoursAgo(3) }),
        'writtenAt',
        WRITTEN_AT_MESSAGES.beforeAccount,
      );
    });

    it('an offline comment and reply written an hour ago keep their writtenAt', async () => {
      const agent = await memberSince(24);
      const writtenAt = hoursAgo(1);
      const comment = await agent.post(`/api/news/${articleId}/comments`, { content: 'Written on the train', writtenAt });
      expect(comment.status, comment.text).toBe(201);
      expect(comment.body.writtenAt).toBe(writtenAt);
      const discussion = await postDiscussion(agent, (await forumCategory(t().db)).id);
      const reply = await agent.post('/api/forum/replies', { discussionId: discussion.id, content: 'Also offline', writtenAt });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.writtenAt).toBe(writtenAt);
    });
  });
});
