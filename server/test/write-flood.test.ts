import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { connect } from '../db/connect';
import { DB_KINDS, startTestServer, type Agent, type DbKind, type TestServer } from './harness';
import { TOO_OFTEN, type WriteLimitConfig } from '../middleware/write-limits';
import { sweepEndedWindows } from '../db/counters';
import { signedIn } from './agents';
import { forumCategory, insertArticle, insertPodcast, postDiscussion } from './factories';

/*
 * Per-member write limits (docs/security.md §12): a flood is cut at the limit with 429 and
 * Retry-After, nothing is written past it, windows end, members are counted apart, every process on
 * the database shares the count, and replays neither count nor are refused.
 */

const LIMITS: WriteLimitConfig = {
  comment: { perMinute: 5, perHour: 8 },
  discussion: { perMinute: 2, perHour: 3 },
  like: { perMinute: 4, perHour: 6 },
  upload: { perMinute: 3, perHour: 4 },
  staffFactor: 2,
};

/** 12:00:30 UTC: half a minute into a minute window, 30 s into an hour window. */
const START = Date.parse('2026-11-24T12:00:30.000Z');

const comment = (agent: Agent, articleId: string, content = `Comment ${randomUUID()}`, headers: Record<string, string> = {}) =>
  agent.request('POST', `/api/news/${articleId}/comments`, { body: { content }, headers });

function expectTooOften(res: { status: number; headers: Headers; body: unknown }, retryAfter: number) {
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toBe(String(retryAfter));
  expect(res.body).toEqual({ message: TOO_OFTEN, code: 'too_many_requests' });
}

