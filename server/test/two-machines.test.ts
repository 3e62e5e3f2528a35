import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, freePort, repoRoot, serverEnv, startServer, type RunningServer } from './child-server';
import { Agent } from './harness';
import { HAPROXY, haproxyConfig, serverStates, startHaproxy, statsListener } from './haproxy';
import { IP, Machines, canMakeNamespaces, frontRange, removeOrphans } from './netns';
import { postgresBin, startCluster, type Cluster } from './postgres-cluster';
import { until } from './wait';

/*
 * Two machines for real: network namespaces as hosts, each with its own network stack, joined by
 * veth cables. Host "db" runs a PostgreSQL cluster of its own and s3rver on a private network with a
 * switch (a bridge); hosts "a" and "b" run the app; HAProxy, in the root namespace, reaches each
 * app host over a cable of its own. The layout of docs/deploy.md, "Two machines":
 *
 *   client ─ HAProxy ─┬─ 10.213.F.1 ══ 10.213.F.2 [a] 10.213.0.2 ─┐
 *   (root namespace)  └─ 10.213.F.5 ══ 10.213.F.6 [b] 10.213.0.3 ─┴─ switch ─ 10.213.0.1 [db]
 *
 * F is a free /29 of the root namespace; 10.213.0.0/24 exists only inside the namespaces.
 */

const capable = canMakeNamespaces();
const inCi = process.env.CI === 'true';
if (!capable.ok && !inCi) console.warn(`\n*** two-machines.test.ts skipped: cannot make network namespaces (${capable.reason}); run as root. ***\n`);

const APP_PORT = 3000;
const INTER_MS = 500;
const FALL = 2;
/** Time a request may take before the test calls it a hang. */
const REQUEST_BOUND_MS = 8_000;

interface Answer {
  status: number;
  headers: Headers;
  body: any;
  ms: number;
}

