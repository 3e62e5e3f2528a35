import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toInt } from '../../server/db/dialect';
import { createTestDatabase, DB_KINDS, type TestDatabase } from '../../server/test/harness';
import { BENCH_USER, generate, type BenchCounts, type BenchTargets } from './generate';

const SMALL: BenchCounts = {
  users: 60,
  newsCategories: 8,
  articles: 200,
  comments: 900,
  podcasts: 20,
  forumCategories: 5,
  discussions: 30,
  replies: 400,
  resources: 10,
};

/** Rows whose maintained counter differs from what the child rows say (should be none). */
const MISMATCHES = {
  comment_count: `select count(*) as n from news_articles a
    where comment_count <> (select count(*) from news_comments c where c.article_id = a.id)`,
  article_likes: `select count(*) as n from news_articles a where likes <> (select count(*) from user_interactions i
    where i.target_type = 'article' and i.target_id = a.id and i.interaction_type = 'like')`,
  podcast_likes: `select count(*) as n from podcast_episodes p where likes <> (select count(*) from user_interactions i
    where i.target_type = 'podcast' and i.target_id = p.id and i.interaction_type = 'like')`,
  reply_count: `select count(*) as n from forum_discussions d
    where reply_count <> (select count(*) from forum_replies r where r.discussion_id = d.id)
       or (last_reply_at is null) <> (reply_count = 0)
       or last_reply_at <> (select max(created_at) from forum_replies r where r.discussion_id = d.id)`,
  discussion_count: `select count(*) as n from forum_categories c
    where discussion_count <> (select count(*) from forum_discussions d where d.category_id = c.id)`,
};

describe.each(DB_KINDS)('bench data generator [%s]', (kind) => {
  let database: TestDatabase;
  let targets: BenchTargets;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    targets = await generate(database.db, SMALL);
  }, 60_000);
  afterAll(() => database?.drop());

  it('creates the requested number of rows', async () => {
    const count = async (table: string) => toInt((await database.db(table).count({ n: '*' }))[0].n);
    expect(await count('users')).toBe(SMALL.users);
    expect(await count('news_articles')).toBe(SMALL.articles);
    expect(await count('news_comments')).toBe(SMALL.comments);
    expect(await count('forum_replies')).toBe(SMALL.replies);
    expect(await count('resources')).toBe(SMALL.resources);
  });

  it('keeps every maintained counter exact', async () => {
    for (const [counter, sql] of Object.entries(MISMATCHES)) {
      const [row] = kind === 'pg' ? (await database.db.raw(sql)).rows : await database.db.raw(sql);
      expect({ counter, n: toInt(row.n) }).toEqual({ counter, n: 0 });
    }
  });

  it('returns a live article and a published discussion with exactly 50 replies', async () => {
    const article = await database.db('news_articles').where({ id: targets.articleId }).first();
    expect(article).toMatchObject({ status: 'published' });
    expect(Boolean(article.is_archived)).toBe(false);
    const discussion = await database.db('forum_discussions').where({ id: targets.discussionId }).first();
    expect(discussion).toMatchObject({ status: 'published', reply_count: 50 });
  });

  it('gives the bench user a working password', async () => {
    const user = await database.db('users').where({ email: BENCH_USER.email }).first();
    expect(await bcrypt.compare(BENCH_USER.password, user.password_hash)).toBe(true);
  });

  it('is deterministic', async () => {
    const again = await createTestDatabase(kind);
    try {
      expect(await generate(again.db, SMALL)).toEqual(targets);
    } finally {
      await again.drop();
    }
  });
});
