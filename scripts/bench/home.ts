/**
 * The member's home (docs/performance.md, "The member's home"): `GET /api/home` for a member with
 * follows, mutes, items in progress and discussions, on 100,000 articles and 10,000 members, through
 * the real app over loopback HTTP (no response cache), on SQLite and PostgreSQL, with its query count.
 *
 *   npx tsx scripts/bench/home.ts [articles] [members]   (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server)
 *   BENCH_PROFILE=1 also prints each query's own time for two requests.
 */
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { insertForumCategory } from '../../server/api/forums/repo';
import { benchKinds, median, p95, serveInProcess, sessionCookie, withScratchDatabase } from './in-process';
import type { DbKind } from './setup';

const ARTICLES = Number(process.argv[2] ?? 100_000);
const MEMBERS = Number(process.argv[3] ?? 10_000);
const CATEGORIES = 8;
const SHOWS = 10;
const EPISODES = 2_000;
const DISCUSSIONS = 5_000;
const REPLIES = 50_000;
const RUNS = 21;
const HOUR = 3_600_000;

async function insertAll(db: Knex, table: string, rows: Array<Record<string, unknown>>, batch = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += batch) await db(table).insert(rows.slice(i, i + batch));
}

/** Everything spread over the last year, newest now; the bench member is user 0. */
async function fill(db: Knex): Promise<{ memberId: string }> {
  const now = Date.now();
  const at = (i: number, n: number) => new Date(now - Math.floor((i / n) * 365 * 24 * HOUR) - 60_000).toISOString();
  const users = Array.from({ length: MEMBERS }, (_, i) => ({
    id: uuidv7(), email: `member${i}@bench.example`, password_hash: 'unused', first_name: 'Bench', last_name: `Member ${i}`, role: 'subscriber',
    is_active: true, created_at: at(MEMBERS - i, MEMBERS), updated_at: at(MEMBERS - i, MEMBERS), email_confirmed_at: at(MEMBERS - i, MEMBERS),
  }));
  await insertAll(db, 'users', users, 200);
  const memberId = users[0]!.id;
  const categories = Array.from({ length: CATEGORIES }, (_, i) => ({ id: uuidv7(), name: `Category ${i}`, slug: `category-${i}`, color: '#10B981', display_order: i, is_active: true, created_at: at(0, 1), updated_at: at(0, 1) }));
  await insertAll(db, 'news_categories', categories);
  const articles: Array<Record<string, unknown>> = [];
  const links: Array<Record<string, unknown>> = [];
  for (let i = 0; i < ARTICLES; i++) {
    const id = uuidv7();
    const when = at(i, ARTICLES);
    articles.push({ id, title: `Article ${i}`, content: 'Body', excerpt: 'Excerpt', status: i % 50 === 7 ? 'draft' : 'published', is_archived: i % 97 === 3, is_featured: false, published_at: when, created_at: when, updated_at: when, likes: 0, comment_count: 0 });
    links.push({ article_id: id, category_id: categories[i % CATEGORIES]!.id });
    if (i % 5 === 0) links.push({ article_id: id, category_id: categories[(i + 3) % CATEGORIES]!.id });
  }
  await insertAll(db, 'news_articles', articles, 300);
  await insertAll(db, 'article_categories', links, 500);
  const shows = Array.from({ length: SHOWS }, (_, i) => ({ id: uuidv7(), name: `Show ${i}`, slug: `show-${i}`, display_order: i, created_at: at(0, 1), updated_at: at(0, 1) }));
  await insertAll(db, 'podcast_shows', shows);
  const episodes = Array.from({ length: EPISODES }, (_, i) => ({
    id: uuidv7(), title: `Episode ${i}`, description: 'About', audio_url: '/a.mp3', duration: 1800, status: 'published', is_archived: false, is_featured: false,
    show_id: shows[i % SHOWS]!.id, episode_number: Math.floor(i / SHOWS) + 1, published_at: at(i, EPISODES), created_at: at(i, EPISODES), updated_at: at(i, EPISODES), likes: 0, play_count: 0, comment_count: 0,
  }));
  await insertAll(db, 'podcast_episodes', episodes, 200);
  const forum = await insertForumCategory(db, { name: 'General', color: '#10B981', icon: 'MessageSquare' });
  const discussions = Array.from({ length: DISCUSSIONS }, (_, i) => ({
    id: uuidv7(), title: `Discussion ${i}`, content: 'Question', category_id: forum, author_id: users[i % MEMBERS]!.id, status: 'published', is_pinned: false, is_locked: false, is_featured: false,
    reply_count: 0, likes: 0, created_at: at(i, DISCUSSIONS), updated_at: at(i, DISCUSSIONS), last_reply_at: at(i, DISCUSSIONS),
  }));
  await insertAll(db, 'forum_discussions', discussions, 200);
  const replies = Array.from({ length: REPLIES }, (_, i) => ({
    id: uuidv7(), content: 'A reply', discussion_id: discussions[i % DISCUSSIONS]!.id, author_id: users[(i * 7) % MEMBERS]!.id, likes: 0, created_at: at(i, REPLIES), written_at: at(i, REPLIES),
  }));
  await insertAll(db, 'forum_replies', replies, 300);
  // Every member follows two categories and a show and mutes one; the bench member also has 50 of everything in progress.
  const follows: Array<Record<string, unknown>> = [];
  for (const [u, user] of users.entries()) {
    follows.push({ user_id: user.id, kind: 'news_category', topic_id: categories[u % CATEGORIES]!.id, level: 'following', created_at: at(0, 1) });
    follows.push({ user_id: user.id, kind: 'news_category', topic_id: categories[(u + 1) % CATEGORIES]!.id, level: 'following', created_at: at(0, 1) });
    follows.push({ user_id: user.id, kind: 'news_category', topic_id: categories[(u + 2) % CATEGORIES]!.id, level: 'muted', created_at: at(0, 1) });
    follows.push({ user_id: user.id, kind: 'podcast_show', topic_id: shows[u % SHOWS]!.id, level: 'following', created_at: at(0, 1) });
  }
  await insertAll(db, 'topic_follows', follows, 500);
  await db('users').where({ id: memberId }).update({ previous_visit_at: new Date(now - 7 * 24 * HOUR).toISOString() });
  const stamp = new Date(now - HOUR).toISOString();
  await insertAll(db, 'reading_list', articles.slice(0, 50).map((a, i) => ({ user_id: memberId, article_id: a.id, title: a.title, saved_at: stamp, position: i % 2 ? 0.4 : 0, finished: false, updated_at: stamp })));
  await insertAll(db, 'listening_positions', episodes.slice(0, 50).map((e) => ({ user_id: memberId, episode_id: e.id, position_seconds: 60, duration_seconds: 1800, finished: false, device_time: stamp, updated_at: stamp })));
  await insertAll(db, 'discussion_watches', discussions.slice(0, 50).map((d) => ({ user_id: memberId, discussion_id: d.id, level: 'watching' })));
  await insertAll(db, 'discussion_reads', discussions.slice(0, 25).map((d) => ({ user_id: memberId, discussion_id: d.id, last_read_at: new Date(now - 30 * 24 * HOUR).toISOString() })));
  return { memberId };
}