/** One request with a time bound; a request that exceeds it (or fails) answers status 0. */
async function send(base: string, method: string, url: string, { cookie, body }: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(base + url, {
      method,
      headers: { origin: base, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_BOUND_MS),
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    return { status: res.status, headers: res.headers, body: json, ms: performance.now() - started };
  } catch {
    return { status: 0, headers: new Headers(), body: undefined, ms: performance.now() - started };
  }
}

describe.runIf(capable.ok || inCi)('two machines and a database host in network namespaces, behind HAProxy [pg]', () => {
  const machines = new Machines();
  const ns = { a: '', b: '', db: '' };
  let dir: string;
  let cluster: Cluster | undefined;
  let objectStore: ChildProcess | undefined;
  const servers: Partial<Record<'a' | 'b', RunningServer>> = {};
  let haproxy: ChildProcess | undefined;
  let site: string;
  let stats: number;
  let front: number;
  const appUrl = (host: 'a' | 'b') => `http://10.213.${front}.${host === 'a' ? 2 : 6}:${APP_PORT}`;
  const database = () => knex({ client: 'pg', connection: cluster!.socketUrl('lc'), pool: { min: 0, max: 1 } });

  beforeAll(async () => {
    if (!capable.ok) throw new Error(`CI=true but network namespaces cannot be made here: ${capable.reason}`);
    if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy (.ci/run does)`);
    if (!postgresBin()) throw new Error('PostgreSQL server binaries are missing under /usr/lib/postgresql (.ci/run installs postgresql)');
    removeOrphans();
    dir = mkdtempSync(path.join(os.tmpdir(), 'lc-two-machines-'));
    front = frontRange();
    ns.a = machines.host('a');
    ns.b = machines.host('b');
    ns.db = machines.host('db');
    const root = `lc${process.pid}`;
    machines.bridge(ns.db, 'switch', '10.213.0.1/24');
    machines.link({ ns: ns.a, dev: 'back', address: '10.213.0.2/24' }, { ns: ns.db, dev: 'a', bridge: 'switch' });
    machines.link({ ns: ns.b, dev: 'back', address: '10.213.0.3/24' }, { ns: ns.db, dev: 'b', bridge: 'switch' });
    machines.link({ ns: ns.a, dev: 'front', address: `10.213.${front}.2/30` }, { dev: `${root}a`, address: `10.213.${front}.1/30` });
    machines.link({ ns: ns.b, dev: 'front', address: `10.213.${front}.6/30` }, { dev: `${root}b`, address: `10.213.${front}.5/30` });

    const pgDir = mkdtempSync(path.join(os.tmpdir(), 'lc-two-machines-pg-'));
    cluster = startCluster({ dir: pgDir, listen: '10.213.0.1', allow: '10.213.0.0/24', prefix: machines.within(ns.db) });
    const admin = knex({ client: 'pg', connection: cluster.socketUrl('postgres'), pool: { min: 0, max: 1 } });
    await admin.raw('create database lc');
    await admin.destroy();

    objectStore = spawn(IP, [...machines.within(ns.db).slice(1), path.join(repoRoot, 'node_modules/.bin/tsx'), 'server/test/s3rver-host.ts', '10.213.0.1', '4569', path.join(dir, 's3')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      // Its own process group: tsx starts node as a child, and both are stopped together.
      detached: true,
    });
    let said = '';
    objectStore.stdout!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await until(() => said.includes('ready') || objectStore!.exitCode !== null, 60_000, 's3rver on the db host');
    if (!said.includes('ready')) throw new Error('s3rver did not start on the db host');

    const listen = await freePort();
    stats = await freePort();
    site = `http://127.0.0.1:${listen}`;
    const start = (host: 'a' | 'b') => {
      const env = serverEnv({
        port: APP_PORT,
        host: `10.213.${front}.${host === 'a' ? 2 : 6}`,
        dataDir: mkdtempSync(path.join(dir, `${host}-`)),
        databaseUrl: 'postgres://postgres@10.213.0.1:5432/lc',
      });
      Object.assign(env, {
        SEED: 'sample',
        SESSION_SECRET: 'two-machines-one-site-'.repeat(2),
        S3_ENDPOINT: 'http://10.213.0.1:4569',
        S3_BUCKET: 'uploads',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        // HAProxy reaches each host from the root end of that host's cable.
        TRUST_PROXY: `10.213.${front}.${host === 'a' ? 1 : 5}`,
        ALLOWED_HOSTS: `127.0.0.1:${listen}`,
      });
      return startServer({ url: appUrl(host), env }, { prefix: machines.within(ns[host]) });
    };
    [servers.a, servers.b] = await Promise.all([start('a'), start('b')]);
    const config = haproxyConfig(listen, [
      { name: 'a', host: `10.213.${front}.2`, port: APP_PORT },
      { name: 'b', host: `10.213.${front}.6`, port: APP_PORT },
    ]);
    haproxy = await startHaproxy(dir, config + statsListener(stats), site);
    await until(async () => Object.values(await serverStates(stats)).join() === 'UP,UP', 30_000, 'HAProxy to see both hosts up');
  }, 180_000);

  afterAll(async () => {
    const problems: string[] = [];
    const attempt = async (what: string, step: () => unknown) => {
      try {
        await step();
      } catch (err) {
        problems.push(`${what}: ${(err as Error).message}`);
      }
    };
    await attempt('haproxy', () => haproxy?.kill('SIGKILL'));
    for (const s of Object.values(servers)) await attempt('app', () => s?.kill());
    await attempt('s3rver', () => objectStore?.pid && objectStore.exitCode === null && process.kill(-objectStore.pid, 'SIGKILL'));
    await attempt('postgres', () => cluster?.stop());
    await attempt('namespaces', () => machines.destroy());
    if (cluster) rmSync(cluster.socketDir, { recursive: true, force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
    expect(Machines.present(machines.prefix)).toEqual([]);
    if (problems.length) throw new Error(problems.join('\n'));
  }, 60_000);

  const signIn = async () => {
    const agent = new Agent(site);
    const res = await agent.post('/api/auth/login', ADMIN);
    expect(res.status, res.text).toBe(200);
    return agent.cookieHeader();
  };
  const anArticle = async (cookie: string) => ((await send(site, 'GET', '/api/news?limit=1', { cookie })).body as Array<{ id: string }>)[0].id;

  it('a comment written on host A is read on host B', async () => {
    const cookie = await signIn();
    const article = await anArticle(cookie);
    const content = `Written on A ${Date.now()}`;
    const written = await send(appUrl('a'), 'POST', `/api/news/${article}/comments`, { cookie, body: { content } });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const read = await send(appUrl('b'), 'GET', `/api/news/${article}/comments`, { cookie });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).toContain(content);
  });

  it("host A's cable cut while comments stream: no acknowledged write lost, HAProxy takes A out within its checks, the session goes on on B", { timeout: 120_000 }, async () => {
    const cookie = await signIn();
    const article = await anArticle(cookie);
    const writes: Array<{ started: number; status: number; id?: string }> = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; i < 500 && !stop; i++) {
        const started = performance.now();
        const res = await send(site, 'POST', `/api/news/${article}/comments`, { cookie, body: { content: `Streamed ${i}` } });
        writes.push({ started, status: res.status, id: res.status === 201 ? res.body.id : undefined });
      }
    })();
    const acknowledged = () => writes.filter((w) => w.id);
    try {
      await until(() => acknowledged().length >= 10, 30_000, 'ten comments acknowledged before the cut');
      const cutAt = performance.now();
      for (const dev of ['front', 'back']) machines.set({ ns: ns.a, dev }, 'down');
      await until(async () => (await serverStates(stats)).a === 'DOWN', 15_000, 'HAProxy to mark A down');
      const downAfter = performance.now() - cutAt;
      // `fall` failed checks, each given `inter` to answer, one interval's wait for the first: plus a margin for a busy machine.
      expect(downAfter).toBeLessThan(INTER_MS * (FALL + 1) + 1_500);
      const downAt = performance.now();
      await until(() => writes.filter((w) => w.started > downAt && w.id).length >= 10, 60_000, 'ten comments acknowledged after A went down');
    } finally {
      stop = true;
      await writer;
    }
    const cutAt = writes.findIndex((w) => w.status !== 201);
    // Writes are sequential: only the one in flight on A when its cable was cut may go unanswered.
    expect(writes.filter((w) => w.status !== 201).length, JSON.stringify(writes.map((w) => w.status))).toBeLessThanOrEqual(1);
    expect(cutAt === -1 || writes.slice(cutAt + 1).every((w) => w.status === 201)).toBe(true);
    const db = database();
    try {
      const ids = acknowledged().map((w) => w.id!);
      const stored = (await db('news_comments').whereIn('id', ids).pluck('id')) as string[];
      expect(stored.sort()).toEqual(ids.sort());
    } finally {
      await db.destroy();
    }
    // A plugged back in: its checks pass again and HAProxy returns it to service.
    for (const dev of ['front', 'back']) machines.set({ ns: ns.a, dev }, 'up');
    await until(async () => (await serverStates(stats)).a === 'UP', 60_000, 'HAProxy to mark A up again');
  });

  it('PostgreSQL unreachable from host B for 10 s: B answers 503 with Retry-After, never a 500 or a hang, and recovers by itself', { timeout: 120_000 }, async () => {
    const cookie = await signIn();
    const article = await anArticle(cookie);
    const b = appUrl('b');
    const during: Array<Answer & { what: string }> = [];
    const cutAt = performance.now();
    // B's port on the database host's switch, unplugged: its packets are dropped, nothing answers.
    machines.set({ ns: ns.db, dev: 'b' }, 'down');
    try {
      for (let i = 0; i < 100 && performance.now() - cutAt < 10_000; i++) {
        during.push({ what: 'who am I', ...(await send(b, 'GET', '/api/auth/user', { cookie })) });
        during.push({ what: 'comment', ...(await send(b, 'POST', `/api/news/${article}/comments`, { cookie, body: { content: `During the outage ${i}` } })) });
      }
      // Meanwhile HAProxy has taken B out and the site answers through A.
      expect((await serverStates(stats)).b).toBe('DOWN');
      expect((await send(site, 'GET', '/api/auth/user', { cookie })).status).toBe(200);
    } finally {
      machines.set({ ns: ns.db, dev: 'b' }, 'up');
    }
    const summary = JSON.stringify(during.map((d) => [d.what, d.status, Math.round(d.ms)]));
    expect(during.length, summary).toBeGreaterThanOrEqual(4);
    for (const answer of during) {
      expect(answer.status, summary).toBe(503);
      expect(answer.headers.get('retry-after'), summary).toMatch(/^\d+$/);
      expect(answer.body?.code, summary).toBe('database_unavailable');
    }
    // Back by itself: no restart, nothing done to B.
    await until(async () => (await send(b, 'GET', '/api/auth/user', { cookie })).status === 200, 60_000, 'B to answer again');
    const after = await send(b, 'POST', `/api/news/${article}/comments`, { cookie, body: { content: 'After the outage' } });
    expect(after.status).toBe(201);
    await until(async () => (await serverStates(stats)).b === 'UP', 30_000, 'HAProxy to mark B up again');
  });
});
