/**
 * The CPD ledger for a member with 2,000 entries (docs/performance.md, "The CPD ledger"): the year
 * view (`GET /api/cpd`) and the exports (CSV and PDF: time to the first byte and to the last), through
 * the real app over loopback HTTP, on SQLite and PostgreSQL. The member's entries are 1,500 measured
 * items with three time records each on different days of the year and 500 activities of their own.
 *
 *   npx tsx scripts/bench/cpd.ts      (PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { v7 as uuidv7 } from 'uuid';
import { entriesInRange, findSettings, ledgerDays } from '../../server/api/cpd/repo';
import { cpdYearRange, presentSettings, presentYear } from '../../server/api/cpd/presenter';
import { insertUser } from '../../server/api/users/repo';
import { benchKinds, median, p95, serveInProcess, sessionCookie, withScratchDatabase } from './in-process';
import type { DbKind } from './setup';


/** A live session for the member, as koa-session stores and signs it: its Cookie header. */
const ENTRIES = 2_000;
const EXTERNAL = 500;
const RECORDS_PER_ENTRY = 3;
const RUNS = 21;
const YEAR = 2026;

async function fill(db: Knex, userId: string): Promise<void> {
  const entries: Array<Record<string, unknown>> = [];
  const records: Array<Record<string, unknown>> = [];
  const start = Date.UTC(YEAR, 0, 1, 8);
  for (let i = 0; i < ENTRIES; i++) {
    const id = uuidv7();
    const external = i < EXTERNAL;
    const created = new Date(start + (i % 360) * 86_400_000).toISOString();
    entries.push({
      id, user_id: userId, type: external ? 'external' : i % 3 ? 'article' : 'episode', item_id: external ? null : uuidv7(),
      title: `Entry ${i}: a title of some length about audit`, provider: external ? 'ICAEW' : 'Ledger Commons',
      topics: JSON.stringify([{ id: randomUUID(), name: `Topic ${i % 12}` }]),
      development_need: i % 2 ? 'Group audits' : null, learning: i % 2 ? 'Component materiality' : null, application: i % 2 ? 'Next engagement' : null,
      activity_date: external ? created.slice(0, 10) : null, external_minutes: external ? 60 : null,
      synced_later: i % 5 === 0, verification_code: randomBytes(16).toString('base64url'), created_at: created, updated_at: created,
    });
    if (external) continue;
    for (let r = 0; r < RECORDS_PER_ENTRY; r++) {
      // Each record its own stretch of the year: no two overlap.
      const from = start + ((i * RECORDS_PER_ENTRY + r) % 8_000) * 3_600_000 + (i % 7) * 60_000;
      records.push({
        user_id: userId, id: randomUUID(), entry_id: id, medium: i % 3 ? 'reading' : 'listening',
        started_at: new Date(from).toISOString(), ended_at: new Date(from + 600_000).toISOString(),
        active_seconds: 600, counted_seconds: 600, synced_later: false, received_at: new Date(from + 601_000).toISOString(),
      });
    }
  }
  for (let i = 0; i < entries.length; i += 200) await db('cpd_entries').insert(entries.slice(i, i + 200));
  for (let i = 0; i < records.length; i += 300) await db('cpd_time_records').insert(records.slice(i, i + 300));
}


async function timed(url: string, cookie: string): Promise<{ firstByte: number; total: number; bytes: number }> {
  const begin = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status}`);
  const reader = res.body.getReader();
  let firstByte = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - begin;
    bytes += value.byteLength;
  }
  return { firstByte, total: performance.now() - begin, bytes };
}

async function bench(kind: DbKind): Promise<string[]> {
  return withScratchDatabase(kind, 'cpd', async (db, dir) => {
    const user = await insertUser(db, { email: 'bench@example.com', passwordHash: 'unused', firstName: 'Bench', lastName: 'Member', role: 'subscriber', isActive: true, emailConfirmedAt: new Date().toISOString() });
    await fill(db, user.id);
    await db.raw('analyze');
    const cookie = await sessionCookie(db, user.id);
    return serveInProcess(db, dir, async (origin) => {
      const lines: string[] = [];
      // The year view's own work, in process: its queries, the view, and its JSON (no HTTP, no compression).
      const parts = { queries: [] as number[], view: [] as number[], json: [] as number[] };
      for (let i = 0; i <= RUNS; i++) {
        const t0 = performance.now();
        const settings = presentSettings(await findSettings(db, user.id));
        const range = cpdYearRange(YEAR, settings.yearStartMonth);
        const { entries, days } = await entriesInRange(db, user.id, range);
        const all = await ledgerDays(db, user.id);
        const t1 = performance.now();
        const view = presentYear(settings, YEAR, entries, days, all, 'https://ledger.example');
        const t2 = performance.now();
        JSON.stringify(view);
        const t3 = performance.now();
        if (i === 0) continue;
        parts.queries.push(t1 - t0);
        parts.view.push(t2 - t1);
        parts.json.push(t3 - t2);
      }
      lines.push(`| year view, in process: queries ${median(parts.queries).toFixed(1)} + view ${median(parts.view).toFixed(1)} + JSON ${median(parts.json).toFixed(1)} | ${kind} | | ${(median(parts.queries) + median(parts.view) + median(parts.json)).toFixed(1)} | | |`);
      for (const [label, pathname] of [
        ['year view (GET /api/cpd)', `/api/cpd?year=${YEAR}`],
        ['CSV export', `/api/cpd/export.csv?year=${YEAR}`],
        ['PDF export', `/api/cpd/export.pdf?year=${YEAR}`],
      ] as const) {
        const runs = pathname.includes('.pdf') ? 5 : RUNS;
        await timed(origin + pathname, cookie);
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await timed(origin + pathname, cookie));
        const first = results.map((r) => r.firstByte);
        const total = results.map((r) => r.total);
        lines.push(`| ${label} | ${kind} | ${median(first).toFixed(1)} | ${median(total).toFixed(1)} | ${p95(total).toFixed(1)} | ${(results[0].bytes / 1024).toFixed(0)} KiB |`);
      }
      return lines;
    });
  });
}

const rows: string[] = [];
for (const kind of benchKinds) rows.push(...(await bench(kind)));
console.log(`| ${ENTRIES} entries, ${(ENTRIES - EXTERNAL) * RECORDS_PER_ENTRY} time records (median of ${RUNS}; PDF of 5) | database | first byte, ms | whole answer, ms | p95, ms | size |`);
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
