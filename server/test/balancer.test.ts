import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../db/connect';
import { ADMIN, deploy, freePort, sibling, startServer, type Deployment, type RunningServer } from './child-server';
import { Agent } from './harness';
import { HAPROXY, haproxyConfig, startHaproxy } from './haproxy';
import { paddedPng } from './uploads';

const runs = Boolean(process.env.TEST_DATABASE_URL) && (existsSync(HAPROXY) || process.env.CI === 'true');

/*
 * Several processes behind a real load balancer: two server processes (tsx server/main.ts) on one
 * PostgreSQL database and one bucket (s3rver), each with its own data directory, behind HAProxy.
 * PostgreSQL only: the configuration for several machines (SQLite is one machine: WORKERS).
 */
describe.runIf(runs)('two processes behind HAProxy, one database and one bucket [pg]', () => {
  let dir: string;
  let s3rver: S3rver;
  let a: Deployment;
  let b: Deployment;
  let servers: RunningServer[] = [];
  let haproxy: ChildProcess | undefined;
  let site: string;

  beforeAll(async () => {
    if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy (.ci/run does)`);
    dir = mkdtempSync(path.join(os.tmpdir(), 'lc-balancer-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'uploads' }] });
    const { port: s3Port } = await s3rver.run();
    a = await deploy('pg');
    b = await sibling(a);
    const listen = await freePort();
    site = `http://127.0.0.1:${listen}`;
    const shared = {
      SEED: 'sample',
      SESSION_SECRET: 'one-site-many-processes-'.repeat(2),
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // The balancer forwards the client's address; the per-IP limits count it.
      TRUST_PROXY: '127.0.0.1',
      ALLOWED_HOSTS: `127.0.0.1:${listen}`,
    };
    for (const d of [a, b]) Object.assign(d.env, shared);
    servers = await Promise.all([startServer(a), startServer(b)]);
    const port = (d: Deployment) => Number(new URL(d.url).port);
    haproxy = await startHaproxy(dir, haproxyConfig(listen, [{ name: 'a', port: port(a) }, { name: 'b', port: port(b) }]), site);
  }, 120_000);
  afterAll(async () => {
    haproxy?.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.stop()));
    await b?.cleanup();
    await a?.cleanup();
    await s3rver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const signIn = async (url: string) => {
    const agent = new Agent(url);
    expect((await agent.post('/api/auth/login', ADMIN)).status).toBe(200);
    return agent;
  };
  /** The same session on another address. */
  const withCookiesOf = (agent: Agent, url: string) => {
    const other = new Agent(url);
    for (const [name, value] of agent.cookies) other.cookies.set(name, value);
    return other;
  };

  it('the sample data is seeded once, and a session made through the balancer works on both processes', async () => {
    const db = connect(a.database);
    try {
      const titles = (await db('news_articles').pluck('title')) as string[];
      expect(new Set(titles).size).toBe(titles.length);
    } finally {
      await db.destroy();
    }
    const viaSite = await signIn(site);
    for (const url of [a.url, b.url, site, site]) expect((await withCookiesOf(viaSite, url).get('/api/auth/user')).status).toBe(200);
  });

  it('a list and page cached on B show an article published on A within a second, and drop it once deleted', async () => {
    const editor = await signIn(a.url);
    const category = (await editor.post('/api/admin/news-categories', { name: 'Balancer desk', slug: `balancer-${Date.now()}` })).body;
    const visitor = new Agent(b.url);
    const list = async () => (await visitor.get(`/api/news?categories=${category.id}`)).text;
    const page = async () => (await visitor.get('/news')).text;
    // The category's notice from A may still be on its way to B: read until B answers from its cache.
    await expect.poll(async () => (await visitor.get(`/api/news?categories=${category.id}`)).headers.get('x-cache')).toBe('hit');
    await expect.poll(async () => (await visitor.get('/news')).headers.get('x-cache')).toBe('hit');

    const title = `Published through A ${Date.now()}`;
    const created = await editor.post('/api/news', { title, content: 'Body', excerpt: 'Short', sourceName: 'Desk', sourceUrl: 'https://example.com/x', categoryIds: [category.id] });
    expect(created.status, created.text).toBe(201);
    const within = async (read: () => Promise<string>, shown: boolean) => {
      const started = performance.now();
      await expect.poll(async () => (await read()).includes(title) === shown, { timeout: 5_000, interval: 20 }).toBe(true);
      return performance.now() - started;
    };
    expect(await within(list, true)).toBeLessThan(1_000);
    expect(await within(page, true)).toBeLessThan(1_000);
    expect((await editor.delete(`/api/news/${created.body.id}`)).status).toBe(200);
    expect(await within(list, false)).toBeLessThan(1_000);
    expect(await within(page, false)).toBeLessThan(1_000);
  });

  it('failed logins alternated between the processes meet one limit', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const res = await new Agent(i % 2 ? b.url : a.url).post('/api/auth/login', { email, password: 'wrong-password' });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const url of [a.url, b.url, site]) expect((await new Agent(url).post('/api/auth/login', { email, password: 'wrong-password' })).status).toBe(429);
  });

  it('an image uploaded through A is served by B', async () => {
    const onA = await signIn(a.url);
    const upload = await onA.post('/api/objects/upload', {});
    const image = paddedPng(2_000);
    const cookie = [...onA.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const put = await fetch(upload.body.uploadURL, { method: 'PUT', headers: { cookie, origin: a.url, 'content-type': 'image/png' }, body: image as BodyInit });
    expect(put.status).toBe(200);
    const fin = await onA.put('/api/articles/images', { imageURL: upload.body.uploadURL });
    expect(fin.status, fin.text).toBe(200);
    const served = await fetch(b.url + fin.body.objectPath);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  it('A killed with SIGKILL loses no acknowledged write, and the site keeps answering through B', async () => {
    const member = await signIn(site);
    const [article] = (await member.get('/api/news?limit=1')).body as Array<{ id: string }>;
    const acknowledged: string[] = [];
    let failed = 0;
    const write = async (i: number) => {
      const content = `Through the balancer ${i} ${Date.now()}`;
      const res = await member.post(`/api/news/${article.id}/comments`, { content }).catch(() => undefined);
      if (res?.status === 201) acknowledged.push(res.body.id);
      else failed++;
    };
    for (let i = 0; i < 10; i++) await write(i);
    servers[0].kill();
    await servers[0].exited;
    for (let i = 10; i < 40; i++) await write(i);
    // Only requests in flight on the killed process may fail (none were: the writes above are sequential).
    expect(failed).toBeLessThanOrEqual(1);
    expect(acknowledged.length).toBeGreaterThanOrEqual(39);
    const db = connect(a.database);
    try {
      const stored = (await db('news_comments').whereIn('id', acknowledged).pluck('id')) as string[];
      expect(stored.sort()).toEqual([...acknowledged].sort());
    } finally {
      await db.destroy();
    }
    for (let i = 0; i < 5; i++) expect((await fetch(`${site}/api/news?limit=1`)).status).toBe(200);
  });
});
