/**
 * The admin dashboard's queries, each timed alone and uncached (straight through its repo function,
 * no response cache) on the bench's data set, on SQLite and PostgreSQL, for 7, 30 and 90 days.
 * The generator has no plays per day: every episode gets one row per day for 180 days here.
 *
 *   npx tsx scripts/bench/dashboard.ts [10k|100k]      (PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { loadConfig } from '../../server/config';
import { connect } from '../../server/db/connect';
import * as repo from '../../server/api/admin-dashboard/repo';
import { resetDashboardCounters } from '../../server/api/admin-dashboard/counters';
import type { BenchSize } from './generate';
import { prepareDatabase, type DbKind } from './setup';

const RUNS = 7;
const PLAY_DAYS = 180;

const QUERIES: Array<[string, (db: Knex, p: repo.Period) => Promise<unknown>]> = [
  ['members (per day + before)', repo.memberDays],
  ['articles published', (db, p) => repo.publishedDays(db, 'news_articles', p)],
  ['episodes published', (db, p) => repo.publishedDays(db, 'podcast_episodes', p)],
  ['comments (articles + episodes)', repo.commentDays],
  ['forum replies', repo.replyDays],
  ['plays', repo.playDays],
  ['likes', repo.likeDays],
  ['top articles', (db, p) => repo.topArticles(db, p, 5)],
  ['top episodes', (db, p) => repo.topEpisodes(db, p, 5)],
  // The day's first ask of a period also counts its set from the source rows (counters.ts buildTopSet).
  ['top articles, first ask of the day', (db, p) => dropSets(db).then(() => repo.topArticles(db, p, 5))],
  ['top episodes, first ask of the day', (db, p) => dropSets(db).then(() => repo.topEpisodes(db, p, 5))],
  ['drafts waiting', (db) => repo.drafts(db, 5)],
  ['scheduled', (db) => repo.scheduled(db, 10)],
  ['recent sign-ups', (db) => repo.recentSignups(db, 5)],
];

async function dropSets(db: Knex): Promise<void> {
  for (const table of ['dashboard_top_articles', 'dashboard_top_episodes', 'dashboard_top_sets']) await db(table).delete();
}

async function addPlayDays(db: Knex): Promise<number> {
  const episodes = (await db('podcast_episodes').select('id')).map((r) => String(r.id));
  const today = Math.floor(Date.now() / repo.DAY_MS) * repo.DAY_MS;
  const rows = episodes.flatMap((id, i) =>
    Array.from({ length: PLAY_DAYS }, (_, d) => ({ episode_id: id, day: new Date(today - d * repo.DAY_MS).toISOString().slice(0, 10), plays: 1 + ((i * 7 + d) % 40) })),
  );
  for (let i = 0; i < rows.length; i += 500) await db('podcast_play_days').insert(rows.slice(i, i + 500));
  return rows.length;
}

/** Median milliseconds of RUNS runs, after one warm-up run. */
async function time(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const took: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    took.push(performance.now() - start);
  }
  took.sort((a, b) => a - b);
  return took[Math.floor(RUNS / 2)];
}

async function bench(kind: DbKind, size: BenchSize): Promise<Map<string, number[]>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-dashboard-'));
  const prepared = await prepareDatabase(kind, dir, size);
  console.error(`${kind}: generated ${size} in ${prepared.generateSeconds.toFixed(0)} s`);
  const db = connect(loadConfig(prepared.env).database);
  try {
    const playRows = await addPlayDays(db);
    // The generator writes likes straight into their table: count them per day as the migration does.
    await db.transaction((trx) => resetDashboardCounters(trx));
    await db.raw('analyze');
    console.error(`${kind}: ${playRows} play-day rows`);
    const out = new Map<string, number[]>();
    for (const [name, query] of QUERIES) {
      const row: number[] = [];
      for (const days of [7, 30, 90]) row.push(await time(() => query(db, repo.periodOf(days, Date.now()))));
      out.set(name, row);
    }
    return out;
  } finally {
    await db.destroy();
    await prepared.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const size = (process.argv[2] as BenchSize | undefined) ?? '100k';
const results = { sqlite: await bench('sqlite', size), pg: await bench('pg', size) };
const ms = (n: number) => n.toFixed(1);
console.log(`| Query (${size}, median of ${RUNS}, ms) | SQLite 7 d | 30 d | 90 d | PostgreSQL 7 d | 30 d | 90 d |`);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name] of QUERIES) {
  console.log(`| ${name} | ${results.sqlite.get(name)!.map(ms).join(' | ')} | ${results.pg.get(name)!.map(ms).join(' | ')} |`);
}
