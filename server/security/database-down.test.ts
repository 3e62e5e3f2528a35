import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config';
import { connect } from '../db/connect';
import { SILENT_DATABASE_MS } from '../db/availability';
import { Agent, DB_KINDS, startGatedServer, type DbKind } from '../test/harness';
import { ADMIN, deploy, startServer } from '../test/child-server';
import { TcpProxy } from '../test/tcp-proxy';

/*
 * The database unreachable at start, or gone mid-run: the server keeps answering, with 503, a clear
 * message and Retry-After on every request that needs the database (never a 500), serves the page
 * shell, and recovers by itself when the database is back, running the migrations it could not run.
 */

const pgServer = process.env.TEST_DATABASE_URL;
const pgAdmin = () => knex({ client: 'pg', connection: pgServer!, pool: { min: 0, max: 1 } });

async function expectUnavailable(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body).toEqual({ message: 'The database is unavailable. Please try again shortly.', code: 'database_unavailable' });
}

/** The app in this process on `db`, which it prepares (migrations) through a DatabaseGate as main.ts does. */
const serve = (db: Knex) => startGatedServer(db, { shell: '<!doctype html><title>Ledger Commons</title>' });

const register = (agent: Agent) =>
  agent.post('/api/auth/register', { email: `down-${randomBytes(4).toString('hex')}@example.com`, password: 'Quiet-harbour-lamp-42', firstName: 'A', lastName: 'B' });

