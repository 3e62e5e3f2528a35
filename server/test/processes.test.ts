import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { DB_KINDS } from './harness';
import { ADMIN, deploy, sibling, startServer, type Deployment, type RunningServer } from './child-server';
import { connect } from '../db/connect';
import { ARTICLES } from '../db/seed/articles';

/*
 * Processes that share one database behave as one site. Two real server processes (each
 * its own data directory and port, as two machines would have) are started at the same moment on
 * an empty database with the sample data on.
 */
describe.each(DB_KINDS)('two processes on one database [%s]', (kind) => {
  let a: Deployment;
  let b: Deployment;
  let servers: RunningServer[] = [];
  let db: Knex;

  beforeAll(async () => {
    a = await deploy(kind);
    b = await sibling(a);
    // Machines of one site share the session secret (docs/deploy.md); each its own data directory.
    const secret = 'two-processes-one-site-'.repeat(2);
    for (const d of [a, b]) Object.assign(d.env, { SEED: 'sample', SESSION_SECRET: secret });
    // Started together: both reach an empty database at once.
    servers = await Promise.all([startServer(a), startServer(b)]);
    db = connect(a.database);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.destroy();
    await b?.cleanup();
    await a?.cleanup();
  });

  it('both start; the database is migrated and seeded once, the admin made once', async () => {
    for (const d of [a, b]) expect((await fetch(`${d.url}/api/health`)).status).toBe(200);
    expect(Number((await db('news_articles').count({ n: '*' }).first())!.n)).toBe(ARTICLES.length);
    expect(Number((await db('users').where({ email: ADMIN.email }).count({ n: '*' }).first())!.n)).toBe(1);
    const migrations = (await db('knex_migrations').pluck('name')) as string[];
    expect(new Set(migrations).size).toBe(migrations.length);
    expect(await db('knex_migrations_lock').first()).toMatchObject({ is_locked: 0 });
  });

  it('a session made on one process is valid on the other', async () => {
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const onB = await fetch(`${b.url}/api/auth/user`, { headers: { cookie } });
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ email: ADMIN.email });
  });
});

/** The worker processes a supervisor (WORKERS=n) has forked, by pid. */
function workersOf(supervisorPid: number): number[] {
  const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(supervisorPid)], { encoding: 'utf8' });
  return out.split('\n').map((line) => Number(line.trim())).filter((pid) => pid > 0);
}

/** The node process running server/main.ts under tsx (tsx starts it as its own child). */
function supervisorOf(tsxPid: number): number {
  const [pid] = workersOf(tsxPid);
  return pid;
}

describe('WORKERS=2: two processes on one port (SQLite)', () => {
  let d: Deployment;
  let server: RunningServer;
  beforeAll(async () => {
    d = await deploy('sqlite');
    // LOG_LEVEL=info: the supervisor says when each worker serves.
    Object.assign(d.env, { WORKERS: '2', SEED: 'sample', LOG_LEVEL: 'info' });
    server = await startServer(d);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await d?.cleanup();
  });

  it('serves from two workers; a worker killed is replaced while the other keeps answering; one lease holder', { timeout: 240_000 }, async () => {
    const supervisor = supervisorOf(server.child.pid!);
    // Both workers take connections (a worker still starting, e.g. waiting for the start-up lock
    // while the other seeds, does not yet: killing the only one serving would leave nobody).
    const serving = () => [...server.output().matchAll(/Worker (\d+) is serving/g)].map((match) => Number(match[1]));
    await expect.poll(() => new Set(serving()).size, { timeout: 90_000 }).toBe(2);
    const [first] = workersOf(supervisor);
    expect(serving()).toContain(first);
    process.kill(first, 'SIGKILL');
    // Until the supervisor has seen the worker exit, a connection it hands out may still go to the
    // dead worker and be lost, like a request in flight on it (a client retries those): the claim
    // is about the requests after that.
    await expect.poll(() => workersOf(supervisor).includes(first), { timeout: 30_000 }).toBe(false);
    // The other worker answers meanwhile (a request in flight on the killed one may fail; none is).
    // A fresh connection each time (no keep-alive to the dead worker), bounded so nothing hangs.
    const read = () => fetch(`${d.url}/api/news?limit=1`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(15_000) });
    // The supervisor may still hand out a connection or two to the dead worker just after its exit
    // (they fail, as in-flight requests do); then every read is answered by the live one.
    const answered: boolean[] = [];
    for (let i = 0; i < 12; i++) answered.push(await read().then((res) => res.status === 200, () => false));
    expect(answered.filter((ok) => !ok).length, String(answered)).toBeLessThanOrEqual(2);
    expect(answered.slice(-6)).toEqual(Array(6).fill(true));
    await expect.poll(() => workersOf(supervisor).filter((pid) => pid !== first).length, { timeout: 90_000 }).toBe(2);
    // …and its replacement serves too.
    await expect.poll(() => new Set(serving()).size, { timeout: 90_000 }).toBe(3);
    const db = connect(d.database);
    try {
      // The periodic jobs are held by one process (whichever got the lease first).
      const leases = await db('leases').where({ name: 'maintenance' });
      expect(leases).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});
