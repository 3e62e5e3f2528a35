import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from '../db/connect';
import { Agent, DB_KINDS } from './harness';
import { ADMIN, deploy, startServer } from './child-server';
import { STALE_TEMP_UPLOAD_MS } from '../api/uploads/sweep';
import { paddedPng } from './uploads';
import { logIn } from './agents';
import { until } from './wait';

/*
 * Crash safety: the real server (tsx server/main.ts) takes a stream of concurrent writes
 * (comments, likes, articles with their category links, uploads) and is killed with SIGKILL as
 * soon as a set number of them have been acknowledged, while one upload is still streaming.
 * After a restart on the same data, every write that got a 2xx must be there, intact; counters
 * must equal the rows they count; no article may lack its links; no half-written upload may remain.
 */

const KILL_AFTER_ACKS = 60;
const MEMBERS = 3;

const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
const tempFiles = (dataDir: string) => {
  const dir = path.join(dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('.upload-')) : [];
};

/** A PNG of `size` bytes whose content is unique to `seed`. */
function pngOf(size: number, seed: string): Buffer {
  const pattern = createHash('sha256').update(seed).digest();
  // Inside the image (bytes after its end would be cut off when it is finalised).
  return paddedPng(size, (length) => {
    const body = Buffer.alloc(length);
    for (let i = 0; i < body.length; i++) body[i] = pattern[i % pattern.length] ^ (i & 0xff);
    return body;
  });
}

/** What the client saw acknowledged (2xx) before and around the crash. */
interface Acks {
  comments: Array<{ id: string; articleId: string; content: string }>;
  articles: Array<{ id: string; categoryIds: string[] }>;
  uploads: Array<{ objectPath: string; sha: string; size: number }>;
  /** `${member}:${type}:${id}` → the last acknowledged state, unless a later request was never answered. */
  likes: Map<string, { liked?: boolean; unanswered: number }>;
}

