import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { DB_KINDS } from './harness';
import { ADMIN, deploy, sibling, startServer, type Deployment, type RunningServer } from './child-server';
import { connect } from '../db/connect';
import { ARTICLES } from '../db/seed/articles';

/*
 * Issue 19: processes that share one database behave as one site. Two real server processes (each
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
    for (const d of [a, b]) d.env.SEED = 'sample';
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
