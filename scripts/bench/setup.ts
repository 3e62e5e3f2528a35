/**
 * What run.ts (the benchmark) and soak.ts share: a throwaway database per engine, the bench user's
 * session, and the app's endpoints to drive.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import knex from 'knex';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { dialectOf } from '../../server/db/dialect';
import { BENCH_USER, generate, type BenchSize, type BenchTargets } from './generate';
import type { Target } from './harness';

export type DbKind = 'sqlite' | 'pg';

export function appTargets(url: string, { articleId, discussionId, likeArticleIds }: BenchTargets, cookie: string): Target[] {
  const signedIn = { cookie, origin: url };
  return [
    { name: 'news list (anonymous)', path: '/api/news?limit=50' },
    { name: 'news list (signed in)', path: '/api/news?limit=50', headers: { cookie } },
    // The same two with every request missing the response cache: what a first read costs.
    { name: 'news list (anonymous, uncached)', path: '/api/news?limit=50', vary: missCache },
    { name: 'news list (signed in, uncached)', path: '/api/news?limit=50', headers: { cookie }, vary: missCache },
    { name: 'news article', path: `/api/news/${articleId}` },
    { name: 'podcast list', path: '/api/podcasts?limit=50' },
    { name: 'discussion list', path: '/api/forum/discussions?limit=50' },
    { name: 'discussion, 50 replies', path: `/api/forum/discussions/${discussionId}` },
    { name: 'top contributors', path: '/api/community/contributors?limit=10' },
    // A user's like is recorded once; repeating it is the idempotent path.
    { name: 'like article', method: 'POST', path: `/api/news/${articleId}/like`, headers: signedIn },
    // Every request a real change: like each of the newest live articles in turn, then unlike them.
    {
      name: 'like/unlike, each a change',
      method: 'POST',
      path: `/api/news/${likeArticleIds[0]}/like`,
      headers: signedIn,
      vary: (n) => {
        const k = n % (2 * likeArticleIds.length);
        const liking = k < likeArticleIds.length;
        return { method: liking ? 'POST' : 'DELETE', path: `/api/news/${likeArticleIds[k % likeArticleIds.length]}/like` };
      },
    },
    {
      name: 'comment on article',
      method: 'POST',
      path: `/api/news/${articleId}/comments`,
      headers: { ...signedIn, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Benchmark comment' }),
    },
  ];
}

/** `&miss=<n>`: the app ignores the parameter, but the response cache is keyed by the URL. */
const missCache = (n: number) => ({ path: `/api/news?limit=50&miss=${n}` });

/**
 * The session cookies of the bench user. With NODE_ENV=production the cookie is Secure and the app
 * trusts X-Forwarded-Proto from loopback (TRUST_PROXY), so the login request plays the TLS-terminating
 * proxy. A failed login is reported, and the signed-in rows then show as failures (401) instead of
 * stopping the run.
 */
export async function signIn(url: string): Promise<string> {
  const https = url.replace(/^http:/, 'https:');
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: https, 'x-forwarded-proto': 'https' },
    body: JSON.stringify(BENCH_USER),
  });
  if (!res.ok) console.warn(`login as ${BENCH_USER.email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export interface BenchDatabase {
  /** DATABASE_URL for the child processes. */
  url: string;
  drop(): Promise<void>;
}

/** SQLite: a file in `dir`. PostgreSQL: a uniquely named database on the server, dropped afterwards. */
export async function createDatabase(kind: DbKind, dir: string): Promise<BenchDatabase> {
  if (kind === 'sqlite') {
    return { url: `file:${path.join(dir, 'bench.sqlite3')}`, drop: async () => {} };
  }
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `lc_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}

/**
 * A fresh database of `kind` (SQLite: in `dir`), migrated and filled by generate(), and the
 * environment the app's child process gets (the generator connects with the same configuration).
 */
export async function prepareDatabase(kind: DbKind, dir: string, size: BenchSize) {
  const database = await createDatabase(kind, dir);
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dir,
    SEED: 'none',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // The bench client plays the TLS-terminating proxy on loopback (signIn below).
    TRUST_PROXY: '127.0.0.1,::1',
    // One signed-in member writes at full speed: throughput is measured here, not the per-member
    // write limits (docs/security.md §12), which would answer 429 after ten comments.
    WRITE_RATE_COMMENTS_PER_MINUTE: '100000000',
    WRITE_RATE_COMMENTS_PER_HOUR: '100000000',
    WRITE_RATE_LIKES_PER_MINUTE: '100000000',
    WRITE_RATE_LIKES_PER_HOUR: '100000000',
  };
  try {
    const db = connect(loadConfig(env).database);
    await db.migrate.latest();
    const started = Date.now();
    const targets = await generate(db, size);
    const generateSeconds = (Date.now() - started) / 1000;
    // Planner statistics (and on pg a vacuumed visibility map), as a database in service would have,
    // so that autovacuum does not start working on the new rows during the measurements.
    await db.raw(dialectOf(db) === 'pg' ? 'vacuum analyze' : 'analyze');
    await db.destroy();
    return { env, targets, generateSeconds, drop: database.drop };
  } catch (err) {
    await database.drop();
    throw err;
  }
}