async function bench(kind: DbKind): Promise<string> {
  return withScratchDatabase(kind, 'home', async (db, dir) => {
    const started = performance.now();
    const { memberId } = await fill(db);
    console.error(`${kind}: filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await db.raw(kind === 'pg' ? 'vacuum analyze' : 'analyze');
    const cookie = await sessionCookie(db, memberId);
    return serveInProcess(db, dir, async (origin) => {
      const url = `${origin}/api/home`;
      let queries = 0;
      const count = () => queries++;
      const took: number[] = [];
      let size = 0;
      if (process.env.BENCH_PROFILE) {
        const started = new Map<string, number>();
        db.on('query', (q: { __knexQueryUid: string }) => started.set(q.__knexQueryUid, performance.now()));
        db.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => console.error(`${(performance.now() - started.get(q.__knexQueryUid)!).toFixed(1)} ms ${q.sql.slice(0, 140)}`));
        await fetch(url, { headers: { cookie } });
        await fetch(url, { headers: { cookie } });
      }
      for (let i = 0; i <= RUNS; i++) {
        if (i === 1) db.on('query', count);
        const begin = performance.now();
        const res = await fetch(url, { headers: { cookie } });
        const text = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${text}`);
        if (i === 1) db.off('query', count);
        if (i > 0) took.push(performance.now() - begin);
        size = text.length;
      }
      return `| GET /api/home | ${kind === 'pg' ? 'PostgreSQL' : 'SQLite'} | ${median(took).toFixed(1)} | ${p95(took).toFixed(1)} | ${queries} | ${(size / 1024).toFixed(0)} KiB |`;
    });
  });
}

async function main(): Promise<void> {
  const lines = [`${ARTICLES} articles, ${MEMBERS} members`, '| request | database | median, ms | p95, ms | queries (session included) | size |', '| --- | --- | ---: | ---: | ---: | ---: |'];
  for (const kind of benchKinds) lines.push(await bench(kind));
  console.log(lines.join('\n'));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