describe.each(DB_KINDS)('crash safety [%s]', (kind) => {
  it('kill -9 mid-stream loses no acknowledged write and leaves nothing half-written', async () => {
    const d = await deploy(kind);
    let server = await startServer(d);
    try {
      // Setup through the API: categories, articles, episodes, members with sessions.
      const admin = await logIn(new Agent(d.url), ADMIN.email, ADMIN.password);
      const categoryIds: string[] = [];
      for (const name of ['Audit', 'Tax']) {
        const res = await admin.post('/api/admin/news-categories', { name, slug: name.toLowerCase() });
        expect(res.status).toBe(201);
        categoryIds.push(res.body.id);
      }
      const articleIds: string[] = [];
      const podcastIds: string[] = [];
      for (let i = 0; i < 3; i++) {
        articleIds.push((await admin.post('/api/news', { title: `Article ${i}`, content: 'Body', categoryIds, status: 'published' })).body.id);
        podcastIds.push((await admin.post('/api/podcasts', { title: `Episode ${i}`, categoryIds, status: 'published' })).body.id);
      }
      const members: Agent[] = [];
      for (let i = 0; i < MEMBERS; i++) {
        const email = `crash-member-${i}@example.com`;
        expect((await admin.post('/api/admin/users', { email, password: 'Member-thistle-barge-64', firstName: 'M', lastName: String(i) })).status).toBe(201);
        members.push(await logIn(new Agent(d.url), email, 'Member-thistle-barge-64'));
      }

      // One upload that is still streaming when the server dies: its temp file must not survive.
      let release!: () => void;
      const killed = new Promise<void>((resolve) => (release = resolve));
      const slowPath = new URL((await members[0].post('/api/objects/upload', { kind: 'image' })).body.uploadURL).pathname;
      let sentFirstChunk = false;
      const slowUpload = fetch(d.url + slowPath, {
        method: 'PUT',
        headers: { cookie: members[0].cookieHeader(), origin: d.url, 'content-type': 'image/png' },
        body: new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (!sentFirstChunk) {
              sentFirstChunk = true;
              controller.enqueue(pngOf(256 * 1024, 'slow'));
              return;
            }
            // Never finishes: the server dies while waiting for the rest.
            await killed;
            controller.error(new Error('server killed'));
          },
        }),
        duplex: 'half',
      } as RequestInit).catch(() => undefined);
      await until(() => tempFiles(d.dataDir).length > 0, 15_000, 'the slow upload to open its temp file');

      // The stream of writes, from several concurrent workers, until the kill.
      const acks: Acks = { comments: [], articles: [], uploads: [], likes: new Map() };
      let acked = 0;
      let dead = false;
      const ack = () => {
        acked++;
        if (acked >= KILL_AFTER_ACKS && !dead) {
          dead = true;
          server.kill();
          release();
        }
      };
      const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
      const worker = async (step: () => Promise<void>) => {
        while (!dead) {
          try {
            await step();
          } catch {
            return; // the connection died with the server
          }
        }
      };
      const commentWorker = (member: Agent, n: number) => async () => {
        const articleId = pick(articleIds);
        const content = `comment ${n}-${randomBytes(6).toString('hex')} <b>kept verbatim</b>`;
        const res = await member.post(`/api/news/${articleId}/comments`, { content });
        if (res.status === 201) {
          acks.comments.push({ id: res.body.id, articleId, content });
          ack();
        }
      };
      const likeWorker = (member: Agent, m: number) => async () => {
        const [type, ids] = Math.random() < 0.5 ? (['news', articleIds] as const) : (['podcasts', podcastIds] as const);
        const id = pick(ids);
        const key = `${m}:${type}:${id}`;
        const entry = acks.likes.get(key) ?? { unanswered: 0 };
        acks.likes.set(key, entry);
        const like = Math.random() < 0.6;
        entry.unanswered++;
        const res = await member.request(like ? 'POST' : 'DELETE', `/api/${type}/${id}/like`);
        if (res.status === 200) {
          entry.unanswered--;
          entry.liked = res.body.liked;
          ack();
        }
      };
      let articleNo = 0;
      const articleWorker = async () => {
        const res = await admin.post('/api/news', { title: `Streamed ${++articleNo}`, content: 'Body', categoryIds });
        if (res.status === 201) {
          acks.articles.push({ id: res.body.id, categoryIds });
          ack();
        }
      };
      let uploadNo = 0;
      const uploadWorker = (member: Agent) => async () => {
        const bytes = pngOf(64 * 1024 + Math.floor(Math.random() * 64 * 1024), `upload ${++uploadNo}`);
        const uploadPath = new URL((await member.post('/api/objects/upload', { kind: 'image' })).body.uploadURL).pathname;
        const put = await member.request('PUT', uploadPath, { raw: bytes, headers: { 'content-type': 'image/png' } });
        if (put.status !== 200) return;
        const done = await member.put('/api/articles/images', { imageURL: uploadPath });
        if (done.status === 200) {
          acks.uploads.push({ objectPath: done.body.objectPath, sha: sha256(bytes), size: bytes.length });
          ack();
        }
      };
      await Promise.all([
        worker(commentWorker(members[0], 0)),
        worker(commentWorker(members[1], 1)),
        ...members.map((m, i) => worker(likeWorker(m, i))),
        worker(articleWorker),
        worker(uploadWorker(members[2])),
        worker(uploadWorker(members[1])),
      ]);
      await slowUpload;
      await server.exited;
      expect(acked).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      // The scenario really left a half-written upload behind.
      expect(tempFiles(d.dataDir).length).toBeGreaterThan(0);

      // Restart on the same data, the temp file made an hour old first: start-up removes temp files
      // by age only (another process on a shared disk may be uploading), so a young one would stay.
      const hourAgo = new Date(Date.now() - STALE_TEMP_UPLOAD_MS - 60_000);
      for (const name of tempFiles(d.dataDir)) utimesSync(path.join(d.dataDir, 'uploads', name), hourAgo, hourAgo);
      server = await startServer(d);
      expect(tempFiles(d.dataDir)).toEqual([]);
      const db = connect(d.database);
      try {
        // Every acknowledged comment is there, with its exact content.
        for (const c of acks.comments) {
          const row = await db('news_comments').where({ id: c.id }).first();
          expect(row, `comment ${c.id}`).toMatchObject({ article_id: c.articleId, content: c.content });
        }
        // Counters equal the rows they count.
        for (const [table, type] of [['news_articles', 'article'], ['podcast_episodes', 'podcast']] as const) {
          for (const item of await db(table).select('id', 'likes')) {
            const [{ n }] = await db('user_interactions').where({ target_type: type, target_id: item.id, interaction_type: 'like' }).count({ n: '*' });
            expect(Number(item.likes), `${type} ${item.id} likes`).toBe(Number(n));
          }
        }
        for (const article of await db('news_articles').select('id', 'comment_count')) {
          const [{ n }] = await db('news_comments').where({ article_id: article.id }).count({ n: '*' });
          expect(Number(article.comment_count), `article ${article.id} comment_count`).toBe(Number(n));
        }
        // Every like whose last request was answered is in the state that answer gave.
        const memberIds = await Promise.all(members.map(async (m) => (await m.get('/api/auth/user')).body.id as string));
        for (const [key, { liked, unanswered }] of acks.likes) {
          if (liked === undefined || unanswered > 0) continue;
          const [m, type, id] = key.split(':');
          const row = await db('user_interactions')
            .where({ user_id: memberIds[Number(m)], target_type: type === 'news' ? 'article' : 'podcast', target_id: id, interaction_type: 'like' })
            .first();
          expect(Boolean(row), `like ${key}`).toBe(liked);
        }
        // Acknowledged articles exist with all their links, and no article anywhere lacks links.
        for (const a of acks.articles) {
          const links = await db('article_categories').where({ article_id: a.id }).pluck('category_id');
          expect(links.sort(), `article ${a.id} links`).toEqual([...a.categoryIds].sort());
        }
        const unlinked = await db('news_articles').whereNotExists(db('article_categories').whereRaw('article_categories.article_id = news_articles.id')).pluck('id');
        expect(unlinked).toEqual([]);
        // Every acknowledged upload serves its exact bytes; every recorded object has its whole file.
        for (const u of acks.uploads) {
          const res = await fetch(d.url + u.objectPath);
          expect(res.status, u.objectPath).toBe(200);
          expect(sha256(Buffer.from(await res.arrayBuffer())), u.objectPath).toBe(u.sha);
        }
        for (const object of await db('objects').select('path', 'size')) {
          expect(statSync(path.join(d.dataDir, 'uploads', object.path)).size, `object ${object.path}`).toBe(Number(object.size));
        }
        // Sessions survive the crash too.
        expect((await members[0].get('/api/auth/user')).status).toBe(200);
        expect(acks.comments.length + acks.articles.length + acks.uploads.length).toBeGreaterThan(0);
      } finally {
        await db.destroy();
      }
    } finally {
      await server.stop();
      await d.cleanup();
    }
  }, 120_000);
});
