import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { connect } from '../db/connect';
import { createDiscussion } from '../api/forums/repo';
import { Agent, startGatedServer } from './harness';
import { createUser, forumCategory, insertArticle } from './factories';
import { TcpProxy } from './tcp-proxy';

/*
 * With the database unreachable, navigating to /podcasts, /news/<id> or /forums/<id> gets the
 * plain shell (200 HTML, no-cache), not 503 JSON, though the shareable-page renderer reads each
 * page's metadata from the database: docs/security.md section 6 promises the page shell, so the app
 * starts and its offline store answers. The metadata comes back once the database does.
 */

const SHELL = '<!doctype html><html><head><title>Ledger Commons</title><meta name="description" content="shell" /></head><body><div id="root"></div></body></html>';

/** The app in this process on `db`, which it prepares (migrations) through a DatabaseGate as main.ts does; `logged` is what it logged as errors. */
async function serve(db: Knex) {
  const logged: unknown[][] = [];
  const server = await startGatedServer(db, { shell: SHELL, logger: { error: (...args: unknown[]) => logged.push(args), info: () => {} } });
  return { ...server, logged };
}

const navigate = (agent: Agent, url: string) => agent.get(url, { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });

/** Navigations while the database is away: each gets the plain shell, not a 503. */
async function expectPlainShells(agent: Agent, urls: string[]) {
  for (const url of urls) {
    const res = await navigate(agent, url);
    expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.text).toBe(SHELL);
  }
}

/** Some content, and the navigations that show it. */
async function content(db: Knex) {
  const author = await createUser(db);
  const article = await insertArticle(db, { title: 'Lease accounting in practice' });
  const category = await forumCategory(db);
  const discussion = await createDiscussion(db, author.id, { title: 'Revenue recognition question', content: 'Body', categoryId: category.id });
  if (discussion.kind !== 'created') throw new Error('discussion fixture not created');
  return { urls: ['/podcasts', `/news/${article}`, `/forums/${discussion.id}`], titles: ['Podcast Hub', 'Lease accounting in practice', 'Revenue recognition question'] };
}

/** With the database there, each page carries its own title again. */
async function expectMetadata(agent: Agent, urls: string[], titles: string[]) {
  for (const [i, url] of urls.entries()) {
    const res = await navigate(agent, url);
    expect(res.status, url).toBe(200);
    expect(res.text).toContain(titles[i]);
    expect(res.text).toContain('og:title');
  }
}

describe('navigations while the database is away: SQLite', () => {
  it('serves the plain shell for /podcasts, /news/<id>, /forums/<id> while the file cannot be opened, and metadata once it can', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-down-nav-sqlite-'));
    const filename = path.join(dir, 'app.sqlite3');
    mkdirSync(filename); // a directory where the database file should be: SQLITE_CANTOPEN
    const { agent, logged, close } = await serve(connect({ client: 'sqlite', filename }));
    try {
      const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
      await expectPlainShells(agent, ['/podcasts', `/news/${id}`, `/forums/${id}`, '/podcasts/']);
      // With a session cookie too (the page path reads no session).
      agent.cookies.set('lc.sid', 'some-session');
      await expectPlainShells(agent, ['/podcasts']);
      agent.cookies.clear();
      // The API still says why.
      expect((await agent.get('/api/news')).status).toBe(503);

      rmSync(filename, { recursive: true });
      // The first navigation after the database is back prepares (migrates) it, as an API call would.
      expect((await navigate(agent, '/podcasts')).text).toContain('Podcast Hub');
      const db = connect({ client: 'sqlite', filename });
      const { urls, titles } = await content(db);
      await db.destroy();
      await expectMetadata(agent, urls, titles);
      expect(logged.filter((line) => !String(line[0]).includes('database unavailable'))).toEqual([]);
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const pgServer = process.env.TEST_DATABASE_URL;

describe.runIf(pgServer)('navigations while the database is away: PostgreSQL', () => {
  it('serves the plain shell while it cannot connect at start and after the connection is cut mid-run, and metadata again once it is back', async () => {
    const admin = knex({ client: 'pg', connection: pgServer!, pool: { min: 0, max: 1 } });
    const name = `lc_down_nav_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.raw(`create database "${name}"`);
    const target = new URL(pgServer!);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(pgServer!);
    url.pathname = `/${name}`;
    await proxy.open();
    await proxy.cut(); // the port is known and refuses connections
    const db = connect({ client: 'pg', connectionString: proxy.urlFor(url.toString()) });
    const { agent, logged, close } = await serve(db);
    try {
      const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
      // Unreachable at start: nothing is migrated yet.
      await expectPlainShells(agent, ['/podcasts', `/news/${id}`, `/forums/${id}`]);
      expect((await agent.get('/api/news')).status).toBe(503);

      await proxy.open();
      expect((await navigate(agent, '/podcasts')).text).toContain('Podcast Hub');
      const { urls, titles } = await content(db);
      await expectMetadata(agent, urls, titles);

      // Gone mid-run: connections dropped, port closed.
      await proxy.cut();
      await expectPlainShells(agent, urls);
      expect((await agent.get('/api/news')).status).toBe(503);

      await proxy.open();
      await expectMetadata(agent, urls, titles);
      expect(logged.filter((line) => !String(line[0]).includes('database unavailable'))).toEqual([]);
    } finally {
      await close();
      await proxy.cut();
      await admin.raw(`drop database if exists "${name}" with (force)`);
      await admin.destroy();
    }
  }, 60_000);
});
