import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestServer, type DbKind, type TestServer } from './harness';
import { StorageHealth } from '../storage/health';
import { isStorageFull } from '../db/dialect';
import { signedIn } from './agents';
import { insertArticle } from './factories';

/*
 * A full disk (docs/security.md §12): writes answer 503 `storage_full` with Retry-After instead of
 * 500, and /api/health says so until the Retry-After period has passed without another such error.
 *
 * SQLite: a real SQLITE_FULL, made by capping the database at the pages it already has
 * (`PRAGMA max_page_count`; knex's SQLite pool is one connection, so the cap holds for the app).
 * PostgreSQL: the only real way to fill its disk is a tablespace on a small file system, which needs
 * root and a mount on the database's host; the suite cannot assume either. Instead a trigger makes
 * the server itself raise SQLSTATE 53100 (disk_full) on insert: the error is PostgreSQL's own,
 * carried by the pg driver through the real request path, as a full disk's would be.
 */

const STORAGE_FULL = { message: 'The server is out of storage space. Please try again later.', code: 'storage_full' };
const START = Date.parse('2026-11-24T12:00:00.000Z');

async function fillTheDisk(t: TestServer): Promise<void> {
  if (t.kind === 'sqlite') {
    const [{ page_count: pages }] = await t.db.raw('pragma page_count');
    await t.db.raw(`pragma max_page_count = ${Number(pages)}`);
    return;
  }
  await t.db.raw(`
    create function lc_disk_full() returns trigger language plpgsql as $$
    begin
      raise exception 'could not extend file: No space left on device' using errcode = 'disk_full';
    end $$`);
  await t.db.raw('create trigger lc_disk_full before insert on news_comments for each row execute function lc_disk_full()');
}

async function freeTheDisk(t: TestServer): Promise<void> {
  if (t.kind === 'sqlite') await t.db.raw('pragma max_page_count = 1073741823');
  else await t.db.raw('drop trigger lc_disk_full on news_comments; drop function lc_disk_full()');
}

describe.each(DB_KINDS)('disk full [%s]', (kind: DbKind) => {
  let t: TestServer;
  let now = START;
  beforeAll(async () => {
    t = await startTestServer(kind, { storageHealth: new StorageHealth(() => now) });
  }, 60_000);
  afterAll(async () => t?.close());

  it('writes answer 503 storage_full with Retry-After, health reports it, and both recover', async () => {
    const articleId = await insertArticle(t.db);
    const { agent, user } = await signedIn(t.db, t.agent());
    expect((await t.agent().get('/api/health')).status).toBe(200);
    const before = await t.db('news_comments').where({ author_id: user.id }).count({ n: '*' });

    await fillTheDisk(t);
    // Large comments until the pages run out (SQLite may fit the first few in free space).
    let res;
    for (let i = 0; i < 200; i++) {
      res = await agent.post(`/api/news/${articleId}/comments`, { content: `${i} ${'x'.repeat(4_900)}` });
      if (res.status !== 201) break;
    }
    expect(res!.status).toBe(503);
    expect(res!.headers.get('retry-after')).toBe('60');
    expect(res!.body).toEqual(STORAGE_FULL);

    const health = await t.agent().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('60');
    expect(health.body).toEqual({ ok: false, storage: 'full', ...STORAGE_FULL });
    // Reads still work.
    expect((await t.agent().get(`/api/news/${articleId}`)).status).toBe(200);

    await freeTheDisk(t);
    const content = `After the disk was freed ${randomUUID()}`;
    expect((await agent.post(`/api/news/${articleId}/comments`, { content })).status).toBe(201);
    // Health says full for the Retry-After it gave, then ok again.
    now = START + 59_000;
    expect((await t.agent().get('/api/health')).status).toBe(503);
    now = START + 61_000;
    expect((await t.agent().get('/api/health')).body).toEqual({ ok: true });
    // The refused write left nothing half-written: the article's counter equals its comments.
    const article = await t.db('news_articles').where({ id: articleId }).first();
    const comments = await t.db('news_comments').where({ article_id: articleId }).count({ n: '*' });
    expect(Number(article.comment_count)).toBe(Number(comments[0].n));
    expect(Number(comments[0].n)).toBeGreaterThan(Number(before[0].n));
  });

  it('a full file system under the uploads (ENOSPC, EDQUOT) is classified as storage full like the databases', () => {
    for (const code of ['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']) expect(isStorageFull({ code }), code).toBe(true);
    for (const code of ['SQLITE_BUSY', '53300', 'ECONNRESET', undefined]) expect(isStorageFull({ code }), String(code)).toBe(false);
  });
});
