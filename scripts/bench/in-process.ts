/**
 * What the in-process benches (home.ts, cpd.ts) share: a migrated scratch database per engine that
 * the bench fills itself, the app on it over loopback HTTP with no response cache, a member's session
 * made straight in the sessions table (no sign-in, no rate limit on the way), and the statistics.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { connect, migrateLatest } from '../../server/db/connect';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '../../server/middleware/session';
import { createDatabase, type DbKind } from './setup';

const SECRET = 'bench-secret-bench-secret-bench-secret!';

/** SQLite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server. */
export const benchKinds: DbKind[] = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? ['sqlite', 'pg'] : ['sqlite'];

/** A migrated, empty database of `kind` for `work`, dropped (and its folder removed) afterwards. */
export async function withScratchDatabase<T>(kind: DbKind, label: string, work: (db: Knex, dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `lc-bench-${label}-`));
  const database = await createDatabase(kind, dir);
  const db = connect(loadConfig({ DATABASE_URL: database.url }).database);
  try {
    await migrateLatest(db);
    return await work(db, dir);
  } finally {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The app on `db`, listening on a loopback port while `work` runs; `work` gets its origin. */
export async function serveInProcess<T>(db: Knex, dir: string, work: (origin: string) => Promise<T>): Promise<T> {
  const app = createApp({
    db,
    storageDir: path.join(dir, 'uploads'),
    config: { sessionSecret: SECRET, siteName: 'Ledger Commons', env: 'test' },
    logger: { error: console.error, info: () => {} },
    responseCache: { maxEntries: 0 },
  });
  const listener = http.createServer(app.callback());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  try {
    return await work(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`);
  } finally {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  }
}

/** A signed session cookie for `userId`, as koa-session would set it. */
export async function sessionCookie(db: Knex, userId: string): Promise<string> {
  const sid = randomUUID();
  const expire = Date.now() + SESSION_MAX_AGE_MS;
  await db('sessions').insert({ sid, sess: JSON.stringify({ userId, _expire: expire, _maxAge: SESSION_MAX_AGE_MS }), user_id: userId, expire: new Date(expire).toISOString() });
  const sig = createHmac('sha1', SECRET).update(`${SESSION_COOKIE}=${sid}`).digest('base64url');
  return `${SESSION_COOKIE}=${sid}; ${SESSION_COOKIE}.sig=${sig}`;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;