const statuses = (results: { status: number }[]) =>
  results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe.each(DB_KINDS)('write limits per member [%s]', (kind: DbKind) => {
  let t: TestServer;
  let now = START;
  const clock = () => now;
  let articleId: string;

  beforeAll(async () => {
    t = await startTestServer(kind, { writeLimits: LIMITS, clock });
    articleId = await insertArticle(t.db);
  }, 60_000);
  afterAll(async () => t?.close());

  const commentsBy = async (userId: string) => Number((await t.db('news_comments').where({ author_id: userId }).count({ n: '*' }))[0].n);

  it('a flood of comments is cut at the per-minute limit: 429 with Retry-After, nothing written past it', async () => {
    now = START;
    const { agent, user } = await signedIn(t.db, t.agent());
    const results = await Promise.all(Array.from({ length: 12 }, () => comment(agent, articleId)));
    expect(statuses(results)).toEqual({ 201: 5, 429: 7 });
    // Retry-After: the seconds left in the minute window (12:00:30 → 12:01:00).
    for (const res of results.filter((r) => r.status === 429)) expectTooOften(res, 30);
    expect(await commentsBy(user.id)).toBe(5);
    const article = await t.db('news_articles').where({ id: articleId }).first();
    expect(Number(article.comment_count)).toBe(await t.db('news_comments').where({ article_id: articleId }).count({ n: '*' }).then((r) => Number(r[0].n)));

    // Another member is counted apart.
    const { agent: other } = await signedIn(t.db, t.agent());
    expect((await comment(other, articleId)).status).toBe(201);
  });

  it('the minute window ends and the limit lifts; the hour limit then holds until the hour ends', async () => {
    now = START;
    const { agent, user } = await signedIn(t.db, t.agent());
    for (let i = 0; i < 5; i++) expect((await comment(agent, articleId)).status).toBe(201);
    expectTooOften(await comment(agent, articleId), 30);

    now = START + 60_000; // 12:01:30: a new minute
    for (let i = 0; i < 3; i++) expect((await comment(agent, articleId)).status).toBe(201);
    // 8 this hour: refused until 13:00:00, 58.5 minutes away.
    expectTooOften(await comment(agent, articleId), 3510);
    expect(await commentsBy(user.id)).toBe(8);

    now = START + 60 * 60_000; // 13:00:30: a new hour
    expect((await comment(agent, articleId)).status).toBe(201);
    expect(await commentsBy(user.id)).toBe(9);

    // Ended windows are swept by age; the current ones stay.
    await sweepEndedWindows(t.db, now);
    const keys = (await t.db('rate_limit_windows').where('key', 'like', `comment:${user.id}:%`)).map((r) => r.key).sort();
    expect(keys).toEqual([`comment:${user.id}:hour`, `comment:${user.id}:minute`]);
  });

  it('forum replies share the comment limit; discussions have their own', async () => {
    now = START;
    const { agent, user } = await signedIn(t.db, t.agent());
    const category = await forumCategory(t.db);
    const discussion = await postDiscussion(agent, category.id, 'First');
    await postDiscussion(agent, category.id, 'Second');
    const third = await agent.post('/api/forum/discussions', { title: 'Third', content: 'Body', categoryId: category.id });
    expectTooOften(third, 30);
    expect(await t.db('forum_discussions').where({ author_id: user.id }).count({ n: '*' }).then((r) => Number(r[0].n))).toBe(2);

    for (let i = 0; i < 3; i++) expect((await comment(agent, articleId)).status).toBe(201);
    const replies = await Promise.all(Array.from({ length: 4 }, (_, i) => agent.post('/api/forum/replies', { discussionId: discussion.id, content: `Reply ${i}` })));
    expect(statuses(replies)).toEqual({ 201: 2, 429: 2 });
    expect(await t.db('forum_replies').where({ author_id: user.id }).count({ n: '*' }).then((r) => Number(r[0].n))).toBe(2);
  });

  it('likes and unlikes are limited for members; anonymous likes (which write nothing) are not', async () => {
    now = START;
    const { agent, user } = await signedIn(t.db, t.agent());
    const episodes = await Promise.all(Array.from({ length: 3 }, () => insertPodcast(t.db)));
    expect((await agent.post(`/api/podcasts/${episodes[0]}/like`)).status).toBe(200);
    expect((await agent.delete(`/api/podcasts/${episodes[0]}/like`)).status).toBe(200);
    expect((await agent.post(`/api/news/${articleId}/like`)).status).toBe(200);
    expect((await agent.post(`/api/podcasts/${episodes[1]}/like`)).status).toBe(200);
    expectTooOften(await agent.post(`/api/podcasts/${episodes[2]}/like`), 30);
    const liked = await t.db('user_interactions').where({ user_id: user.id, interaction_type: 'like' }).pluck('target_id');
    expect(liked.sort()).toEqual([articleId, episodes[1]].sort());
    expect(Number((await t.db('podcast_episodes').where({ id: episodes[2] }).first()).likes)).toBe(0);

    const anonymous = t.agent();
    for (let i = 0; i < 10; i++) expect((await anonymous.post(`/api/podcasts/${episodes[2]}/like`)).status).toBe(200);
  });

  it('upload URLs are limited per member', async () => {
    now = START;
    const { agent, user } = await signedIn(t.db, t.agent());
    const results = await Promise.all(Array.from({ length: 5 }, () => agent.post('/api/objects/upload', { kind: 'image' })));
    expect(statuses(results)).toEqual({ 200: 3, 429: 2 });
    for (const res of results.filter((r) => r.status === 429)) expectTooOften(res, 30);
    expect(await t.db('upload_tokens').where({ user_id: user.id }).count({ n: '*' }).then((r) => Number(r[0].n))).toBe(3);
  });

  it('editors and admins get the staff factor times each limit, not unlimited', async () => {
    now = START;
    const { agent, user } = await signedIn(t.db, t.agent(), 'editor');
    const results = await Promise.all(Array.from({ length: 14 }, () => comment(agent, articleId)));
    expect(statuses(results)).toEqual({ 201: 10, 429: 4 });
    expect(await commentsBy(user.id)).toBe(10);
  });

  it('a replay (same Idempotency-Key) of an accepted comment is answered again: it neither counts nor is refused', async () => {
    now = START;
    const { agent, user } = await signedIn(t.db, t.agent());
    const key = `flood-${randomUUID()}`;
    const first = await comment(agent, articleId, 'Sent from the outbox', { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const replay = await comment(agent, articleId, 'Sent from the outbox', { 'Idempotency-Key': key });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body.id).toBe(first.body.id);
    }
    // The replays took none of the 5: four new comments still go through…
    for (let i = 0; i < 4; i++) expect((await comment(agent, articleId)).status).toBe(201);
    expectTooOften(await comment(agent, articleId), 30);
    // …and at the limit, the accepted write's replay still gets its answer.
    const late = await comment(agent, articleId, 'Sent from the outbox', { 'Idempotency-Key': key });
    expect([late.status, late.body.id]).toEqual([201, first.body.id]);
    // A comment re-sent with the client id it was already posted under (200, nothing written) is given back too.
    const id = randomUUID();
    now = START + 60_000;
    const posted = await agent.post(`/api/news/${articleId}/comments`, { id, content: 'Once' });
    expect(posted.status).toBe(201);
    expect((await agent.post(`/api/news/${articleId}/comments`, { id, content: 'Once' })).status).toBe(200);
    expect((await agent.post(`/api/news/${articleId}/comments`, { id, content: 'Once' })).status).toBe(200);
    // 5 + 1 this hour, and the two client-id replays did not count: two more reach the hour's 8.
    for (let i = 0; i < 2; i++) expect((await comment(agent, articleId)).status).toBe(201);
    expect((await comment(agent, articleId)).status).toBe(429);
    expect(await commentsBy(user.id)).toBe(8);
  });
});

describe.each(DB_KINDS)('write limits shared by two app instances on one database [%s]', (kind: DbKind) => {
  let a: TestServer;
  let b: TestServer;
  let secondPool: ReturnType<typeof connect>;
  const clock = () => START;

  beforeAll(async () => {
    a = await startTestServer(kind, { writeLimits: LIMITS, clock });
    // Its own connection pool, as a second process would have.
    secondPool = connect(a.config);
    b = await startTestServer(kind, { writeLimits: LIMITS, clock, database: { kind, db: secondPool, config: a.config, drop: async () => {} } });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await secondPool?.destroy();
    await a?.close();
  });

  it('a flood alternating between the two servers is cut at the same limit', async () => {
    const articleId = await insertArticle(a.db);
    const { agent: onA, user } = await signedIn(a.db, a.agent());
    // The same session (sessions live in the database) on the second server.
    const onB = b.agent();
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);

    // One after another, A, B, A, B…: each server would allow 5 of its own if it counted alone.
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await comment(i % 2 ? onB : onA, articleId));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    expect(Number((await a.db('news_comments').where({ author_id: user.id }).count({ n: '*' }))[0].n)).toBe(5);
  });
});
