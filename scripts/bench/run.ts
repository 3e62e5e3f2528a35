/**
 * `npm run bench [-- --db sqlite|pg|both] [--size 10k|100k] [--duration 10]`
 *
 * Per database: a fresh database, migrated and filled by generate(); the real app (server/main.ts)
 * in a child process measured endpoint by endpoint; then the ceiling (bare Koa) and the reference
 * (plain Koa + Knex news list) on the same database. Prints a table and writes bench-results/*.json.
 * See docs/performance.md for what the numbers mean.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import knex from 'knex';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import { dialectOf } from '../../server/db/dialect';
import { BENCH_USER, SIZES, generate, type BenchSize, type BenchTargets } from './generate';
import { CONNECTIONS, ROOT, measure, withServer, type Measurement, type Target } from './harness';

type DbKind = 'sqlite' | 'pg';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    size: { type: 'string', default: '10k' },
    duration: { type: 'string', default: '10' },
  },
});
const kinds: DbKind[] = values.db === 'both' ? ['sqlite', 'pg'] : [values.db as DbKind];
const size = values.size as BenchSize;
const seconds = Number(values.duration);
if (!kinds.every((k) => k === 'sqlite' || k === 'pg') || !(size in SIZES) || !(seconds > 0)) {
  console.error('usage: npm run bench -- [--db sqlite|pg|both] [--size 10k|100k] [--duration seconds]');
  process.exit(2);
}

let failed = false;
for (const kind of kinds) failed = (await benchDatabase(kind)) || failed;
process.exit(failed ? 1 : 0);

/** Returns true when some endpoint answered non-2xx or failed to connect. */
async function benchDatabase(kind: DbKind): Promise<boolean> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-'));
  const database = await createDatabase(kind, dir).catch((err) => {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  // What the app's child process gets; the generator connects with the same configuration.
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dir,
    SEED: 'none',
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('hex'),
  };
  // Other work on the machine lowers every number; the ratios less so. Recorded with the results.
  const loadAverage = os.loadavg()[0];
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
    console.info(`[${kind}] generated ${size} in ${generateSeconds.toFixed(1)} s; measuring ${seconds} s per endpoint…`);

    const app = await withServer('server/main.ts', env, async (server) => {
      const results: Measurement[] = [];
      for (const target of appTargets(server.url, targets, await signIn(server.url))) {
        results.push(await measure(server, target, seconds));
      }
      return results;
    });
    const ceiling = await withServer('scripts/bench/ceiling.ts', env, (server) =>
      measure(server, { name: 'ceiling: bare Koa route', path: '/api/ceiling' }, seconds),
    );
    const reference = await withServer('scripts/bench/reference.ts', env, (server) =>
      measure(server, { name: 'reference: plain news list', path: '/api/news?limit=50' }, seconds),
    );

    const rows = [...app, ceiling, reference].map((m) => ({
      ...m,
      ceilingRatio: m.requestsPerSec / ceiling.requestsPerSec,
      referenceRatio: m.requestsPerSec / reference.requestsPerSec,
    }));
    console.info(`\n${kind}, ${size}, ${seconds} s per endpoint, ${CONNECTIONS} connections, load average ${loadAverage.toFixed(2)} at start\n\n${table(rows)}\n`);
    for (const r of rows.filter((r) => r.failures)) console.warn(`FAILED ${r.name}: ${r.failureSample}`);

    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    const file = path.join(ROOT, 'bench-results', `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}-${size}.json`);
    const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage };
    const report = { date: new Date().toISOString(), db: kind, size, counts: SIZES[size], seconds, connections: CONNECTIONS, generateSeconds, machine, results: rows };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.info(`wrote ${path.relative(ROOT, file)}\n`);
    return rows.some((r) => r.failures > 0);
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function appTargets(url: string, { articleId, discussionId }: BenchTargets, cookie: string): Target[] {
  const signedIn = { cookie, origin: url };
  return [
    { name: 'news list (anonymous)', path: '/api/news?limit=50' },
    { name: 'news list (signed in)', path: '/api/news?limit=50', headers: { cookie } },
    { name: 'news article', path: `/api/news/${articleId}` },
    { name: 'podcast list', path: '/api/podcasts?limit=50' },
    { name: 'discussion list', path: '/api/forum/discussions?limit=50' },
    { name: 'discussion, 50 replies', path: `/api/forum/discussions/${discussionId}` },
    { name: 'top contributors', path: '/api/community/contributors?limit=10' },
    // A user's like is recorded once; repeating it is the idempotent path.
    { name: 'like article', method: 'POST', path: `/api/news/${articleId}/like`, headers: signedIn },
    {
      name: 'comment on article',
      method: 'POST',
      path: `/api/news/${articleId}/comments`,
      headers: { ...signedIn, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Benchmark comment' }),
    },
  ];
}

/**
 * The session cookies of the bench user. With NODE_ENV=production the cookie is Secure and the app
 * trusts X-Forwarded-Proto, so the login request plays the TLS-terminating proxy. A failed login is
 * reported, and the signed-in rows then show as failures (401) instead of stopping the run.
 */
async function signIn(url: string): Promise<string> {
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

interface BenchDatabase {
  /** DATABASE_URL for the child processes. */
  url: string;
  drop(): Promise<void>;
}

/** SQLite: a file in `dir`. PostgreSQL: a uniquely named database on the server, dropped afterwards. */
async function createDatabase(kind: DbKind, dir: string): Promise<BenchDatabase> {
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

function table(rows: Array<Measurement & { ceilingRatio: number; referenceRatio: number }>): string {
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | non-2xx | × ceiling | × reference | CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const cells = [
      `${r.method} ${r.name}${r.failures ? ' **FAILED**' : ''}`,
      r.requestsPerSec.toFixed(0),
      r.p50Ms.toFixed(1),
      r.p99Ms.toFixed(1),
      String(r.failures),
      r.ceilingRatio.toFixed(3),
      r.referenceRatio.toFixed(2),
      r.cpuMsPerRequest?.toFixed(2) ?? '–',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
