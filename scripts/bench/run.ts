/**
 * `npm run bench [-- --db sqlite|pg|both] [--size 10k|100k] [--duration 10] [--workers 2]`
 *
 * Per database: a fresh database, migrated and filled by generate(); the real app (server/main.ts)
 * in a child process measured endpoint by endpoint; then the ceiling (bare Koa) and the reference
 * (plain Koa + Knex news list) on the same database. Prints a table and writes bench-results/*.json.
 * See docs/performance.md for what the numbers mean.
 *
 * `--workers n` then measures the uncached news lists with WORKERS=1 and WORKERS=n side
 * by side on the same database, with the reference, in `--rounds` rounds (default 3) whose order
 * alternates, so that other work on the machine rising or easing during the run does not favour
 * one of them; it prints each round's ratios and their medians.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SIZES, type BenchSize } from './generate';
import { CONNECTIONS, ROOT, measure, withServer, type Measurement } from './harness';
import { appTargets, prepareDatabase, signIn, type DbKind } from './setup';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    size: { type: 'string', default: '10k' },
    duration: { type: 'string', default: '10' },
    workers: { type: 'string' },
    rounds: { type: 'string', default: '3' },
  },
});
const workers = values.workers === undefined ? undefined : Number(values.workers);
const rounds = Number(values.rounds);
const kinds: DbKind[] = values.db === 'both' ? ['sqlite', 'pg'] : [values.db as DbKind];
const size = values.size as BenchSize;
const seconds = Number(values.duration);
if (!kinds.every((k) => k === 'sqlite' || k === 'pg') || !(size in SIZES) || !(seconds > 0) || (workers !== undefined && !(workers >= 2)) || !(rounds >= 1)) {
  console.error('usage: npm run bench -- [--db sqlite|pg|both] [--size 10k|100k] [--duration seconds] [--workers n≥2 [--rounds n]]');
  process.exit(2);
}

let failed = false;
for (const kind of kinds) failed = (await benchDatabase(kind)) || failed;
process.exit(failed ? 1 : 0);

/** Returns true when some endpoint answered non-2xx or failed to connect. */
async function benchDatabase(kind: DbKind): Promise<boolean> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-'));
  // Other work on the machine lowers every number; the ratios less so. Recorded with the results.
  const loadAverage = os.loadavg()[0];
  const { env, targets, generateSeconds, drop } = await prepareDatabase(kind, dir, size).catch((err) => {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  });
  try {
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

    // WORKERS=1 against WORKERS=n on the reads the workers are for: uncached, so each request does the
    // work; the reference measured in each round too. Rounds alternate the order (1, n, then n, 1).
    const scaled: Measurement[] = [];
    const ratios = new Map<string, { workers: number[]; reference: number[]; ceiling: number[] }>();
    const uncachedWith = (n: number, round: number) =>
      withServer('server/main.ts', { ...env, WORKERS: String(n) }, async (server) => {
        const uncached = appTargets(server.url, targets, await signIn(server.url)).filter((t) => t.name.endsWith('uncached)'));
        const out: Measurement[] = [];
        for (const target of uncached) out.push({ ...(await measure(server, target, seconds)), name: `${target.name}, WORKERS=${n}, round ${round}` });
        return out;
      });
    for (let round = 1; workers && round <= rounds; round++) {
      const measured = new Map<number, Measurement[]>();
      for (const n of round % 2 ? [1, workers] : [workers, 1]) measured.set(n, await uncachedWith(n, round));
      const ref = await withServer('scripts/bench/reference.ts', env, (server) =>
        measure(server, { name: `reference: plain news list, round ${round}`, path: '/api/news?limit=50' }, seconds),
      );
      const [one, many] = [measured.get(1)!, measured.get(workers)!];
      scaled.push(...one, ...many, ref);
      for (const [i, m] of one.entries()) {
        const name = m.name.replace(/, WORKERS=.*/, '');
        const entry = ratios.get(name) ?? { workers: [], reference: [], ceiling: [] };
        entry.workers.push(many[i].requestsPerSec / m.requestsPerSec);
        entry.reference.push(m.requestsPerSec / ref.requestsPerSec);
        entry.ceiling.push(workersCeiling(m, workers));
        ratios.set(name, entry);
      }
    }

    const rows = [...app, ...scaled, ceiling, reference].map((m) => ({
      ...m,
      ceilingRatio: m.requestsPerSec / ceiling.requestsPerSec,
      referenceRatio: m.requestsPerSec / reference.requestsPerSec,
    }));
    console.info(`\n${kind}, ${size}, ${seconds} s per endpoint, ${CONNECTIONS} connections, load average ${loadAverage.toFixed(2)} at start\n\n${table(rows)}\n`);
    for (const r of rows.filter((r) => r.failures)) console.warn(`FAILED ${r.name}: ${r.failureSample}`);
    const scaling = [...ratios].map(([name, r]) => ({
      name,
      workersRatios: r.workers,
      workersMedian: median(r.workers),
      referenceRatios: r.reference,
      referenceMedian: median(r.reference),
      ceilingMedian: median(r.ceiling),
    }));
    for (const s of scaling) {
      const each = (v: number[]) => v.map((x) => x.toFixed(2)).join(', ');
      console.info(`${s.name}: WORKERS=${workers} is ${s.workersMedian.toFixed(2)}× WORKERS=1 (rounds: ${each(s.workersRatios)}; at most ${s.ceilingMedian.toFixed(2)}× on these cores); WORKERS=1 is ${s.referenceMedian.toFixed(2)}× the reference (rounds: ${each(s.referenceRatios)})`);
    }

    mkdirSync(path.join(ROOT, 'bench-results'), { recursive: true });
    const file = path.join(ROOT, 'bench-results', `${new Date().toISOString().replace(/[:.]/g, '-')}-${kind}-${size}.json`);
    const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage };
    const report = { date: new Date().toISOString(), db: kind, size, counts: SIZES[size], seconds, connections: CONNECTIONS, generateSeconds, machine, results: rows, scaling };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.info(`wrote ${path.relative(ROOT, file)}\n`);
    return rows.some((r) => r.failures > 0);
  } finally {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The most `workers` processes can gain over one on this machine, from how WORKERS=1 shared the cores
 * per request: the worker's CPU n, the database server's d and the load generator's g. One worker
 * is bound by its one core (1/n requests per ms) or by all cores (cores/(n+d+g)); n workers by n/n
 * or the same cores/(n+d+g). Shown beside the measured ratio (docs/performance.md, "Several processes").
 */
function workersCeiling(one: Measurement, workers: number): number {
  const n = one.cpuMsPerRequest;
  if (!n) return NaN;
  const shared = os.availableParallelism() / (n + (one.dbCpuMsPerRequest ?? 0) + one.clientCpuMsPerRequest);
  return Math.min(workers / n, shared) / Math.min(1 / n, shared);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function table(rows: Array<Measurement & { ceilingRatio: number; referenceRatio: number }>): string {
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | non-2xx | × ceiling | × reference | CPU ms/req | db CPU | client CPU |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
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
      r.dbCpuMsPerRequest?.toFixed(2) ?? '–',
      r.clientCpuMsPerRequest.toFixed(2),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}