describe('database unavailable: SQLite', () => {
  it('starts on a file it cannot open (503), and migrates and serves once it can', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-down-sqlite-'));
    const filename = path.join(dir, 'app.sqlite3');
    mkdirSync(filename); // a directory where the database file should be: SQLITE_CANTOPEN
    const { agent, close } = await serve(connect({ client: 'sqlite', filename }));
    try {
      await expectUnavailable(await agent.get('/api/news'));
      await expectUnavailable(await agent.get('/api/health'));
      await expectUnavailable(await register(agent));
      // The page shell needs no database, even for a signed-in visitor's cookie.
      agent.cookies.set('lc.sid', 'some-session');
      const shell = await agent.get('/');
      expect(shell.status).toBe(200);
      expect(shell.text).toContain('<title>Ledger Commons</title>');
      agent.cookies.clear();

      rmSync(filename, { recursive: true });
      expect((await agent.get('/api/health')).status).toBe(200);
      expect((await agent.get('/api/news')).status).toBe(200);
      expect((await register(agent)).status).toBe(201);
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 503 to writes while another process holds the database locked, and recovers when it lets go', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-down-sqlite-'));
    const filename = path.join(dir, 'app.sqlite3');
    const { agent, close } = await serve(connect({ client: 'sqlite', filename }));
    const locker = connect({ client: 'sqlite', filename }); // one connection: the BEGIN and COMMIT share it
    try {
      expect((await agent.get('/api/health')).status).toBe(200);
      await locker.raw('BEGIN EXCLUSIVE');
      // Past busy_timeout (5 s) the write gives up with SQLITE_BUSY.
      await expectUnavailable(await register(agent));
      await locker.raw('COMMIT');
      expect((await register(agent)).status).toBe(201);
    } finally {
      await locker.destroy();
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe.runIf(pgServer)('database unavailable: PostgreSQL', () => {
  async function throwawayDatabase() {
    const admin = pgAdmin();
    const name = `lc_down_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.raw(`create database "${name}"`);
    const target = new URL(pgServer!);
    const proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(pgServer!);
    url.pathname = `/${name}`;
    return {
      name,
      admin,
      proxy,
      url: url.toString(),
      async drop() {
        await proxy.cut();
        await admin.raw(`drop database if exists "${name}" with (force)`);
        await admin.raw(`drop database if exists "${name}_away" with (force)`);
        await admin.destroy();
      },
    };
  }

  it('starts while it cannot connect, migrates when the database comes up, and recovers from a cut connection', async () => {
    const pg = await throwawayDatabase();
    await pg.proxy.open();
    await pg.proxy.cut(); // the port is known and refuses connections
    const db = connect({ client: 'pg', connectionString: pg.proxy.urlFor(pg.url) });
    const { agent, close } = await serve(db);
    try {
      await expectUnavailable(await agent.get('/api/news'));
      await expectUnavailable(await agent.get('/api/health'));
      await expectUnavailable(await register(agent));

      await pg.proxy.open();
      expect((await agent.get('/api/health')).status).toBe(200);
      expect((await agent.get('/api/news')).status).toBe(200);
      expect(await db.schema.hasTable('users')).toBe(true);
      const signedUp = await register(agent);
      expect(signedUp.status).toBe(201);

      // The database host goes away mid-run: open connections are dropped, new ones refused.
      await pg.proxy.cut();
      await expectUnavailable(await agent.get('/api/news'));
      await expectUnavailable(await agent.get('/api/auth/user'));
      await expectUnavailable(await agent.get('/api/health'));

      await pg.proxy.open();
      expect((await agent.get('/api/news')).status).toBe(200);
      expect((await agent.get('/api/auth/user')).body.id).toBe(signedUp.body.id);
    } finally {
      await close();
      await pg.drop();
    }
  }, 60_000);

  it('answers 503 within seconds while the database is silent (nothing answers, nothing fails), and recovers when it speaks again', async () => {
    const pg = await throwawayDatabase();
    await pg.proxy.open();
    const { agent, close } = await serve(connect({ client: 'pg', connectionString: pg.proxy.urlFor(pg.url) }));
    try {
      const signedUp = await register(agent);
      expect(signedUp.status).toBe(201);
      pg.proxy.silence();
      // The first request waits on a query that never returns until the gate looks; the later ones are told at once.
      for (const request of [() => agent.get('/api/auth/user'), () => register(agent), () => agent.get('/api/health')]) {
        const started = performance.now();
        await expectUnavailable(await request());
        expect(performance.now() - started).toBeLessThan(SILENT_DATABASE_MS + 4_000);
      }
      pg.proxy.speak();
      expect((await agent.get('/api/auth/user')).body.id).toBe(signedUp.body.id);
      expect((await register(agent)).status).toBe(201);
    } finally {
      await close();
      await pg.drop();
    }
  }, 60_000);

  it('answers 503 while its connections are terminated and the database is gone, and recovers when it is back', async () => {
    const pg = await throwawayDatabase();
    const { agent, close } = await serve(connect({ client: 'pg', connectionString: pg.url }));
    const terminate = () =>
      pg.admin.raw('select pg_terminate_backend(pid) from pg_stat_activity where datname = ? and pid <> pg_backend_pid()', [pg.name]);
    try {
      expect((await register(agent)).status).toBe(201);
      await terminate();
      await pg.admin.raw(`alter database "${pg.name}" rename to "${pg.name}_away"`);
      await expectUnavailable(await agent.get('/api/news'));
      await expectUnavailable(await register(agent));

      await pg.admin.raw(`alter database "${pg.name}_away" rename to "${pg.name}"`);
      expect((await agent.get('/api/news')).status).toBe(200);
      expect((await register(agent)).status).toBe(201);
    } finally {
      await close();
      await pg.drop();
    }
  }, 60_000);
});

describe.each(DB_KINDS)('the real server without its database [%s]', (kind: DbKind) => {
  it('starts, answers 503, and sets itself up (admin account included) when the database arrives', async () => {
    const d = await deploy(kind);
    let heal: () => Promise<void>;
    let proxy: TcpProxy | undefined;
    if (kind === 'sqlite') {
      const filename = (d.database as Extract<DatabaseConfig, { client: 'sqlite' }>).filename;
      mkdirSync(filename);
      heal = async () => rmSync(filename, { recursive: true });
    } else {
      const target = new URL(pgServer!);
      proxy = new TcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      await proxy.open();
      await proxy.cut();
      d.env.DATABASE_URL = proxy.urlFor(d.env.DATABASE_URL!);
      heal = () => proxy!.open();
    }
    const server = await startServer(d, { until: 'answering' });
    try {
      const agent = new Agent(d.url);
      await expectUnavailable(await agent.get('/api/health'));
      await expectUnavailable(await agent.post('/api/auth/login', ADMIN));
      await heal();
      expect((await agent.get('/api/health')).status).toBe(200);
      expect((await agent.post('/api/auth/login', ADMIN)).status).toBe(200);
    } finally {
      await server.stop();
      await proxy?.cut();
      await d.cleanup();
    }
  }, 90_000);
});
